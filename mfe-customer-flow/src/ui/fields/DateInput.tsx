// The date field: the picker is loaded when a step first shows a date; until then a plain text field
// with the same label, value and error stands in its place (read only, so nothing typed is lost).
import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { errorText, type FieldRendererProps, fieldDomId, inputText } from './types';

const DatePickerInput = lazy(() => import('./DatePickerInput'));

function DatePlaceholder({ field, label, value, error }: FieldRendererProps) {
  return (
    <TextField
      id={fieldDomId(field.key)}
      name={field.key}
      label={label}
      value={inputText(value)}
      required={field.field_type_details.mandatory === true}
      error={error !== undefined}
      helperText={errorText(label, error) ?? field.field_type_details.placeholder}
      fullWidth
      disabled
    />
  );
}

export function DateInput(props: FieldRendererProps) {
  return (
    <Suspense fallback={<DatePlaceholder {...props} />}>
      <DatePickerInput {...props} />
    </Suspense>
  );
}
