// The read-mostly tabs: Worklogs, Notes (list and add), Tasks (related applications) and Snooze (the
// task's review date: set and remove).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBankDate, formatBankDateTime, type TaskConfigs } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { detailApi } from '../../../api/detail';
import { useDetailMutation, useNotes, useRelated, useReported, useWorklogs } from '../../../api/useDetail';
import { futureTimeInput, optionalText, worklogLine } from '../../../domain/detail';
import { Loading } from './Loading';

export function WorklogsTab({ applicationId }: { applicationId: string }) {
  const worklogs = useWorklogs(applicationId);
  useReported(worklogs.error);
  if (!worklogs.data) return <Loading query={worklogs} what="worklog" />;
  if (worklogs.data.length === 0)
    return <Typography color="text.secondary">Nothing has been done on this application yet.</Typography>;
  return (
    <List dense aria-label="Worklog">
      {worklogs.data.map((entry) => {
        const line = worklogLine(entry);
        return (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={`${line.action}${line.detail ? ` (${line.detail})` : ''}`}
              secondary={`${line.who} · ${line.when}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

export function NotesTab({ applicationId }: { applicationId: string }) {
  const notes = useNotes(applicationId);
  useReported(notes.error);
  const [text, setText] = useState('');
  const add = useDetailMutation(
    applicationId,
    (note: string) => detailApi.addNote(applicationId, { text: note }),
    ['notes'],
    {
      onSuccess: () => setText(''),
    },
  );
  const note = optionalText(text);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="New note"
          multiline
          minRows={2}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Button variant="contained" disabled={!note || add.isPending} onClick={() => note && add.mutate(note)}>
          Add note
        </Button>
      </Stack>
      {!notes.data ? (
        <Loading query={notes} what="notes" />
      ) : notes.data.length === 0 ? (
        <Typography color="text.secondary">No notes yet.</Typography>
      ) : (
        <List dense aria-label="Notes">
          {notes.data.map((n) => (
            <ListItem key={n.id} divider>
              <ListItemText
                primary={n.text}
                secondary={`${n.userName ?? n.userId} · ${formatBankDateTime(n.createdAt)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function TasksTab({ applicationId }: { applicationId: string }) {
  const related = useRelated(applicationId);
  useReported(related.error);
  if (!related.data) return <Loading query={related} what="related applications" />;
  if (related.data.length === 0) {
    return (
      <Typography color="text.secondary">No other application of this applicant (same mobile or e-mail).</Typography>
    );
  }
  return (
    <Table size="small" aria-label="Related applications">
      <TableHead>
        <TableRow>
          <TableCell>Application</TableCell>
          <TableCell>Product</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Stage</TableCell>
          <TableCell>Applicant</TableCell>
          <TableCell>Created</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {related.data.map((r) => (
          <TableRow key={r.application_id}>
            <TableCell>{r.application_id}</TableCell>
            <TableCell>{r.product_name}</TableCell>
            <TableCell>{r._applicationStatus}</TableCell>
            <TableCell>{r.stage}</TableCell>
            <TableCell>{r.applicantName ?? '—'}</TableCell>
            <TableCell>{formatBankDate(r.cre_time)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A date-time for a datetime-local input (local time, minutes). */
function localInputValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function SnoozeTab({ configs }: { configs: TaskConfigs }) {
  const { application_id, task } = configs;
  const [value, setValue] = useState(() => (task.reviewDate ? localInputValue(task.reviewDate) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const ref = { application_id, taskId: task.taskId };
  const snooze = useDetailMutation(
    application_id,
    (reviewDate: string) => detailApi.snooze({ ...ref, reviewDate }),
    ['configs'],
    {
      onSuccess: () => showToast('Review date set', 'success'),
    },
  );
  const remove = useDetailMutation(application_id, () => detailApi.removeSnooze(ref), ['configs'], {
    onSuccess: () => {
      setValue('');
      showToast('Review date removed', 'success');
    },
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Typography>
        {task.reviewDate ? `Review date: ${formatBankDateTime(task.reviewDate)}` : 'This task has no review date.'}
      </Typography>
      <TextField
        label="Review date"
        type="datetime-local"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setProblem(null);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
        error={problem !== null}
        helperText={problem ?? 'The task returns to the Today bucket on this date.'}
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={snooze.isPending}
          onClick={() => {
            const input = futureTimeInput('review', value, new Date());
            if (input.ok) snooze.mutate(input.iso);
            else setProblem(input.reason);
          }}
        >
          Set review date
        </Button>
        {task.reviewDate && (
          <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate(undefined)}>
            Remove review date
          </Button>
        )}
      </Stack>
      {configs.subStatus === 'SNOOZED' && <Alert severity="info">The task is snoozed until its review date.</Alert>}
    </Stack>
  );
}
