// The form fields of the lead forms: a text field or a select bound to one flat value of the form,
// showing its refusal under it once the form has been submitted.
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FormIssues, FormValues } from '../domain/leadForm';

export interface FormBinding {
  values: FormValues;
  issues: FormIssues;
  set: (path: string, value: string) => void;
}

type FieldProps = { form: FormBinding; path: string; label: string } & Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'label'
>;

export function FormField({ form, path, label, helperText, ...rest }: FieldProps) {
  const issue = form.issues[path];
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={form.values[path] ?? ''}
      onChange={(e) => form.set(path, e.target.value)}
      error={issue !== undefined}
      helperText={issue ? `${label} ${issue}` : helperText}
      {...rest}
    />
  );
}

export function SelectField({
  form,
  path,
  label,
  options,
  ...rest
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <FormField form={form} path={path} label={label} select {...rest}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormField>
  );
}

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** Options from a value → label record. */
export const optionsOf = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
