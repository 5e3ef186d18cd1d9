// Queries (sub-tasks): raise one (to a user or the task's team), request information from a user or from
// the applicant (who answers in the portal, with files), and per query update, comment, close and reopen
// as its status allows.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBankDateTime, type SubTask, type TaskConfigs } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { detailApi } from '../../../api/detail';
import { pickerFields } from '../../../api/fieldLabels';
import { useDetailMutation, useFieldLabels, useQueries, useQueryDetails, useReported } from '../../../api/useDetail';
import { type QueryButton, queryButtons, queryRecipient } from '../../../domain/detail';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { saveDownload } from '../download';
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
    <Stack
      key={c.id}
      sx={{ mt: 1, pl: 2, borderLeft: 2, borderColor: c.author === 'APPLICANT' ? 'primary.main' : 'divider' }}
    >
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {c.comment}
        <Typography component="span" variant="caption" color="text.secondary">
          {' '}
          — {c.userName ?? c.userId ?? 'Applicant'}, {formatBankDateTime(c.createdAt)}
        </Typography>
      </Typography>
      {c.files.map((f) => (
        <Button
          key={f.fileId}
          size="small"
          sx={{ alignSelf: 'flex-start', textTransform: 'none' }}
          startIcon={<DownloadOutlined />}
          aria-label={`Download ${f.fileName}`}
          onClick={() => void saveDownload(() => detailApi.download(f.fileId), f.fileName)}
        >
          {f.fileName}
        </Button>
      ))}
    </Stack>
  ));
}

type RaiseKind = 'query' | 'info' | 'applicant';
const RAISE: Record<RaiseKind, { title: string; confirm: string; done: string }> = {
  query: { title: 'Raise a query', confirm: 'Raise query', done: 'Query raised' },
  info: { title: 'Request information', confirm: 'Send request', done: 'Information requested' },
  applicant: { title: 'Ask the applicant', confirm: 'Send to the applicant', done: 'The applicant has been asked' },
};

export function QueriesTab({ configs }: { configs: TaskConfigs }) {
  const applicationId = configs.application_id;
  const queries = useQueries(applicationId);
  useReported(queries.error);
  const labels = useFieldLabels(applicationId);
  const fieldChoices = labels.data ? pickerFields(labels.data.keys(), labels.data) : [];
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [raising, setRaising] = useState<RaiseKind | null>(null);
  const done = (message: string) => () => {
    setRequest(null);
    setRaising(null);
    showToast(message, 'success');
  };
  // Queries block completion (QUERIES_PENDING): the task's tabs follow them.
  const changes = ['queries', 'configs'] as const;
  const create = useDetailMutation(
    applicationId,
    (v: { kind: RaiseKind; title: string; description: string; assignTo?: string; fields?: string[] }) => {
      const body = {
        application_id: applicationId,
        taskId: configs.task.taskId,
        title: v.title,
        description: v.description,
        assignTo: v.assignTo,
        fields: v.fields,
      };
      if (v.kind === 'applicant') return detailApi.requestUserInfo(body);
      return v.kind === 'info' ? detailApi.requestInfo(body) : detailApi.createQuery(body);
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

  // Built at each render, not when the button is pressed: the flow's field labels may arrive while the
  // dialog is open, and the picker replaces the typed keys then.
  const raiseRequest = (kind: RaiseKind): ConfirmRequest => ({
    title: RAISE[kind].title,
    confirmLabel: RAISE[kind].confirm,
    comment: false,
    fields: [
      { name: 'title', label: 'Title', required: true },
      { name: 'description', label: 'Description', required: true, multiline: true },
      ...(kind === 'applicant'
        ? []
        : [
            {
              name: 'assignTo',
              label: kind === 'info' ? 'User asked for the information' : 'Raise to (empty: the task team)',
              required: kind === 'info',
              picker: {
                purpose: 'query' as const,
                application_id: configs.application_id,
                taskId: configs.task.taskId,
              },
            },
          ]),
      // The flow's fields by label once they are in; until then (or if they fail) keys typed by hand.
      ...(kind === 'query'
        ? []
        : [
            fieldChoices.length > 0
              ? { name: 'fields', label: 'Fields asked for', choices: fieldChoices }
              : { name: 'fields', label: 'Field keys asked for (comma separated)' },
          ]),
    ],
    onConfirm: (v) =>
      create.mutate(
        {
          kind,
          title: v.title ?? '',
          description: v.description ?? '',
          assignTo: kind === 'applicant' ? undefined : v.assignTo,
          fields: kind === 'query' ? undefined : fieldKeys(v.fields),
        },
        { onSuccess: done(RAISE[kind].done) },
      ),
  });
  const shown = raising ? raiseRequest(raising) : request;

  const act = (query: SubTask, button: QueryButton) => {
    if (button === 'update') {
      setRequest({
        title: `Update query ${query.title}`,
        confirmLabel: 'Update',
        comment: false,
        fields: [
          { name: 'title', label: 'Title', required: true, initial: query.title },
          { name: 'description', label: 'Description', required: true, multiline: true, initial: query.description },
          // A request to the applicant stays theirs: no one else to give it to.
          ...(query.recipient === 'APPLICANT'
            ? []
            : [
                {
                  name: 'assignTo',
                  label: 'Assigned to',
                  picker: {
                    purpose: 'query' as const,
                    application_id: configs.application_id,
                    taskId: configs.task.taskId,
                  },
                  initialUser: query.assignedTo ?? undefined,
                },
              ]),
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
        <Button variant="contained" onClick={() => setRaising('query')}>
          Raise query
        </Button>
        <Button variant="outlined" onClick={() => setRaising('info')}>
          Request information
        </Button>
        <Button variant="outlined" onClick={() => setRaising('applicant')}>
          Ask the applicant
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
              {q.answeredAt && q.status === 'OPEN' && (
                <Chip size="small" color="info" label={`Answered ${formatBankDateTime(q.answeredAt)}`} />
              )}
              <Chip size="small" label={q.status} color={q.status === 'OPEN' ? 'warning' : 'default'} />
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {q.description}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Raised by {q.raisedBy.displayName} · to {queryRecipient(q)} · {formatBankDateTime(q.createdAt)}
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
      {shown && (
        <ConfirmDialog
          request={shown}
          busy={busy}
          onClose={() => {
            setRequest(null);
            setRaising(null);
          }}
        />
      )}
    </Stack>
  );
}
