// Dropdowns (spec §5): single (a value or null) as the browser's own select, which every phone shows as its
// native picker; multiple (an array) as a searchable list of chips, loaded when a step first shows one.
import { lazy, Suspense } from 'react';
import { FieldFrame, singleControl } from './FieldFrame';
import type { FieldRendererProps } from './types';

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
  const { id, required, frame, aria } = singleControl({ field, label, error, readOnly });
  const current = typeof value === 'string' ? value : '';
  return (
    <FieldFrame {...frame}>
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
          {...aria}
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
