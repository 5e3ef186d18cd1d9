// Which spec §6 task actions a row offers (the contract's taskActionsFor decides; this only feeds it the row
// and the user), what each one POSTs, and where opening a row goes.
import {
  type ApplicationAction,
  isAssignedToUser,
  type ListTask,
  STAFF_FLOW_PATH,
  type TaskAction,
  taskActionsFor,
  type User,
} from '@originate/contract';
import { DETAIL_PATH } from './pages';

/** A row's assignment as the contract's 'assigned' rule reads it. */
const assignment = (row: ListTask) => ({
  assignedTo: row.assignedTo ?? undefined,
  assignedTeam: row.assignedTeam,
  progress: row.progress,
});

/**
 * The actions of one row for the signed-in user. The server lists only tasks the caller may open, so a
 * listed row is one the caller has access to; the permissions and the state machine decide the rest.
 */
export function rowActions(row: ListTask, user: User): TaskAction[] {
  const actions = taskActionsFor(
    {
      status: row._applicationStatus,
      progress: row.progress,
      assignedTo: row.assignedTo,
      callbackRequested: row.subStatus === 'CALLBACK_REQUESTED',
      hasPreviousStep: row.stepNumber > 1,
    },
    {
      userid: user.userid,
      roles: user.roles,
      teams: user.teams,
      assigned: isAssignedToUser({ _applicationStatus: row._applicationStatus }, assignment(row), user),
      hasAccess: true,
      assignee: row.assignedTo,
      taskTeams: row.assignedTeam,
    },
  );
  return actions.filter((a) => a !== 'None');
}

/**
 * The application action each row action POSTs; OpenTask and Copy open pages instead, Assign/Reassign ask
 * whom, Rebook asks when (and posts /backstage/rebook).
 */
export const ACTION_REQUESTS: Partial<Record<TaskAction, ApplicationAction>> = {
  AssignToSelf: 'assign',
  Assign: 'assign',
  Reassign: 'reassign',
  Leave: 'release',
  Drop: 'release',
  Reject: 'reject',
  Cancel: 'cancel',
  Activate: 'activate',
  CancelReject: 'cancelReject',
  CompleteCallback: 'complete_callback',
  RevertStage: 'revert_stage',
  // Reappraisal is revert_stage on a COMPLETED application (contract README "Task actions").
  Reappraise: 'revert_stage',
};

/** Actions that need a user picked first. */
export const NEEDS_ASSIGNEE: readonly TaskAction[] = ['Assign', 'Reassign'];
/** Actions that need a callback time picked first (Rebook posts /backstage/rebook, not an application action). */
export const NEEDS_CALLBACK_TIME: readonly TaskAction[] = ['Rebook'];
/** Actions that change the application for good enough to ask first. */
export const NEEDS_CONFIRMATION: readonly TaskAction[] = ['Reject', 'Cancel', 'RevertStage', 'Reappraise', 'Drop'];

export const ACTION_LABELS: Record<TaskAction, string> = {
  None: 'None',
  AssignToSelf: 'Assign to me',
  Drop: 'Drop',
  Rebook: 'Rebook callback',
  Reappraise: 'Reappraise',
  Leave: 'Leave',
  OpenTask: 'Open',
  RevertStage: 'Revert stage',
  Reassign: 'Reassign',
  Reject: 'Reject',
  Cancel: 'Cancel',
  CompleteCallback: 'Complete callback',
  Activate: 'Activate',
  Copy: 'Copy',
  CancelReject: 'Cancel rejection',
  Assign: 'Assign',
};

/** Spec §2 /backstage/newapplication?resume: the customer flow in staff mode, on a task assigned to the user. */
export const resumePath = (applicationId: string) => `/${STAFF_FLOW_PATH}?resume=${encodeURIComponent(applicationId)}`;

/**
 * Spec §2: a CUST_FLOW task assigned to the user resumes the customer flow; any other task opens the
 * detail. Copy opens the staff flow on a copy the customer-flow remote makes (GET /v3/application/copy).
 */
export function openPath(row: ListTask, user: User): string {
  if (
    row.type === 'CUST_FLOW' &&
    isAssignedToUser({ _applicationStatus: row._applicationStatus }, assignment(row), user)
  ) {
    return resumePath(row.application_id);
  }
  return `${DETAIL_PATH}?application_id=${encodeURIComponent(row.application_id)}&taskId=${encodeURIComponent(row.taskId)}`;
}
