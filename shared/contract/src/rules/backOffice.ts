// Pure back-office rules: the application state machine, who may do what, which task actions
// and detail tabs apply, and filter operators. The server enforces them; mfe-applications offers only
// what they allow. The decisions where the spec says 'not shown' are in the package README "Back office".
import {
  type ApplicationAction,
  type DetailTab,
  FILTER_OPERATORS,
  type FilterFieldKind,
  type TaskAction,
  type TaskSubStatus,
} from '../contracts/backOffice';
import { Permissions } from '../contracts/constants';
import type { ApplicationStatus, TaskProgress, Team } from '../contracts/entities';
import { inTaskTeam } from './teams';

/** What the state machine needs to know of an application and its current task. */
export interface ActionState {
  status: ApplicationStatus;
  progress: TaskProgress;
  /** The task has an assignee. */
  assigned: boolean;
  callbackRequested: boolean;
  /** The task's step is not the first (revert_stage has somewhere to go). */
  hasPreviousStep: boolean;
}

/** Where an action leads: the application's status and the task's progress afterwards. */
export type ActionOutcome =
  | { ok: true; status: ApplicationStatus; progress: TaskProgress; callbackRequested: boolean }
  | { ok: false; reason: string };

const OPEN: readonly TaskProgress[] = ['In Progress', 'Pending'];

interface Transition {
  from: readonly ApplicationStatus[];
  /** What the task must be for the action to apply. */
  task: (s: ActionState) => string | null;
  to: (s: ActionState) => { status: ApplicationStatus; progress: TaskProgress; callbackRequested?: boolean };
}

const openTask = (s: ActionState) => (OPEN.includes(s.progress) ? null : `the task is ${s.progress}`);
const queued = (s: ActionState): TaskProgress => (s.assigned ? 'In Progress' : 'Pending');

/**
 * The state machine of every application action (server README "State machine" has it as a table).
 * complete_step/user ends the task; whether the application then moves to the next step or to
 * COMPLETED (stage Closed) is the server's, as it knows the steps.
 */
const ACTION_TRANSITIONS: Record<ApplicationAction, Transition> = {
  reject: { from: ['ACTIVE'], task: openTask, to: () => ({ status: 'REJECTED', progress: 'Rejected' }) },
  cancelReject: {
    from: ['REJECTED'],
    task: (s) => (s.progress === 'Rejected' ? null : 'the task was not rejected'),
    to: (s) => ({ status: 'ACTIVE', progress: queued(s) }),
  },
  cancel: { from: ['ACTIVE', 'INACTIVE'], task: openTask, to: () => ({ status: 'CANCELLED', progress: 'Cancelled' }) },
  inactivate: { from: ['ACTIVE'], task: openTask, to: (s) => ({ status: 'INACTIVE', progress: s.progress }) },
  activate: {
    from: ['INACTIVE', 'CANCELLED'],
    task: (s) => (s.progress === 'Cancelled' || OPEN.includes(s.progress) ? null : `the task is ${s.progress}`),
    to: (s) => ({ status: 'ACTIVE', progress: s.progress === 'Cancelled' ? queued(s) : s.progress }),
  },
  // On an ACTIVE application it goes back one step; on a COMPLETED one (stage Closed) it reopens the
  // last step for reappraisal (the Reappraise task action), leaving the completed task as it was.
  revert_stage: {
    from: ['ACTIVE', 'COMPLETED'],
    task: (s) =>
      s.status === 'COMPLETED'
        ? s.progress === 'Completed'
          ? null
          : `the task is ${s.progress}`
        : (openTask(s) ?? (s.hasPreviousStep ? null : 'the task is at the first step')),
    to: (s) => ({ status: 'ACTIVE', progress: s.status === 'COMPLETED' ? 'Completed' : 'Cancelled' }),
  },
  release: {
    from: ['ACTIVE'],
    task: (s) => openTask(s) ?? (s.assigned ? null : 'the task is not assigned'),
    to: () => ({ status: 'ACTIVE', progress: 'Pending' }),
  },
  delete: {
    from: ['ACTIVE', 'INACTIVE', 'CANCELLED', 'REJECTED'],
    task: () => null,
    to: (s) => ({ status: 'DELETED', progress: OPEN.includes(s.progress) ? 'Cancelled' : s.progress }),
  },
  request_for_callback: {
    from: ['ACTIVE'],
    task: (s) => openTask(s) ?? (s.callbackRequested ? 'a callback is already requested' : null),
    to: (s) => ({ status: 'ACTIVE', progress: s.progress, callbackRequested: true }),
  },
  complete_callback: {
    from: ['ACTIVE'],
    task: (s) => (s.callbackRequested ? null : 'no callback is requested'),
    to: (s) => ({ status: 'ACTIVE', progress: s.progress, callbackRequested: false }),
  },
  assign: {
    from: ['ACTIVE'],
    task: (s) => openTask(s) ?? (s.assigned ? 'the task is already assigned; use reassign' : null),
    to: () => ({ status: 'ACTIVE', progress: 'In Progress' }),
  },
  reassign: {
    from: ['ACTIVE'],
    task: (s) => openTask(s) ?? (s.assigned ? null : 'the task is not assigned yet; use assign'),
    to: () => ({ status: 'ACTIVE', progress: 'In Progress' }),
  },
  'complete_step/user': {
    from: ['ACTIVE'],
    task: (s) =>
      s.progress !== 'In Progress'
        ? `the task is ${s.progress}`
        : s.callbackRequested
          ? 'a callback is still open'
          : null,
    to: () => ({ status: 'ACTIVE', progress: 'Completed' }),
  },
};

