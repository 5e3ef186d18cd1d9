// A labelled outlined input. TextField would pull Select, Menu and Popover into the login page.
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export function Field({ label, required, ...input }: OutlinedInputProps & { label: string }) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...input} />
    </FormControl>
  );
}
