// A labelled outlined input. TextField would pull Select, Menu and Popover into the login page.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

/** `problem`: the reason shown under the input (it is then marked invalid); `hint`: a line under it otherwise. */
export function Field({
  label,
  required,
  problem,
  hint,
  ...input
}: OutlinedInputProps & { label: string; problem?: string; hint?: string }) {
  const id = useId();
  const below = problem ?? hint;
  return (
    <FormControl variant="outlined" fullWidth required={required} error={problem !== undefined}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={below ? `${id}-below` : undefined} {...input} />
      {below && <FormHelperText id={`${id}-below`}>{below}</FormHelperText>}
    </FormControl>
  );
}
