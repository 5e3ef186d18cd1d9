// checkbox and toggle (spec §5: a mandatory one must be true): a native check box (a switch for a toggle)
// with its label beside it.
import { describedBy, RequiredMark } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function CheckInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const shown = errorText(label, error);
  const required = details.mandatory === true;
  const toggle = details.type === 'toggle';
  return (
    <div className="of-field" data-invalid={shown !== undefined || undefined}>
      <label className="of-choice">
        <input
          type="checkbox"
          id={fieldDomId(field.key)}
          name={field.key}
          role={toggle ? 'switch' : undefined}
          className={toggle ? 'of-switch' : undefined}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
          disabled={readOnly}
          aria-required={required || undefined}
          {...describedBy(field.key, shown, shown !== undefined)}
        />
        <span>
          {label}
          <RequiredMark required={required} />
        </span>
      </label>
      {shown && (
        <p className="of-helper" id={helperId(field.key)}>
          {shown}
        </p>
      )}
    </div>
  );
}
