// checkbox and toggle (spec §5: a mandatory one must be true).
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function CheckInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const shown = errorText(label, error);
  const input = {
    id: fieldDomId(field.key),
    name: field.key,
    'aria-describedby': shown ? helperId(field.key) : undefined,
    'aria-required': details.mandatory === true,
    'aria-invalid': shown !== undefined,
  };
  const control =
    details.type === 'toggle' ? (
      <Switch
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={onBlur}
        slotProps={{ input }}
      />
    ) : (
      <Checkbox
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={onBlur}
        slotProps={{ input }}
      />
    );
  return (
    <FormControl error={shown !== undefined} required={details.mandatory === true} disabled={readOnly}>
      <FormControlLabel control={control} label={label} required={details.mandatory === true} />
      {shown && <FormHelperText id={helperId(field.key)}>{shown}</FormHelperText>}
    </FormControl>
  );
}
