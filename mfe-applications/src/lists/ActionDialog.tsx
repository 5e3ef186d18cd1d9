// What a row action asks before it is sent: whom to assign to (Assign, Reassign), or a confirmation
// with an optional comment (Reject, Cancel, Revert stage, Drop).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ListTask, TaskAction } from '@originate/shared';
import { useState } from 'react';
import { useAssignees } from './hooks';
import { ACTION_LABELS, NEEDS_ASSIGNEE } from './rowActions';

interface Props {
  action: TaskAction;
  row: ListTask;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (input: { assignTo?: string; comment?: string }) => void;
}

export function ActionDialog({ action, row, busy, onCancel, onConfirm }: Props) {
  const picksUser = NEEDS_ASSIGNEE.includes(action);
  const assignees = useAssignees(picksUser);
  const [assignTo, setAssignTo] = useState('');
  const [comment, setComment] = useState('');
  const label = ACTION_LABELS[action];
  const candidates = (assignees.data ?? []).filter((u) => u.userid !== row.assignedTo);
  const ready = !picksUser || assignTo !== '';
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="row-action-title">
      <DialogTitle id="row-action-title">
        {label} {row.application_id}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {row.name} · {row.applicantName}
            {row.assignedToName ? ` · now with ${row.assignedToName}` : ' · unassigned'}
          </DialogContentText>
          {picksUser && assignees.isError && (
            <Alert severity="error">You cannot list users to assign to: {assignees.error.message}</Alert>
          )}
          {picksUser && (
            <TextField
              select
              label="Assign to"
              value={assignTo}
              onChange={(e) => setAssignTo(e.target.value)}
              disabled={!assignees.data}
              helperText={assignees.isPending ? 'Loading users…' : undefined}
              // The browser's own list: no popover over the dialog, and the phone's picker on a phone.
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Choose a user
              </option>
              {candidates.map((u) => (
                <option key={u.userid} value={u.userid}>
                  {u.displayName} ({u.userName})
                </option>
              ))}
            </TextField>
          )}
          <TextField
            label="Comment (optional)"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Close</Button>
        <Button
          variant="contained"
          disabled={!ready || busy}
          onClick={() =>
            onConfirm({ ...(picksUser ? { assignTo } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) })
          }
        >
          {label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
