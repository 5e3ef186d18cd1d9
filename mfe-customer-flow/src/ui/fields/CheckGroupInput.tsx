// Checkbox groups (a checkbox with `multiple`): one box per option of the property, the value the array
// of the ticked options' values in the options' order; native check boxes in a fieldset whose legend is
// the label.
import { FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function CheckGroupInput({
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
  const ticked = new Set(Array.isArray(value) ? value.map(String) : []);
  const toggle = (option: string, on: boolean) => {
    const next = options.map((o) => o.value).filter((v) => (v === option ? on : ticked.has(v)));
    onChange(next);
    onBlur();
  };
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
              type="checkbox"
              name={field.key}
              value={option.value}
              checked={ticked.has(option.value)}
              disabled={readOnly}
              onChange={(e) => toggle(option.value, e.target.checked)}
              onBlur={onBlur}
              aria-describedby={shown ? helperId(field.key) : undefined}
              aria-invalid={shown !== undefined || undefined}
            />
            {option.label}
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}
