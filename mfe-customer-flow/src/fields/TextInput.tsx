// text, password and textarea (spec §5: regex, mandatory).
import TextField from '@mui/material/TextField';
import { errorText, type FieldRendererProps, fieldDomId } from './types';

export function TextInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const multiline = details.type === 'textarea';
  return (
    <TextField
      id={fieldDomId(field.key)}
      name={field.key}
      label={label}
      type={details.type === 'password' ? 'password' : 'text'}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      required={details.mandatory === true}
      error={error !== undefined}
      helperText={errorText(label, error) ?? details.placeholder}
      placeholder={details.placeholder}
      multiline={multiline}
      minRows={multiline ? (details.displayConfigs?.rows ?? 3) : undefined}
      autoComplete={details.type === 'password' ? 'new-password' : 'off'}
      fullWidth
      disabled={readOnly}
    />
  );
}
