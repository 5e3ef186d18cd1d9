// Checkbox groups (a checkbox with `multiple`): one box per option of the property, the value the array
// of the ticked options' values in the options' order; a fieldset whose legend is the label.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
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
    <FormControl
      component="fieldset"
      error={shown !== undefined}
      required={details.mandatory === true}
      disabled={readOnly}
      id={fieldDomId(field.key)}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={field.key}
                value={option.value}
                checked={ticked.has(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
                onBlur={onBlur}
                slotProps={{
                  input: {
                    'aria-describedby': shown ? helperId(field.key) : undefined,
                    'aria-invalid': shown !== undefined,
                  },
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {shown && <FormHelperText id={helperId(field.key)}>{shown}</FormHelperText>}
    </FormControl>
  );
}
