// Approvals: the application's approvals and raised exceptions; the approver of a pending one approves,
// rejects, forwards it (to another user, picked by name) or sends it back. Request one for this task.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Approval, type ApprovalAction, formatDateTime, type TaskConfigs } from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { detailApi } from '../../../api/detail';
import { useApprovals, useDetailMutation, useReported } from '../../../api/useDetail';
import { APPROVAL_LABELS, approvalButtons } from '../../../domain/detail';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { Loading } from './Loading';

// Approvals block completion (APPROVALS_PENDING, EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL); decisions change the task.
const CHANGES = ['approvals', 'configs'] as const;

export function ApprovalsTab({ configs, userid }: { configs: TaskConfigs; userid: string }) {
  const applicationId = configs.application_id;
  const approvals = useApprovals(applicationId);
  useReported(approvals.error);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const decide = useDetailMutation(
    applicationId,
    (v: { action: ApprovalAction; approvalId: string; comment?: string; forwardTo?: string }) =>
      detailApi.decide(v.action, { approvalId: v.approvalId, comment: v.comment, forwardTo: v.forwardTo }),
    CHANGES,
  );
  const ask = useDetailMutation(
    applicationId,
    (v: { approver: string; reason: string; kind: 'APPROVAL' | 'EXCEPTION' }) =>
      detailApi.requestApproval({ application_id: applicationId, taskId: configs.task.taskId, ...v }),
    CHANGES,
  );
  const close = (message: string) => () => {
    setRequest(null);
    showToast(message, 'success');
  };

  const onDecide = (approval: Approval, action: ApprovalAction) =>
    setRequest({
      title: `${APPROVAL_LABELS[action]}: ${approval.reason}`,
      confirmLabel: APPROVAL_LABELS[action],
      fields:
        action === 'forward'
          ? [
              {
                name: 'forwardTo',
                label: 'Forward to',
                required: true,
                picker: { purpose: 'forward', application_id: applicationId, approvalId: approval.approvalId },
              },
            ]
          : [],
      onConfirm: ({ comment, forwardTo }) =>
        decide.mutate(
          { action, approvalId: approval.approvalId, comment, forwardTo },
          { onSuccess: close(`${APPROVAL_LABELS[action]}: done`) },
        ),
    });

  const onRequest = (kind: 'APPROVAL' | 'EXCEPTION') =>
    setRequest({
      title: kind === 'APPROVAL' ? 'Request approval' : 'Raise an exception',
      confirmLabel: 'Send',
      comment: false,
      fields: [
        {
          name: 'approver',
          label: 'Approver',
          required: true,
          picker: { purpose: 'approval', application_id: applicationId, taskId: configs.task.taskId },
        },
        { name: 'reason', label: 'Reason', required: true, multiline: true },
      ],
      onConfirm: ({ approver, reason }) =>
        ask.mutate(
          { approver: approver ?? '', reason: reason ?? '', kind },
          { onSuccess: close(kind === 'APPROVAL' ? 'Approval requested' : 'Exception raised') },
        ),
    });

  return (
    <Stack spacing={2}>
      {configs.assigned && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => onRequest('APPROVAL')}>
            Request approval
          </Button>
          <Button variant="outlined" onClick={() => onRequest('EXCEPTION')}>
            Raise exception
          </Button>
        </Stack>
      )}
      {!approvals.data ? (
        <Loading query={approvals} what="approvals" />
      ) : approvals.data.length === 0 ? (
        <Typography color="text.secondary">No approvals on this application.</Typography>
      ) : (
        approvals.data.map((a) => (
          <Paper key={a.approvalId} variant="outlined" sx={{ p: 2 }} data-testid="approval">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>{a.reason}</Typography>
              <Chip size="small" label={a.kind} variant="outlined" />
              <Chip
                size="small"
                label={a.status}
                color={a.status === 'PENDING' ? 'warning' : a.status === 'APPROVED' ? 'success' : 'default'}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              Requested by {a.requestedBy.displayName} from {a.approver.displayName} · {formatDateTime(a.createdAt)}
              {a.decidedAt &&
                ` · decided ${formatDateTime(a.decidedAt)}${a.decisionComment ? `: ${a.decisionComment}` : ''}`}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {approvalButtons(a, userid).map((action) => (
                <Button
                  key={action}
                  size="small"
                  variant={action === 'approve' ? 'contained' : 'text'}
                  onClick={() => onDecide(a, action)}
                >
                  {APPROVAL_LABELS[action]}
                </Button>
              ))}
            </Stack>
          </Paper>
        ))
      )}
      {request && (
        <ConfirmDialog request={request} busy={decide.isPending || ask.isPending} onClose={() => setRequest(null)} />
      )}
    </Stack>
  );
}
