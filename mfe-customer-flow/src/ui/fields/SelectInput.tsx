// Dropdowns (spec §5): single (a value or null) as the browser's own select, which every phone shows as its
// native picker; multiple (an array) as a searchable list of chips, loaded when a step first shows one.
import { lazy, Suspense } from 'react';
import { describedBy, FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId } from './types';

const MultiSelect = lazy(() => import('./MultiSelect'));

export function SelectInput(props: FieldRendererProps) {
  if (!props.field.field_type_details.multiple) return <SingleSelect {...props} />;
  return (
    <Suspense fallback={<SingleSelect {...props} readOnly />}>
      <MultiSelect {...props} />
    </Suspense>
  );
}

function SingleSelect({ field, label, value, error, readOnly, onChange, onBlur, options = [] }: FieldRendererProps) {
  const details = field.field_type_details;
  const id = fieldDomId(field.key);
  const helper = errorText(label, error) ?? details.placeholder;
  const required = details.mandatory === true;
  const current = typeof value === 'string' ? value : '';
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
        <select
          id={id}
          name={field.key}
          className="of-input"
          value={current}
          required={required}
          disabled={readOnly}
          onChange={(e) => {
            onChange(e.target.value === '' ? null : e.target.value);
            onBlur();
          }}
          onBlur={onBlur}
          {...describedBy(field.key, helper, error !== undefined)}
        >
          {/* No choice yet (or none wanted): a mandatory dropdown cannot go back to it once chosen. */}
          <option value="" disabled={required && current !== ''}>
            {required ? 'Select…' : 'None'}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}
