// Radio groups (spec §5): one of the property's options, native radios in a fieldset whose legend is the label.
import { FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function RadioInput({
  field,
  label,
  value,
  error,
  readOnly,
  onChange,
  onBlur,
  options = [],
}: FieldRendererProps) {
  const details = field.field_type_details;
  const shown = errorText(label, error);
  const current = typeof value === 'string' ? value : '';
  return (
    <FieldFrame
      fieldKey={field.key}
      groupId={fieldDomId(field.key)}
      label={label}
      required={details.mandatory === true}
      helper={shown}
      invalid={shown !== undefined}
      disabled={readOnly}
    >
      <div className="of-choices">
        {options.map((option) => (
          <label key={option.value} className="of-choice">
            <input
              type="radio"
              name={field.key}
              value={option.value}
              checked={current === option.value}
              disabled={readOnly}
              required={details.mandatory === true}
              aria-describedby={shown ? helperId(field.key) : undefined}
              onChange={(e) => {
                onChange(e.target.value);
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
