// One confirm dialog for every write that takes a comment (actions, approvals, query steps): optional
// fields the caller names (e.g. the user a query or approval goes to, picked by name), the comment, Cancel and confirm.
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import type { FieldName } from '../../api/fieldLabels';
import { optionalText } from '../../domain/detail';
import { type PickedUser, UserPicker, type UserPickerFor } from '../lists/UserPicker';

interface DialogField {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  initial?: string;
  /** A user picked by name among the server's candidates for this action; the value is their user id. */
  picker?: UserPickerFor;
  /** The user a picker starts with (its value is then their user id). */
  initialUser?: PickedUser;
  /** Several of these picked by label (e.g. the flow's fields); the value is their keys, comma separated. */
  choices?: readonly FieldName[];
  /** A date and time (the value is the datetime-local input's, in local time). */
  dateTime?: boolean;
  /** What is wrong with a value given (shown under the field; confirming waits until it is right). */
  problem?: (value: string) => string | null;
}

export interface ConfirmRequest {
  title: string;
  message?: string;
  /** What the decision is about, shown above the fields (an approval's key figures). */
  details?: ReactNode;
  confirmLabel: string;
  fields?: DialogField[];
  /** The comment box (optional comment) unless false. */
  comment?: 'optional' | 'required' | false;
  onConfirm: (values: Record<string, string | undefined>) => void;
}

export function ConfirmDialog({
  request,
  busy,
  onClose,
}: {
  request: ConfirmRequest;
  busy: boolean;
  onClose: () => void;
}) {
  const fields: DialogField[] = [
    ...(request.fields ?? []),
    ...(request.comment === false
      ? []
      : [{ name: 'comment', label: 'Comment', multiline: true, required: request.comment === 'required' }]),
  ];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.initialUser?.userid ?? f.initial ?? ''])),
  );
  const [picked, setPicked] = useState<Record<string, PickedUser | null>>(() =>
    Object.fromEntries(fields.filter((f) => f.picker).map((f) => [f.name, f.initialUser ?? null])),
  );
  const missing = fields.some((f) => f.required && (values[f.name] ?? '').trim() === '');
  const problems = Object.fromEntries(
    fields.map((f) => [f.name, f.problem && (values[f.name] ?? '') !== '' ? f.problem(values[f.name] ?? '') : null]),
  );
  const wrong = Object.values(problems).some((p) => p !== null);
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{request.title}</DialogTitle>
      <DialogContent>
        {request.message && <DialogContentText sx={{ mb: 2 }}>{request.message}</DialogContentText>}
        {request.details}
        {fields.map((f) =>
          f.picker ? (
            <UserPicker
              key={f.name}
              pickFor={f.picker}
              label={f.label}
              required={f.required}
              value={picked[f.name] ?? null}
              onChange={(user) => {
                setPicked((p) => ({ ...p, [f.name]: user }));
                setValues((v) => ({ ...v, [f.name]: user?.userid ?? '' }));
              }}
            />
          ) : f.choices ? (
            <Autocomplete
              key={f.name}
              multiple
              options={f.choices}
              getOptionLabel={(c) => (c.hint ? `${c.label} (${c.hint})` : c.label)}
              isOptionEqualToValue={(a, b) => a.key === b.key}
              value={f.choices.filter((c) => (values[f.name] ?? '').split(',').includes(c.key))}
              onChange={(_e, chosen) => setValues((v) => ({ ...v, [f.name]: chosen.map((c) => c.key).join(',') }))}
              renderInput={(params) => (
                <TextField {...params} label={f.label} required={f.required} margin="dense" fullWidth />
              )}
            />
          ) : (
            <TextField
              key={f.name}
              label={f.label}
              required={f.required}
              multiline={f.multiline}
              minRows={f.multiline ? 2 : undefined}
              fullWidth
              margin="dense"
              type={f.dateTime ? 'datetime-local' : undefined}
              slotProps={f.dateTime ? { inputLabel: { shrink: true } } : undefined}
              error={Boolean(problems[f.name])}
              helperText={problems[f.name] ?? undefined}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ),
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy || missing || wrong}
          onClick={() =>
            request.onConfirm(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, optionalText(v)])))
          }
        >
          {request.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
