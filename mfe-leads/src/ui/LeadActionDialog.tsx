// One dialog per lead action: what the action needs (a lost reason, a call outcome, a follow-up time, a
// team member, a comment), sent to its route; the answer replaces the cached lead.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CALL_OUTCOME_LABELS,
  type Lead,
  type LeadAction,
  type LeadDetailAnswer,
  LOST_REASON_LABELS,
} from '@originate/contract';
import { useState } from 'react';
import { assignLead, changeLeadStatus, convertLead, recordLeadActivity, setLeadFollowUp } from '../api/leads';
import { useLeadWrite, useTeamMembers } from '../api/useLeads';
import { isoFromLocal } from '../domain/leadForm';
import { actionIssues } from '../domain/leadView';
import { type FormBinding, FormField, optionsOf, SelectField } from './fields';

export const ACTION_LABELS: Record<LeadAction, string> = {
  contact: 'Mark contacted',
  qualify: 'Qualify',
  lose: 'Mark lost',
  reopen: 'Reopen',
  convert: 'Convert to application',
  log_call: 'Log call',
  add_note: 'Add note',
  follow_up: 'Schedule follow-up',
  assign: 'Assign',
  update: 'Edit details',
};

interface Props {
  lead: Lead;
  action: Exclude<LeadAction, 'update'>;
  /** The viewer may give the lead to others; else Assign takes it for themselves. */
  assignsOthers: boolean;
  viewerId: string;
  onClose: () => void;
  onDone: (answer: LeadDetailAnswer) => void;
}

export function LeadActionDialog({ lead, action, assignsOthers, viewerId, onClose, onDone }: Props) {
  const [values, setValues] = useState<Record<string, string>>(
    action === 'assign' && !assignsOthers ? { assignee: viewerId } : {},
  );
  const [submitted, setSubmitted] = useState(false);
  const members = useTeamMembers(lead.team.id, action === 'assign' && assignsOthers);
  const issues = submitted ? actionIssues(action, values, new Date()) : {};
  const form: FormBinding = { values, issues, set: (path, value) => setValues((v) => ({ ...v, [path]: value })) };
  const status = useLeadWrite(changeLeadStatus);
  const activity = useLeadWrite(recordLeadActivity);
  const followUp = useLeadWrite(setLeadFollowUp);
  const assign = useLeadWrite(assignLead);
  const convert = useLeadWrite(convertLead);
  const pending = [status, activity, followUp, assign, convert].some((m) => m.isPending);
  const comment = values.comment?.trim() ? { comment: values.comment.trim() } : {};
  const lead_id = lead.lead_id;

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(actionIssues(action, values, new Date())).length > 0) return;
    const done = { onSuccess: onDone };
    switch (action) {
      case 'contact':
      case 'qualify':
      case 'reopen':
        return status.mutate({ lead_id, action, ...comment }, done);
      case 'lose':
        return status.mutate(
          { lead_id, action, lostReason: values.lostReason as keyof typeof LOST_REASON_LABELS, ...comment },
          done,
        );
      case 'log_call':
        return activity.mutate(
          { lead_id, type: 'CALL', callOutcome: values.callOutcome as keyof typeof CALL_OUTCOME_LABELS, ...comment },
          done,
        );
      case 'add_note':
        return activity.mutate({ lead_id, type: 'NOTE', ...comment }, done);
      case 'follow_up':
        return followUp.mutate(
          { lead_id, followUpAt: values.followUpAt ? isoFromLocal(values.followUpAt) : null },
          done,
        );
      case 'assign':
        return assign.mutate({ lead_id, assignee: values.assignee ?? '' }, done);
      case 'convert':
        return convert.mutate({ lead_id }, done);
    }
  };

  const memberOptions = (members.data ?? [])
    .filter((m) => m.userid !== lead.ownerId)
    .map((m) => ({ value: m.userid, label: `${m.displayName}${m.isLead ? ' (team lead)' : ''}` }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="lead-action-title">
      <DialogTitle id="lead-action-title">{ACTION_LABELS[action]}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {action === 'convert' && (
          <DialogContentText>
            A new {lead.product_name} application is started for {lead.prospect.firstName} {lead.prospect.lastName} with
            what the lead knows filled in, and opens in the customer flow.
          </DialogContentText>
        )}
        {action === 'assign' && !assignsOthers && <DialogContentText>The lead becomes yours.</DialogContentText>}
        {action === 'assign' && assignsOthers && (
          <SelectField form={form} path="assignee" label="Team member" required options={memberOptions} />
        )}
        {members.isError && (
          <Alert severity="error">The team's members could not be loaded: {members.error.message}</Alert>
        )}
        {action === 'lose' && (
          <SelectField form={form} path="lostReason" label="Reason" required options={optionsOf(LOST_REASON_LABELS)} />
        )}
        {action === 'log_call' && (
          <SelectField
            form={form}
            path="callOutcome"
            label="Outcome"
            required
            options={optionsOf(CALL_OUTCOME_LABELS)}
          />
        )}
        {action === 'follow_up' && (
          <FormField
            form={form}
            path="followUpAt"
            label="Follow up on"
            type="datetime-local"
            helperText="Leave empty to clear the follow-up"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {action !== 'follow_up' && action !== 'assign' && action !== 'convert' && (
          <FormField
            form={form}
            path="comment"
            label={action === 'add_note' ? 'Note' : 'Comment'}
            required={action === 'add_note'}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={submit} disabled={pending}>
          {ACTION_LABELS[action]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
