// text, password and textarea (spec §5: regex, mandatory). Single-line inputs are edited by the browser
// (domValue.ts); a textarea stays controlled, as MUI measures its height from the value it renders.
import TextField from '@mui/material/TextField';
import { labelProps, useDomValue } from './domValue';
import { errorText, type FieldRendererProps, fieldDomId, inputText } from './types';

export function TextInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const multiline = details.type === 'textarea';
  const shown = inputText(value);
  const inputRef = useDomValue(shown);
  const common = {
    id: fieldDomId(field.key),
    name: field.key,
    label,
    onBlur,
    required: details.mandatory === true,
    error: error !== undefined,
    helperText: errorText(label, error) ?? details.placeholder,
    placeholder: details.placeholder,
    fullWidth: true,
    disabled: readOnly,
  };
  if (multiline)
    return (
      <TextField
        {...common}
        value={shown}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={details.displayConfigs?.rows ?? 3}
        autoComplete="off"
      />
    );
  return (
    <TextField
      {...common}
      type={details.type === 'password' ? 'password' : 'text'}
      defaultValue={shown}
      inputRef={inputRef}
      onChange={(e) => onChange(e.target.value, 'shown')}
      autoComplete={details.type === 'password' ? 'new-password' : 'off'}
      slotProps={{ inputLabel: labelProps(shown) }}
    />
  );
}
