// What a lead's detail shows and offers: the actions that apply to its status and that the user may take
// (the contract's rules, the ones the server enforces), and each history entry in words.
import {
  CALL_OUTCOME_LABELS,
  LEAD_STATUS_LABELS,
  type Lead,
  type LeadAction,
  type LeadActivity,
  LOST_REASON_LABELS,
  leadActionsFor,
  leadChangeRefusal,
  leadsEverywhere,
  leadsTeamLead,
  leadViewRefusal,
  type Team,
} from '@originate/contract';
import { isoFromLocal } from './leadForm';

export interface Viewer {
  userid: string;
  roles: readonly string[];
  teams: readonly Team[];
}

/**
 * The actions the detail offers: those that apply to the status and that the viewer may take. Assign is
 * offered to whoever may give the lead to someone (a team lead of its team, an admin) and, for an
 * unassigned lead, to a member of its team taking it (leadAssignRefusal decides each target).
 */
export function offeredActions(lead: Pick<Lead, 'status' | 'ownerId' | 'team'>, viewer: Viewer): LeadAction[] {
  if (leadViewRefusal(viewer, lead)) return [];
  return leadActionsFor(lead.status).filter((action) =>
    action === 'assign'
      ? leadsEverywhere(viewer) || leadsTeamLead(viewer, lead.team) || lead.ownerId === null
      : leadChangeRefusal(viewer, lead, action) === null,
  );
}

/** May the viewer give the lead to others (else only take it)? */
export const assignsOthers = (lead: Pick<Lead, 'team'>, viewer: Viewer) =>
  leadsEverywhere(viewer) || leadsTeamLead(viewer, lead.team);

/** One history entry as a sentence. */
export function activityText(activity: LeadActivity): string {
  const status = (s: LeadActivity['toStatus']) => (s ? LEAD_STATUS_LABELS[s] : '');
  switch (activity.type) {
    case 'CREATED':
      return activity.by ? 'Lead created' : 'Callback requested on the portal';
    case 'CALL': {
      const call = `Call: ${activity.callOutcome ? CALL_OUTCOME_LABELS[activity.callOutcome] : 'logged'}`;
      // A connected call to a new lead also moves it (leadTransition).
      const moved = activity.fromStatus && activity.toStatus && activity.fromStatus !== activity.toStatus;
      return moved ? `${call} · Status ${status(activity.fromStatus)} → ${status(activity.toStatus)}` : call;
    }
    case 'NOTE':
      return 'Note';
    case 'STATUS':
      return `Status ${status(activity.fromStatus)} → ${status(activity.toStatus)}`;
    case 'ASSIGNED':
      return `Assigned to ${activity.assignee?.displayName ?? 'nobody'}`;
    case 'FOLLOW_UP':
      return activity.followUpAt ? 'Follow-up scheduled' : 'Follow-up cleared';
    case 'UPDATED':
      return 'Details updated';
    case 'CONVERTED':
      return 'Converted to an application';
  }
}

export const lostReasonText = (lead: Pick<Lead, 'lostReason'>) =>
  lead.lostReason ? LOST_REASON_LABELS[lead.lostReason] : null;

/** What an action dialog's values are missing or get wrong, by field. */
export function actionIssues(
  action: Exclude<LeadAction, 'update'>,
  values: Record<string, string>,
  now: Date,
): Record<string, string> {
  const issues: Record<string, string> = {};
  const comment = values.comment?.trim() ?? '';
  if (action === 'lose' && !values.lostReason) issues.lostReason = 'is required';
  if (action === 'log_call' && !values.callOutcome) issues.callOutcome = 'is required';
  if (action === 'add_note' && comment === '') issues.comment = 'is required';
  if (action === 'assign' && !values.assignee) issues.assignee = 'is required';
  if (action === 'follow_up' && values.followUpAt) {
    const at = isoFromLocal(values.followUpAt);
    if (!at) issues.followUpAt = 'is invalid';
    else if (Date.parse(at) <= now.getTime()) issues.followUpAt = 'must be in the future';
  }
  return issues;
}
