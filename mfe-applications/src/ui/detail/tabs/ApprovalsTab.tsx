// Approvals: the application's approvals and raised exceptions, each with the matrix level it is at (its
// amount limit and who decides there), its decisions so far; an approver of that level whom the four-eyes
// rule lets decide approves, rejects, forwards it up a level (to an approver picked by name, or the level's
// teams) or sends it back; anyone else reads why not. Request one for this task.

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Approval,
  type ApprovalAction,
  type ApprovalDecisionAnswer,
  formatBankDateTime,
  type TaskConfigs,
} from '@originate/contract';
import { showToast } from '@originate/web';
import { useState } from 'react';
import { detailApi } from '../../../api/detail';
import { useApprovals, useDetailMutation, useReported } from '../../../api/useDetail';
import { rupees } from '../../../domain/amounts';
import {
  APPROVAL_LABELS,
  approvalLevelText,
  approvalOffer,
  approvalWaitText,
  decisionLine,
} from '../../../domain/detail';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { ApprovalFigures } from '../Summary';
import { Loading } from './Loading';

type DecideVars = { action: ApprovalAction; approvalId: string; comment?: string; forwardTo?: string };

// Approvals block completion (APPROVALS_PENDING, EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL); decisions change the task.
const CHANGES = ['approvals', 'configs'] as const;

export function ApprovalsTab({ configs, userid }: { configs: TaskConfigs; userid: string }) {
  const applicationId = configs.application_id;
  const approvals = useApprovals(applicationId);
  useReported(approvals.error);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const decide = useDetailMutation<DecideVars, ApprovalDecisionAnswer>(
    applicationId,
    (v) => detailApi.decide(v.action, { approvalId: v.approvalId, comment: v.comment, forwardTo: v.forwardTo }),
    CHANGES,
  );
  const ask = useDetailMutation(
    applicationId,
    (v: { approver?: string; reason: string; kind: 'APPROVAL' | 'EXCEPTION' }) =>
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
      // What an approver approves is the credit summary: its key figures as they stand now.
      details: action === 'approve' ? <ApprovalFigures applicationId={applicationId} /> : undefined,
      confirmLabel: APPROVAL_LABELS[action],
      fields:
        action === 'forward'
          ? [
              {
                name: 'forwardTo',
                label: 'Forward to (empty: any approver of the next level)',
                picker: { purpose: 'forward', application_id: applicationId, approvalId: approval.approvalId },
              },
            ]
          : [],
      onConfirm: ({ comment, forwardTo }) =>
        decide.mutate(
          { action, approvalId: approval.approvalId, comment, forwardTo },
          {
            onSuccess: (answer) => {
              setRequest(null);
              showToast(answer.message, 'success');
            },
          },
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
          label: "Approver (empty: any approver of the level's teams)",
          picker: { purpose: 'approval', application_id: applicationId, taskId: configs.task.taskId },
        },
        { name: 'reason', label: 'Reason', required: true, multiline: true },
      ],
      onConfirm: ({ approver, reason }) =>
        ask.mutate(
          { ...(approver ? { approver } : {}), reason: reason ?? '', kind },
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
            <Typography variant="body2" data-testid="approval-level">
              {approvalLevelText(a)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              Requested by {a.requestedBy.displayName} · {formatBankDateTime(a.createdAt)} · loan {rupees(a.loanAmount)}
              {a.decidedAt &&
                ` · decided ${formatBankDateTime(a.decidedAt)}${a.decisionComment ? `: ${a.decisionComment}` : ''}`}
            </Typography>
            {approvalWaitText(a) && (
              <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="approval-waiting">
                {approvalWaitText(a)}
              </Typography>
            )}
            {a.decisions.length > 0 && (
              <Box component="ol" aria-label="Decisions" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {a.decisions.map((d) => (
                  <Typography component="li" variant="body2" key={`${d.at}:${d.by.userid}:${d.action}`}>
                    {decisionLine(d)}
                  </Typography>
                ))}
              </Box>
            )}
            <ApprovalButtons approval={a} userid={userid} onDecide={onDecide} />
          </Paper>
        ))
      )}
      {request && (
        <ConfirmDialog request={request} busy={decide.isPending || ask.isPending} onClose={() => setRequest(null)} />
      )}
    </Stack>
  );
}

/** The decisions the caller may take, or why they may not (four eyes, not an approver of this level). */
function ApprovalButtons({
  approval,
  userid,
  onDecide,
}: {
  approval: Approval;
  userid: string;
  onDecide: (approval: Approval, action: ApprovalAction) => void;
}) {
  const offer = approvalOffer(approval, userid);
  if (offer.refusal) {
    return (
      <Alert severity="info" sx={{ mt: 1 }} data-testid="approval-refusal">
        {offer.refusal}
      </Alert>
    );
  }
  if (offer.actions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      {offer.actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'approve' ? 'contained' : 'text'}
          onClick={() => onDecide(approval, action)}
        >
          {APPROVAL_LABELS[action]}
        </Button>
      ))}
    </Stack>
  );
}
