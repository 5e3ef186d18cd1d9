// Radio groups (spec §5): one of the property's options, a fieldset with its legend as the label.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function RadioInput({
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
  const current = typeof value === 'string' ? value : '';
  return (
    <FormControl
      component="fieldset"
      error={shown !== undefined}
      required={details.mandatory === true}
      disabled={readOnly}
      id={fieldDomId(field.key)}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup
        row
        name={field.key}
        value={current}
        onChange={(e) => {
          onChange(e.target.value);
          onBlur();
        }}
        aria-describedby={shown ? helperId(field.key) : undefined}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio onBlur={onBlur} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {shown && <FormHelperText id={helperId(field.key)}>{shown}</FormHelperText>}
    </FormControl>
  );
}
