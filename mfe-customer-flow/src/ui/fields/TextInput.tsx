// text, password and textarea (spec §5: regex, mandatory), edited by the browser itself (domValue.ts).

import { useDomValue, useFirstValue } from './domValue';
import { FieldFrame, singleControl } from './FieldFrame';
import { type FieldRendererProps, inputText } from './types';

export function TextInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const shown = inputText(value);
  const inputRef = useDomValue<HTMLInputElement>(shown);
  const firstValue = useFirstValue(shown);
  const areaRef = useDomValue<HTMLTextAreaElement>(shown);
  const { id, required, frame, aria } = singleControl({ field, label, error, readOnly }, undefined, {
    placeholderInControl: true,
  });
  const common = {
    id,
    name: field.key,
    className: 'of-input',
    defaultValue: firstValue,
    placeholder: details.placeholder,
    required,
    disabled: readOnly,
    autoComplete: details.type === 'password' ? 'new-password' : 'off',
    onBlur,
    ...aria,
  };
  return (
    <FieldFrame {...frame}>
      <div className="of-box">
        {details.type === 'textarea' ? (
          <textarea
            {...common}
            ref={areaRef}
            rows={details.displayConfigs?.rows ?? 3}
            style={{ '--of-rows': details.displayConfigs?.rows ?? 3 } as React.CSSProperties}
            onChange={(e) => onChange(e.target.value, 'shown')}
          />
        ) : (
          <input
            {...common}
            ref={inputRef}
            type={details.type === 'password' ? 'password' : 'text'}
            onChange={(e) => onChange(e.target.value, 'shown')}
          />
        )}
      </div>
    </FieldFrame>
  );
}
