// range (two thumbs, [low, high]) and slider (one thumb), bounds and step from the engine (0..100 by
// default, step 1): the thumbs move along the same grid the engine validates.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { numericBounds, numericStep, toNumber } from '@originate/flow-engine';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function SliderInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const { min, max } = numericBounds(field);
  const range = details.type === 'range';
  const shown = errorText(label, error);
  const labelId = `${fieldDomId(field.key)}-label`;
  const current = range
    ? Array.isArray(value) && value.length === 2
      ? value.map((v) => toNumber(v))
      : [min, max]
    : Number.isFinite(toNumber(value as string | number))
      ? toNumber(value as string | number)
      : min;
  const shownValue = Array.isArray(current) ? `${current[0]} – ${current[1]}` : String(current);
  return (
    <Box id={fieldDomId(field.key)} sx={{ px: 1 }}>
      <Typography id={labelId} variant="body2" color={shown ? 'error' : 'text.secondary'} gutterBottom>
        {label}
        {details.mandatory ? ' *' : ''}: <strong>{shownValue}</strong>
      </Typography>
      <Slider
        value={current}
        min={min}
        max={max}
        step={numericStep(field)}
        disabled={readOnly}
        valueLabelDisplay="auto"
        onChange={(_e, next) => onChange(Array.isArray(next) ? [...next] : next)}
        onChangeCommitted={onBlur}
        name={field.key}
        aria-labelledby={range ? undefined : labelId}
        getAriaLabel={range ? (index) => `${label} ${index === 0 ? 'minimum' : 'maximum'}` : undefined}
        slotProps={{ input: { 'aria-describedby': shown ? helperId(field.key) : undefined } }}
      />
      {shown && (
        <FormHelperText error id={helperId(field.key)}>
          {shown}
        </FormHelperText>
      )}
    </Box>
  );
}
