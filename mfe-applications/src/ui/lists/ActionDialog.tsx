// What a row action asks before it is sent: whom to assign to (Assign, Reassign), when to call back
// (Rebook), or a confirmation with an optional comment (Reject, Cancel, Revert stage, Reappraise, Drop).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ListTask, TaskAction } from '@originate/contract';
import { useState } from 'react';
import { futureTimeInput } from '../../domain/detail';
import { ACTION_LABELS, NEEDS_ASSIGNEE, NEEDS_CALLBACK_TIME } from '../../domain/rowActions';
import { type PickedUser, UserPicker } from './UserPicker';

interface Props {
  action: TaskAction;
  row: ListTask;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (input: { assignTo?: string; comment?: string; callbackAt?: string }) => void;
}

export function ActionDialog({ action, row, busy, onCancel, onConfirm }: Props) {
  const picksUser = NEEDS_ASSIGNEE.includes(action);
  const picksTime = NEEDS_CALLBACK_TIME.includes(action);
  const [assignee, setAssignee] = useState<PickedUser | null>(null);
  const [time, setTime] = useState('');
  const [comment, setComment] = useState('');
  const label = ACTION_LABELS[action];
  const callback = picksTime ? futureTimeInput('callback', time, new Date()) : null;
  const ready = (!picksUser || assignee !== null) && (callback === null || callback.ok);
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
          {picksUser && (
            <UserPicker
              // The server offers exactly whom it would let this caller assign the task to.
              pickFor={{
                purpose: action === 'Assign' ? 'assign' : 'reassign',
                application_id: row.application_id,
                taskId: row.taskId,
              }}
              label="Assign to"
              value={assignee}
              onChange={setAssignee}
              required
            />
          )}
          {picksTime && (
            <TextField
              label="Call back at"
              type="datetime-local"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
              error={time !== '' && callback !== null && !callback.ok}
              helperText={time !== '' && callback && !callback.ok ? callback.reason : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
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
            onConfirm({
              ...(picksUser && assignee ? { assignTo: assignee.userid } : {}),
              ...(callback?.ok ? { callbackAt: callback.iso } : {}),
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            })
          }
        >
          {label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
