// Radio groups and checkbox groups (spec §5): one native input per option of the property, in a fieldset
// whose legend is the label; the error (when one shows) is the group's helper line.
import { FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

interface ChoiceGroupProps extends Pick<FieldRendererProps, 'field' | 'label' | 'error' | 'readOnly' | 'onBlur'> {
  type: 'radio' | 'checkbox';
  options: NonNullable<FieldRendererProps['options']>;
  isChecked: (option: string) => boolean;
  /** An option was ticked (or, for check boxes, unticked). */
  onPick: (option: string, checked: boolean) => void;
}

export function ChoiceGroup({
  type,
  field,
  label,
  error,
  readOnly,
  onBlur,
  options,
  isChecked,
  onPick,
}: ChoiceGroupProps) {
  const shown = errorText(label, error);
  const required = field.field_type_details.mandatory === true;
  return (
    <FieldFrame
      fieldKey={field.key}
      groupId={fieldDomId(field.key)}
      label={label}
      required={required}
      helper={shown}
      invalid={shown !== undefined}
      disabled={readOnly}
    >
      <div className="of-choices">
        {options.map((option) => (
          <label key={option.value} className="of-choice">
            <input
              type={type}
              name={field.key}
              value={option.value}
              checked={isChecked(option.value)}
              disabled={readOnly}
              // One radio of a required group must be chosen; a required check box would demand every box.
              required={type === 'radio' && required}
              aria-describedby={shown ? helperId(field.key) : undefined}
              aria-invalid={shown !== undefined || undefined}
              onChange={(e) => {
                onPick(option.value, e.target.checked);
                onBlur();
              }}
              onBlur={onBlur}
            />
            {option.label}
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}