/** The outcome of an action on a state, or why it does not apply. */
export function applyAction(action: ApplicationAction, state: ActionState): ActionOutcome {
  const t = ACTION_TRANSITIONS[action];
  if (!t.from.includes(state.status)) {
    return { ok: false, reason: `${action} applies to a ${t.from.join(' or ')} application, not ${state.status}` };
  }
  const refused = t.task(state);
  if (refused) return { ok: false, reason: `${action} does not apply: ${refused}` };
  const next = t.to(state);
  return { ok: true, callbackRequested: state.callbackRequested, ...next };
}

/**
 * Rebook (spec §6 task action, POST /backstage/rebook): moves an open callback to a new time. Applies to
 * an ACTIVE application whose open task has a callback requested (null when it applies, else why not).
 * Who may is complete_callback's rule; the new time is checked by futureTimeProblem.
 */
export function rebookRefusal(state: ActionState): string | null {
  if (state.status !== 'ACTIVE') return `rebook applies to an ACTIVE application, not ${state.status}`;
  const refused = openTask(state) ?? (state.callbackRequested ? null : 'no callback is requested');
  return refused ? `rebook does not apply: ${refused}` : null;
}

/**
 * What is wrong with a time that must lie ahead (a callback, a task review date), as a field reason; null
 * when it is a date and time after `now`.
 */
export function futureTimeProblem(value: string, now: Date): string | null {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return 'is not a date and time';
  return at > now.getTime() ? null : 'must be in the future';
}

/** What the permission rules need to know of the caller and the task. */
export interface ActorContext {
  userid: string;
  roles: readonly string[];
  teams: readonly Team[];
  /** Spec §4 'assigned' (isAssignedToUser) for this task. */
  assigned: boolean;
  /** Task access (assignee, team or allowedUsers, or an ALL_APPLICATIONS_* holder). */
  hasAccess: boolean;
  /** The task's assignee, if any. */
  assignee: string | null;
  /** The task's assigned teams (its queue, or the team it is worked in). */
  taskTeams: readonly Team[];
}

const has = (actor: Pick<ActorContext, 'roles'>, permission: string) => actor.roles.includes(permission);

/** The ALL list and access to every application: an ALL_APPLICATIONS_* holder (spec §6). */
export const seesAll = (actor: Pick<ActorContext, 'roles'>) =>
  [
    Permissions.ALL_APPLICATIONS_ASSIGN,
    Permissions.ALL_APPLICATIONS_REASSIGN,
    Permissions.ALL_APPLICATIONS_ASSIGN_SELF,
  ].some((permission) => has(actor, permission));

export type AssignAction = 'assign' | 'reassign';

/** The caller of the assignment rule: who they are, what they hold, which teams they are in. */
export type Assigner = Pick<ActorContext, 'userid' | 'roles' | 'teams'>;

/** A user a task may be assigned to. */
export interface AssignTarget {
  userid: string;
  teams: readonly Team[];
}

/**
 * One way a permission lets the caller assign this task: to anyone (ALL_APPLICATIONS_<ACTION>), to a member
 * of one of the caller's teams (TEAM_APPLICATIONS_<ACTION>), or to the caller alone (*_ASSIGN_SELF).
 */
export type AssignGrant = 'anyone' | 'team' | 'self';

/**
 * The grants the caller's permissions give on a task of `taskTeams` (spec §6: team leads use the team
 * permissions, so those reach only a task in one of the caller's teams, by inTaskTeam on its assigned
 * teams: its queue, or the team it is worked in).
 */
