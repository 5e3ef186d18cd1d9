// Actions (spec §4 application actions the rules allow now) and Close (complete the step; a refused
// completion names its error and what to do).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskConfigs, User } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { detailApi } from '../../../api/detail';
import { rebookCallback } from '../../../api/lists';
import { useDetailMutation } from '../../../api/useDetail';
import {
  ACTION_LABELS,
  type CompletionProblem,
  canRebook,
  completionProblem,
  type DetailAction,
  futureTimeInput,
  offeredActions,
} from '../../../domain/detail';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';

type Caller = Pick<User, 'userid' | 'roles' | 'teams'>;

/** An action can change every part of the application: status, task, tabs, lists of approvals and queries. */
const EVERYTHING = [
  'configs',
  'application',
  'approvals',
  'queries',
  'documents',
  'notes',
  'related',
  'audits',
] as const;

/** The callback time field (required to rebook, optional when requesting a callback). */
const callbackField = (required: boolean) => ({
  name: 'callbackAt',
  label: 'Call back at',
  dateTime: true,
  required,
  problem: (value: string) => {
    const input = futureTimeInput('callback', value, new Date());
    return input.ok ? null : input.reason;
  },
});

/** The ISO instant of a callback time the dialog checked (blank: none). */
const callbackIso = (value: string | undefined) => {
  const input = value ? futureTimeInput('callback', value, new Date()) : null;
  return input?.ok ? input.iso : undefined;
};

export function ActionsTab({ configs, caller }: { configs: TaskConfigs; caller: Caller }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const target = { application_id: configs.application_id, taskId: configs.task.taskId };
  const run = useDetailMutation(
    configs.application_id,
    (v: { action: DetailAction | 'rebook'; comment?: string; callbackAt?: string }) =>
      v.action === 'rebook'
        ? rebookCallback({ ...target, callbackAt: v.callbackAt ?? '', comment: v.comment })
        : detailApi.action(v.action, { ...target, comment: v.comment, callbackAt: v.callbackAt }),
    EVERYTHING,
    { onSuccess: () => setRequest(null) },
  );
  const actions = offeredActions(configs, caller);
  const rebook = canRebook(configs, caller);
  if (actions.length === 0 && !rebook)
    return <Typography color="text.secondary">No action applies to this application now.</Typography>;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button
            key={action}
            variant="outlined"
            color={action === 'reject' || action === 'delete' || action === 'cancel' ? 'error' : 'primary'}
            onClick={() =>
              setRequest({
                title: `${ACTION_LABELS[action]} application ${configs.application_id}?`,
                message: `This ${ACTION_LABELS[action].toLowerCase()}s the application's task ${configs.task.name}.`,
                confirmLabel: ACTION_LABELS[action],
                fields: action === 'request_for_callback' ? [callbackField(false)] : undefined,
                onConfirm: ({ comment, callbackAt }) =>
                  run.mutate(
                    { action, comment, callbackAt: callbackIso(callbackAt) },
                    { onSuccess: () => showToast(`${ACTION_LABELS[action]}: done`, 'success') },
                  ),
              })
            }
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
        {rebook && (
          <Button
            variant="outlined"
            onClick={() =>
              setRequest({
                title: `Rebook the callback of application ${configs.application_id}?`,
                message: 'The requested callback moves to the time you pick.',
                confirmLabel: 'Rebook',
                fields: [callbackField(true)],
                onConfirm: ({ comment, callbackAt }) =>
                  run.mutate(
                    { action: 'rebook', comment, callbackAt: callbackIso(callbackAt) },
                    { onSuccess: () => showToast('Callback rebooked', 'success') },
                  ),
              })
            }
          >
            Rebook callback
          </Button>
        )}
      </Stack>
      {request && <ConfirmDialog request={request} busy={run.isPending} onClose={() => setRequest(null)} />}
    </>
  );
}

function CompletionProblemAlert({ problem }: { problem: CompletionProblem }) {
  return (
    <Alert severity="warning" role="alert" data-testid="completion-problem">
      <AlertTitle>{problem.error}</AlertTitle>
      {problem.detail && <Typography variant="body2">{problem.detail}.</Typography>}
      <Typography variant="body2">{problem.advice}</Typography>
    </Alert>
  );
}

export function CloseTab({ configs }: { configs: TaskConfigs }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [problem, setProblem] = useState<CompletionProblem | null>(null);
  const complete = useDetailMutation(
    configs.application_id,
    (comment: string | undefined) =>
      detailApi.completeStep({ application_id: configs.application_id, taskId: configs.task.taskId, comment }),
    EVERYTHING,
    {
      onSuccess: () => {
        setRequest(null);
        showToast(`Step ${configs.task.stepName} completed`, 'success');
      },
      onError: (error) => {
        const found = completionProblem(error);
        if (found) {
          setRequest(null);
          setProblem(found);
        }
        return found !== null;
      },
    },
  );
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        Completing the step ends task {configs.task.name} ({configs.task.stepName}) and moves the application on.
      </Typography>
      {problem && <CompletionProblemAlert problem={problem} />}
      <Button
        variant="contained"
        onClick={() => {
          setProblem(null);
          setRequest({
            title: 'Complete the step?',
            confirmLabel: 'Complete step',
            onConfirm: ({ comment }) => complete.mutate(comment),
          });
        }}
      >
        Complete step
      </Button>
      {request && <ConfirmDialog request={request} busy={complete.isPending} onClose={() => setRequest(null)} />}
    </Stack>
  );
}
