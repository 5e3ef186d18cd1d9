// text, password and textarea (spec §5: regex, mandatory), edited by the browser itself (domValue.ts).

import { useDomValue, useFirstValue } from './domValue';
import { describedBy, FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, inputText } from './types';

export function TextInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const shown = inputText(value);
  const inputRef = useDomValue<HTMLInputElement>(shown);
  const firstValue = useFirstValue(shown);
  const areaRef = useDomValue<HTMLTextAreaElement>(shown);
  const id = fieldDomId(field.key);
  const helper = errorText(label, error) ?? details.placeholder;
  const required = details.mandatory === true;
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
    ...describedBy(field.key, helper, error !== undefined),
  };
  return (
    <FieldFrame
      fieldKey={field.key}
      controlId={id}
      label={label}
      required={required}
      helper={helper}
      invalid={error !== undefined}
      disabled={readOnly}
    >
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