export function assignGrants(action: AssignAction, caller: Assigner, taskTeams: readonly Team[]): AssignGrant[] {
  const suffix = action === 'assign' ? 'ASSIGN' : 'REASSIGN';
  const inTeam = inTaskTeam(caller.teams, taskTeams);
  const grants: AssignGrant[] = [];
  if (has(caller, `ALL_APPLICATIONS_${suffix}`)) grants.push('anyone');
  if (has(caller, `TEAM_APPLICATIONS_${suffix}`) && inTeam) grants.push('team');
  if (action === 'assign') {
    if (has(caller, Permissions.ALL_APPLICATIONS_ASSIGN_SELF)) grants.push('self');
    if (has(caller, Permissions.TEAM_APPLICATIONS_ASSIGN_SELF) && inTeam) grants.push('self');
  }
  return grants;
}

/** Why a team permission does not reach this task, naming its teams. */
function outsideTeams(permission: string, taskTeams: readonly Team[]): string {
  const names = taskTeams.map((t) => t.name ?? t.id).join(', ');
  const where =
    taskTeams.length === 0
      ? 'the task has no team'
      : taskTeams.length === 1
        ? `the task's team (${names}) is not one of yours`
        : `none of the task's teams (${names}) is yours`;
  return `${where}; ${permission} reaches only tasks of your teams`;
}

/**
 * Who may assign or reassign a task, and to whom (null when allowed, else the reason for the 403): one
 * of assignGrants reaches the target (a team grant a user in one of the caller's teams, by inTaskTeam).
 * Without a target it answers whether the caller may take the action at all (what the browser offers;
 * the server asks again with the target).
 */
export function assignRefusal(
  action: AssignAction,
  caller: Assigner,
  taskTeams: readonly Team[],
  target: AssignTarget | null,
): string | null {
  const grants = assignGrants(action, caller, taskTeams);
  if (grants.length === 0) {
    const suffix = action === 'assign' ? 'ASSIGN' : 'REASSIGN';
    const teamPermissions = [`TEAM_APPLICATIONS_${suffix}`];
    if (action === 'assign') teamPermissions.push(Permissions.TEAM_APPLICATIONS_ASSIGN_SELF);
    const held = teamPermissions.find((p) => has(caller, p));
    return held
      ? outsideTeams(held, taskTeams)
      : `${action === 'assign' ? 'assigning' : 'reassigning'} needs TEAM_APPLICATIONS_${suffix} or ALL_APPLICATIONS_${suffix}`;
  }
  if (target === null) return null;
  const reaches = (g: AssignGrant) =>
    g === 'anyone' || (g === 'team' ? inTaskTeam(caller.teams, target.teams) : target.userid === caller.userid);
  if (grants.some(reaches)) return null;
  return grants.includes('team') ? 'they are in none of your teams' : 'you may assign the task only to yourself';
}

/**
 * Who may perform an action (null when allowed, else the reason for the 403). Assign and reassign are
 * assignRefusal's caller side; the server asks it again with the target.
 */
export function actionPermission(
  action: ApplicationAction,
  actor: ActorContext,
  status: ApplicationStatus,
): string | null {
  switch (action) {
    case 'assign':
    case 'reassign':
      return assignRefusal(action, actor, actor.taskTeams, null);
    case 'release':
      // The assignee leaves the task; a lead (whoever may reassign it) drops it from someone else.
      return actor.assignee === actor.userid || assignRefusal('reassign', actor, actor.taskTeams, null) === null
        ? null
        : 'only the assignee or a holder of a REASSIGN permission for this task may release it';
    case 'complete_step/user':
      return actor.assigned ? null : 'the task is not assigned to you';
    default:
      if (!has(actor, Permissions.APPLICATIONS_ACTIONS)) return 'this needs the APPLICATIONS_ACTIONS permission';
      // 'Assigned' needs an ACTIVE application; on an inactive, cancelled or rejected one (activate,
      // cancelReject, cancel, delete) access to the task is enough.
      if (status !== 'ACTIVE') return actor.hasAccess ? null : 'you do not have access to this application';
      return actor.assigned ? null : 'the task is not assigned to you';
  }
}

/**
 * Spec §6: staff document writes (upload, delete, metadata, copy, merge) need MANAGE_DOCUMENT, on top of
 * access to the application (null when allowed, else the reason for the 403).
 */
export function documentPermission(roles: readonly string[]): string | null {
  return roles.includes(Permissions.MANAGE_DOCUMENT) ? null : 'managing documents needs the MANAGE_DOCUMENT permission';
}

/** A list row as the task-action rule needs it. */
export interface TaskActionRow {
  status: ApplicationStatus;
  progress: TaskProgress;
  assignedTo: string | null;
  callbackRequested: boolean;
  hasPreviousStep: boolean;
}

/**
 * Spec §6 task actions offered on a row. Reappraise is revert_stage on a COMPLETED application, Rebook
 * moves an open callback (rebookRefusal) for whoever may complete it.
 */
