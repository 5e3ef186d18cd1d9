// Counter (spec §5): +/- buttons that move by the field's step (default 1) only within the bounds
// (engine counterStep).
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { counterStep, numericBounds, numericStep, toNumber } from '@originate/flow-engine';
import { errorText, type FieldRendererProps, fieldDomId } from './types';

export function CounterInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const { min, max } = numericBounds(field);
  const n = toNumber(value as string | number);
  const current = Number.isFinite(n) ? n : min;
  const step = (delta: 1 | -1) => {
    onChange(counterStep(current, delta, min, max, numericStep(field)));
    onBlur();
  };
  return (
    <TextField
      id={fieldDomId(field.key)}
      name={field.key}
      label={label}
      value={String(current)}
      required={details.mandatory === true}
      error={error !== undefined}
      helperText={errorText(label, error) ?? details.placeholder}
      disabled={readOnly}
      fullWidth
      slotProps={{
        htmlInput: {
          readOnly: true,
          role: 'spinbutton',
          'aria-valuemin': min,
          'aria-valuemax': max,
          'aria-valuenow': current,
          onKeyDown: (e: React.KeyboardEvent) => {
            if (e.key === 'ArrowUp' || e.key === '+') step(1);
            if (e.key === 'ArrowDown' || e.key === '-') step(-1);
          },
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconButton
                aria-label={`Decrease ${label}`}
                onClick={() => step(-1)}
                disabled={readOnly || current <= min}
                edge="start"
                size="small"
              >
                <RemoveIcon />
              </IconButton>
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`Increase ${label}`}
                onClick={() => step(1)}
                disabled={readOnly || current >= max}
                edge="end"
                size="small"
              >
                <AddIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
