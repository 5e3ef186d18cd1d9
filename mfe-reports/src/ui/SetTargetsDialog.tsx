// "Set targets": a user below the caller, a month (the current one or later), a target count and
// amount. The checks name the field and the reason (domain/targetForm); the server's refusal, if any, goes
// through the shared error path; a saved target refreshes every target figure.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { bankMonthOf, type ReporteeDetails } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { useSaveTarget } from '../api/useReports';
import { displayMonth, monthsFrom } from '../domain/dates';
import { saveTargetBody, type TargetForm, targetCandidates, targetIssues } from '../domain/targetForm';

/** How far ahead a target may be set from the dialog (the server takes any later month). */
const MONTHS_AHEAD = 12;

export function SetTargetsDialog({
  open,
  onClose,
  reportees,
  initialUserId,
  initialMonth,
}: {
  open: boolean;
  onClose: () => void;
  reportees: ReporteeDetails;
  initialUserId: string;
  initialMonth: string;
}) {
  const now = Date.now();
  const current = bankMonthOf(now);
  const months = monthsFrom(current, MONTHS_AHEAD);
  const users = targetCandidates(reportees);
  const [form, setForm] = useState<TargetForm>({
    userId: users.some((u) => u.userid === initialUserId) ? initialUserId : '',
    month: months.includes(initialMonth) ? initialMonth : current,
    targetCount: '',
    targetAmount: '',
  });
  const [tried, setTried] = useState(false);
  const save = useSaveTarget();
  const issues = targetIssues(
    form,
    users.map((u) => u.userid),
    now,
  );
  const shown = tried ? issues : {};
  const set = (field: keyof TargetForm) => (event: { target: { value: string } }) =>
    setForm((prev) => ({ ...prev, [field]: event.target.value }));

  const submit = () => {
    setTried(true);
    if (Object.keys(issues).length > 0) return;
    const name = users.find((u) => u.userid === form.userId)?.displayName ?? form.userId;
    save.mutate(saveTargetBody(form), {
      onSuccess: () => {
        showToast(`Target saved for ${name}, ${displayMonth(form.month)}`, 'success');
        onClose();
      },
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="set-targets-title" fullWidth maxWidth="xs">
      <DialogTitle id="set-targets-title">Set targets</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="set-targets-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            label="User"
            value={form.userId}
            onChange={set('userId')}
            error={Boolean(shown.userId)}
            helperText={shown.userId}
            required
          >
            {users.map((user) => (
              <MenuItem key={user.userid} value={user.userid}>
                {user.displayName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Month"
            value={form.month}
            onChange={set('month')}
            error={Boolean(shown.month)}
            helperText={shown.month}
            required
          >
            {months.map((month) => (
              <MenuItem key={month} value={month}>
                {displayMonth(month)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Target applications"
            value={form.targetCount}
            onChange={set('targetCount')}
            error={Boolean(shown.targetCount)}
            helperText={shown.targetCount}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Target amount (₹)"
            value={form.targetAmount}
            onChange={set('targetAmount')}
            error={Boolean(shown.targetAmount)}
            helperText={shown.targetAmount ?? 'Whole rupees'}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="set-targets-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
