// Queries (sub-tasks): raise one (to a user or the task's team), request information from a user, and
// per query update, comment, close and reopen as its status allows.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, showToast } from '@originate/shared';
import { useState } from 'react';
import { detailApi, type SubTask, type TaskConfigs } from '../api';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { useDetailMutation, useQueries, useQueryDetails, useReported } from '../hooks';
import { type QueryButton, queryButtons } from '../model';
import { Loading } from './Loading';

const STEP_OF = { close: 'closeSubTask', reopen: 'reopenSubTask', comment: 'addCommentToTask' } as const;
const LABELS: Record<QueryButton, string> = { update: 'Update', comment: 'Comment', close: 'Close', reopen: 'Reopen' };

/** Comma- or space-separated field keys. */
const fieldKeys = (text?: string) => (text ?? '').split(/[\s,]+/).filter(Boolean);

/** A query's comments, loaded when asked for (GET subTaskDetails). */
function Comments({ applicationId, subTaskId, count }: { applicationId: string; subTaskId: string; count: number }) {
  const [open, setOpen] = useState(false);
  const details = useQueryDetails(applicationId, subTaskId, open);
  useReported(details.error);
  if (!open) {
    return (
      <Button size="small" sx={{ display: 'block', mt: 1 }} onClick={() => setOpen(true)}>
        Show {count} comment{count === 1 ? '' : 's'}
      </Button>
    );
  }
  if (!details.data) return <Loading query={details} what="comments" />;
  return details.data.comments.map((c) => (
    <Typography key={c.id} variant="body2" sx={{ mt: 1, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
      {c.comment}
      <Typography component="span" variant="caption" color="text.secondary">
        {' '}
        — {c.userName ?? c.userId}, {formatDateTime(c.createdAt)}
      </Typography>
    </Typography>
  ));
}

export function QueriesTab({ configs }: { configs: TaskConfigs }) {
  const applicationId = configs.application_id;
  const queries = useQueries(applicationId);
  useReported(queries.error);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const done = (message: string) => () => {
    setRequest(null);
    showToast(message, 'success');
  };
  // Queries block completion (QUERIES_PENDING): the task's tabs follow them.
  const changes = ['queries', 'configs'] as const;
  const create = useDetailMutation(
    applicationId,
    (v: { info: boolean; title: string; description: string; assignTo?: string; fields?: string[] }) => {
      const body = {
        application_id: applicationId,
        taskId: configs.task.taskId,
        title: v.title,
        description: v.description,
        assignTo: v.assignTo,
        fields: v.fields,
      };
      return v.info ? detailApi.requestInfo(body) : detailApi.createQuery(body);
    },
    changes,
  );
  const update = useDetailMutation(
    applicationId,
    (v: { subTaskId: string; title?: string; description?: string; assignTo?: string }) => detailApi.updateQuery(v),
    changes,
  );
  const step = useDetailMutation(
    applicationId,
    (v: { button: keyof typeof STEP_OF; subTaskId: string; comment?: string }) =>
      detailApi.queryStep(STEP_OF[v.button], { subTaskId: v.subTaskId, comment: v.comment }),
    changes,
  );
  const busy = create.isPending || update.isPending || step.isPending;

  const raise = (info: boolean) =>
    setRequest({
      title: info ? 'Request information' : 'Raise a query',
      confirmLabel: info ? 'Send request' : 'Raise query',
      comment: false,
      fields: [
        { name: 'title', label: 'Title', required: true },
        { name: 'description', label: 'Description', required: true, multiline: true },
        {
          name: 'assignTo',
          label: info ? 'User (id) asked for the information' : 'Raise to user (id; empty: the task team)',
          required: info,
        },
        ...(info ? [{ name: 'fields', label: 'Field keys asked for (comma separated)' }] : []),
      ],
      onConfirm: (v) =>
        create.mutate(
          {
            info,
            title: v.title ?? '',
            description: v.description ?? '',
            assignTo: v.assignTo,
            fields: info ? fieldKeys(v.fields) : undefined,
          },
          { onSuccess: done(info ? 'Information requested' : 'Query raised') },
        ),
    });

  const act = (query: SubTask, button: QueryButton) => {
    if (button === 'update') {
      setRequest({
        title: `Update query ${query.title}`,
        confirmLabel: 'Update',
        comment: false,
        fields: [
          { name: 'title', label: 'Title', required: true, initial: query.title },
          { name: 'description', label: 'Description', required: true, multiline: true, initial: query.description },
          { name: 'assignTo', label: 'Assigned to (user id)', initial: query.assignedTo?.userid ?? '' },
        ],
        onConfirm: (v) =>
          update.mutate(
            { subTaskId: query.subTaskId, title: v.title, description: v.description, assignTo: v.assignTo },
            { onSuccess: done('Query updated') },
          ),
      });
      return;
    }
    setRequest({
      title: `${LABELS[button]} query ${query.title}`,
      confirmLabel: LABELS[button],
      comment: button === 'comment' ? 'required' : 'optional',
      onConfirm: ({ comment }) =>
        step.mutate(
          { button, subTaskId: query.subTaskId, comment },
          {
            onSuccess: done(
              button === 'comment' ? 'Comment added' : `Query ${button === 'close' ? 'closed' : 'reopened'}`,
            ),
          },
        ),
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => raise(false)}>
          Raise query
        </Button>
        <Button variant="outlined" onClick={() => raise(true)}>
          Request information
        </Button>
      </Stack>
      {!queries.data ? (
        <Loading query={queries} what="queries" />
      ) : queries.data.length === 0 ? (
        <Typography color="text.secondary">No queries on this application.</Typography>
      ) : (
        queries.data.map((q) => (
          <Paper key={q.subTaskId} variant="outlined" sx={{ p: 2 }} data-testid="query">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>{q.title}</Typography>
              <Chip size="small" label={q.status} color={q.status === 'OPEN' ? 'warning' : 'default'} />
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {q.description}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Raised by {q.raisedBy.displayName} · to {q.assignedTo?.displayName ?? 'the task team'} ·{' '}
              {formatDateTime(q.createdAt)}
              {q.fields.length > 0 && ` · fields: ${q.fields.join(', ')}`}
            </Typography>
            {q.commentCount > 0 && (
              <Comments applicationId={applicationId} subTaskId={q.subTaskId} count={q.commentCount} />
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {queryButtons(q.status).map((b) => (
                <Button key={b} size="small" onClick={() => act(q, b)}>
                  {LABELS[b]}
                </Button>
              ))}
            </Stack>
          </Paper>
        ))
      )}
      {request && <ConfirmDialog request={request} busy={busy} onClose={() => setRequest(null)} />}
    </Stack>
  );
}