export function taskActionsFor(row: TaskActionRow, actor: ActorContext): TaskAction[] {
  const state: ActionState = {
    status: row.status,
    progress: row.progress,
    assigned: row.assignedTo !== null,
    callbackRequested: row.callbackRequested,
    hasPreviousStep: row.hasPreviousStep,
  };
  const can = (action: ApplicationAction) =>
    applyAction(action, state).ok &&
    actionPermission(action, { ...actor, assignee: row.assignedTo }, row.status) === null;
  const out: TaskAction[] = [];
  if (actor.hasAccess) out.push('OpenTask');
  const assigning = applyAction('assign', state).ok ? assignGrants('assign', actor, actor.taskTeams) : [];
  if (assigning.includes('self')) out.push('AssignToSelf');
  // Assign asks whom: it needs a grant that reaches someone besides the caller.
  if (assigning.some((g) => g !== 'self')) out.push('Assign');
  if (can('reassign')) out.push('Reassign');
  if (can('release')) out.push(row.assignedTo === actor.userid ? 'Leave' : 'Drop');
  if (can('revert_stage')) out.push(row.status === 'COMPLETED' ? 'Reappraise' : 'RevertStage');
  if (can('reject')) out.push('Reject');
  if (can('cancel')) out.push('Cancel');
  if (can('complete_callback')) {
    out.push('CompleteCallback');
    if (rebookRefusal(state) === null) out.push('Rebook');
  }
  if (can('activate')) out.push('Activate');
  if (can('cancelReject')) out.push('CancelReject');
  if (actor.hasAccess && has(actor, Permissions.APPLICATIONS_ACTIONS)) out.push('Copy');
  return out.length > 0 ? out : ['None'];
}

/** The sub-status of a task (what the tabs depend on). */
export function taskSubStatus(
  progress: TaskProgress,
  callbackRequested: boolean,
  reviewDate: string | null,
  now: Date,
): TaskSubStatus {
  if (!OPEN.includes(progress)) return progress;
  if (callbackRequested) return 'CALLBACK_REQUESTED';
  if (reviewDate && Date.parse(reviewDate) > now.getTime()) return 'SNOOZED';
  return progress;
}

const SNOOZE_SUB_STATUSES: readonly TaskSubStatus[] = ['In Progress', 'Pending', 'SNOOZED', 'CALLBACK_REQUESTED'];
const QUERY_SUB_STATUSES: readonly TaskSubStatus[] = [...SNOOZE_SUB_STATUSES, 'Completed'];
const APPROVAL_SUB_STATUSES: readonly TaskSubStatus[] = [...QUERY_SUB_STATUSES, 'Rejected'];

export interface TabContext {
  status: ApplicationStatus;
  subStatus: TaskSubStatus;
  roles: readonly string[];
  /** Spec §4 'assigned'. */
  assigned: boolean;
  /** Spec §5: stage differs from the task's step, or field access other than WRITE. */
  editingDisabled: boolean;
}

/**
 * Spec §2 and §6 tab visibility. The sub-statuses for Snooze, Queries, Approvals and Close are ours:
 * Snooze while the task is open (and the TASK_REVIEW_DATE permission), Queries also once completed,
 * Approvals also once rejected (the decision stays readable), Close only for the assignee's task In
 * Progress (it completes the step).
 */
export function visibleTabs(ctx: TabContext): DetailTab[] {
  const tabs: DetailTab[] = [];
  const openApp = ctx.status === 'ACTIVE';
  if (openApp && SNOOZE_SUB_STATUSES.includes(ctx.subStatus) && ctx.roles.includes(Permissions.TASK_REVIEW_DATE)) {
    tabs.push('Snooze');
  }
  tabs.push('Worklogs');
  if (QUERY_SUB_STATUSES.includes(ctx.subStatus)) tabs.push('Queries');
  tabs.push('Docs', 'Notes');
  if (APPROVAL_SUB_STATUSES.includes(ctx.subStatus)) tabs.push('Approvals');
  tabs.push('Tasks');
  if (ctx.assigned && !ctx.editingDisabled) tabs.push('Save');
  if (ctx.assigned && ctx.roles.includes(Permissions.APPLICATIONS_ACTIONS)) tabs.push('Actions');
  if (ctx.assigned && ctx.subStatus === 'In Progress') tabs.push('Close');
  return tabs;
}

/** Spec §5: the operators a column of this kind may filter with. */
function filterOperatorsFor(kind: FilterFieldKind): readonly string[] {
  return FILTER_OPERATORS[kind];
}

/** Spec §5: whether an operator applies to a field kind (the server refuses others with 400). */
export function isFilterOperatorAllowed(kind: FilterFieldKind, operator: string): boolean {
  return filterOperatorsFor(kind).includes(operator);
}
