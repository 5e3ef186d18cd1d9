// Dates (spec §5): the field's format (default DD/MM/YYYY), kept as text in that format. The bounds
// (BETWEEN_DATE, BETWEEN_AGE, BETWEEN_DAYS) come from the engine, which also judges the value.
// Loaded only when a step shows a date (DateInput): the picker and its dayjs adapter are a large chunk.
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_FORMAT } from '@originate/contract';
import { dateBounds, parseDate } from '@originate/flow-engine';
import { useState } from 'react';
import { errorText, type FieldRendererProps, fieldDomId } from './types';

export default function DatePickerInput({
  field,
  label,
  value,
  error,
  readOnly,
  onChange,
  onBlur,
}: FieldRendererProps) {
  const details = field.field_type_details;
  const format = details.date_format ?? DATE_FORMAT;
  // A half-typed or impossible date is no value yet: the picker keeps the text, the form sees null.
  const [typedInvalid, setTypedInvalid] = useState(false);
  const parsed = typeof value === 'string' || typeof value === 'number' ? (parseDate(value, format) ?? null) : null;
  const bounds = dateBounds(field, new Date());
  const shownError = errorText(label, error) ?? (typedInvalid ? `${label} is invalid` : undefined);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        format={format}
        value={parsed}
        minDate={bounds.earliest}
        maxDate={bounds.latest}
        disabled={readOnly}
        onChange={(date) => {
          if (date?.isValid()) {
            setTypedInvalid(false);
            onChange(date.format(format));
          } else {
            setTypedInvalid(date !== null);
            onChange(null);
          }
        }}
        onClose={onBlur}
        slotProps={{
          textField: {
            id: fieldDomId(field.key),
            name: field.key,
            required: details.mandatory === true,
            error: shownError !== undefined,
            helperText: shownError ?? details.placeholder,
            fullWidth: true,
            onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}
