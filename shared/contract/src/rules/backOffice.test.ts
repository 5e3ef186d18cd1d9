import fc from 'fast-check';
import { ASSIGN_CASES } from '../cases';
import {
  APPLICATION_ACTIONS,
  type ApplicationAction,
  COMPLETION_ERRORS,
  DETAIL_TABS,
  FILTER_OPERATORS,
  GLOBAL_SEARCH_FIELDS,
  GRID_PAGE_SIZE_OPTIONS,
} from '../contracts/backOffice';
import type { ApplicationStatus, TaskProgress, Team } from '../contracts/entities';
import {
  type ActionState,
  type ActorContext,
  actionPermission,
  applyAction,
  assignRefusal,
  documentPermission,
  futureTimeProblem,
  isFilterOperatorAllowed,
  rebookRefusal,
  taskActionsFor,
  taskSubStatus,
  visibleTabs,
} from './backOffice';

const STATUSES: ApplicationStatus[] = ['ACTIVE', 'CANCELLED', 'REJECTED', 'DELETED', 'COMPLETED', 'INACTIVE'];
const PROGRESSES: TaskProgress[] = ['In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled'];

const state = (over: Partial<ActionState> = {}): ActionState => ({
  status: 'ACTIVE',
  progress: 'In Progress',
  assigned: true,
  callbackRequested: false,
  hasPreviousStep: true,
  ...over,
});

/** Every action from every status, with the task in the state the action needs: [action, status, result]. */
const EXPECTED: Record<ApplicationAction, Partial<Record<ApplicationStatus, ApplicationStatus>>> = {
  reject: { ACTIVE: 'REJECTED' },
  cancelReject: { REJECTED: 'ACTIVE' },
  cancel: { ACTIVE: 'CANCELLED', INACTIVE: 'CANCELLED' },
  inactivate: { ACTIVE: 'INACTIVE' },
  activate: { INACTIVE: 'ACTIVE', CANCELLED: 'ACTIVE' },
  revert_stage: { ACTIVE: 'ACTIVE', COMPLETED: 'ACTIVE' },
  release: { ACTIVE: 'ACTIVE' },
  delete: { ACTIVE: 'DELETED', INACTIVE: 'DELETED', CANCELLED: 'DELETED', REJECTED: 'DELETED' },
  request_for_callback: { ACTIVE: 'ACTIVE' },
  complete_callback: { ACTIVE: 'ACTIVE' },
  assign: { ACTIVE: 'ACTIVE' },
  reassign: { ACTIVE: 'ACTIVE' },
  'complete_step/user': { ACTIVE: 'ACTIVE' },
};

/** The task state each action needs to apply at all. */
function readyFor(action: ApplicationAction, status: ApplicationStatus): ActionState {
  const progress: TaskProgress =
    action === 'revert_stage' && status === 'COMPLETED'
      ? 'Completed'
      : action === 'cancelReject'
        ? 'Rejected'
        : action === 'activate' && status === 'CANCELLED'
          ? 'Cancelled'
          : 'In Progress';
  return state({
    status,
    progress,
    assigned: action !== 'assign',
    callbackRequested: action === 'complete_callback',
  });
}

describe('the application state machine (every action from every status)', () => {
  for (const action of APPLICATION_ACTIONS) {
    for (const status of STATUSES) {
      const expected = EXPECTED[action][status];
      it(`${action} from ${status} ${expected ? `leads to ${expected}` : 'is refused'}`, () => {
        const outcome = applyAction(action, readyFor(action, status));
        if (expected) {
          expect(outcome).toMatchObject({ ok: true, status: expected });
        } else {
          expect(outcome.ok).toBe(false);
          if (!outcome.ok) expect(outcome.reason).toContain(`not ${status}`);
        }
      });
    }
  }

  it('sets the task progress each action leads to', () => {
    expect(applyAction('reject', state())).toMatchObject({ progress: 'Rejected' });
    expect(applyAction('cancel', state())).toMatchObject({ progress: 'Cancelled' });
    expect(applyAction('release', state())).toMatchObject({ progress: 'Pending' });
    expect(applyAction('assign', state({ assigned: false, progress: 'Pending' }))).toMatchObject({
      progress: 'In Progress',
    });
    expect(applyAction('complete_step/user', state())).toMatchObject({ progress: 'Completed' });
    expect(applyAction('revert_stage', state())).toMatchObject({ progress: 'Cancelled' });
    expect(applyAction('cancelReject', state({ status: 'REJECTED', progress: 'Rejected' }))).toMatchObject({
      progress: 'In Progress',
    });
    expect(
      applyAction('cancelReject', state({ status: 'REJECTED', progress: 'Rejected', assigned: false })),
    ).toMatchObject({ progress: 'Pending' });
    expect(applyAction('request_for_callback', state())).toMatchObject({ callbackRequested: true });
    expect(applyAction('complete_callback', state({ callbackRequested: true }))).toMatchObject({
      callbackRequested: false,
    });
  });

  it('refuses actions whose task precondition fails, saying why', () => {
    expect(applyAction('assign', state())).toEqual({
      ok: false,
      reason: 'assign does not apply: the task is already assigned; use reassign',
    });
    expect(applyAction('reassign', state({ assigned: false }))).toMatchObject({ ok: false });
    expect(applyAction('revert_stage', state({ hasPreviousStep: false }))).toMatchObject({ ok: false });
    expect(applyAction('complete_step/user', state({ progress: 'Pending' }))).toMatchObject({ ok: false });
    expect(applyAction('complete_step/user', state({ callbackRequested: true }))).toMatchObject({ ok: false });
    expect(applyAction('complete_callback', state())).toMatchObject({ ok: false });
    expect(applyAction('request_for_callback', state({ callbackRequested: true }))).toMatchObject({ ok: false });
    expect(applyAction('reject', state({ progress: 'Completed' }))).toMatchObject({ ok: false });
  });

  it('reopens a COMPLETED application only by revert_stage (reappraisal), leaving its task Completed', () => {
    expect(applyAction('revert_stage', state({ status: 'COMPLETED', progress: 'Completed' }))).toEqual({
      ok: true,
      status: 'ACTIVE',
      progress: 'Completed',
      callbackRequested: false,
    });
    expect(applyAction('revert_stage', state({ status: 'COMPLETED', progress: 'Cancelled' }))).toEqual({
      ok: false,
      reason: 'revert_stage does not apply: the task is Cancelled',
    });
  });

  it('never leaves DELETED, nor COMPLETED but by revert_stage (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...APPLICATION_ACTIONS),
        fc.constantFrom<ApplicationStatus>('COMPLETED', 'DELETED'),
        fc.constantFrom(...PROGRESSES),
        fc.boolean(),
        fc.boolean(),
        (action, status, progress, assigned, callbackRequested) =>
          applyAction(action, state({ status, progress, assigned, callbackRequested })).ok ===
          (action === 'revert_stage' && status === 'COMPLETED' && progress === 'Completed'),
      ),
    );
  });

  it('names the completion errors of spec §4 in their order', () => {
    expect(COMPLETION_ERRORS).toEqual([
      'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL',
      'APPROVALS_PENDING',
      'QUERIES_PENDING',
    ]);
  });
});

const MUM: Team = { type: 'HIERARCHY', id: 'MUM' };
const PUNE: Team = { type: 'HIERARCHY', id: 'PUNE' };

/** A caller on a task of their own team, unless told otherwise. */
const actor = (over: Partial<ActorContext> = {}): ActorContext => ({
  userid: 'U1',
  roles: [],
  teams: [MUM],
  assigned: true,
  hasAccess: true,
  assignee: 'U1',
  taskTeams: [MUM],
  ...over,
});

describe('actionPermission', () => {
  it('needs APPLICATIONS_ACTIONS and the task assigned for the application actions', () => {
    expect(actionPermission('reject', actor(), 'ACTIVE')).toBe('this needs the APPLICATIONS_ACTIONS permission');
    expect(actionPermission('reject', actor({ roles: ['APPLICATIONS_ACTIONS'] }), 'ACTIVE')).toBeNull();
    expect(actionPermission('reject', actor({ roles: ['APPLICATIONS_ACTIONS'], assigned: false }), 'ACTIVE')).toBe(
      'the task is not assigned to you',
    );
  });
  it('on an application that is not ACTIVE, access to the task is enough', () => {
    const holder = actor({ roles: ['APPLICATIONS_ACTIONS'], assigned: false });
    expect(actionPermission('activate', holder, 'INACTIVE')).toBeNull();
    expect(actionPermission('cancelReject', holder, 'REJECTED')).toBeNull();
    expect(actionPermission('activate', { ...holder, hasAccess: false }, 'INACTIVE')).toBe(
      'you do not have access to this application',
    );
  });
  it('assign and reassign follow the TEAM_/ALL_APPLICATIONS_* permissions (the team ones on the caller’s teams’ tasks)', () => {
    expect(actionPermission('assign', actor(), 'ACTIVE')).not.toBeNull();
    expect(actionPermission('assign', actor({ roles: ['TEAM_APPLICATIONS_ASSIGN'] }), 'ACTIVE')).toBeNull();
    expect(actionPermission('assign', actor({ roles: ['ALL_APPLICATIONS_ASSIGN_SELF'] }), 'ACTIVE')).toBeNull();
    expect(actionPermission('reassign', actor({ roles: ['TEAM_APPLICATIONS_ASSIGN'] }), 'ACTIVE')).not.toBeNull();
    expect(actionPermission('reassign', actor({ roles: ['ALL_APPLICATIONS_REASSIGN'] }), 'ACTIVE')).toBeNull();
  });
  it('release: the assignee leaves, whoever may reassign the task drops it; nobody else', () => {
    expect(actionPermission('release', actor(), 'ACTIVE')).toBeNull();
    expect(actionPermission('release', actor({ assignee: 'U2' }), 'ACTIVE')).not.toBeNull();
    const lead = actor({ assignee: 'U2', roles: ['TEAM_APPLICATIONS_REASSIGN'] });
    expect(actionPermission('release', lead, 'ACTIVE')).toBeNull();
    // The team permission reaches only a task of the lead's teams.
    expect(actionPermission('release', { ...lead, taskTeams: [PUNE] }, 'ACTIVE')).toBe(
      'only the assignee or a holder of a REASSIGN permission for this task may release it',
    );
    expect(
      actionPermission('release', { ...lead, roles: ['ALL_APPLICATIONS_REASSIGN'], taskTeams: [PUNE] }, 'ACTIVE'),
    ).toBeNull();
  });
  it('complete_step/user needs only the task assigned', () => {
    expect(actionPermission('complete_step/user', actor(), 'ACTIVE')).toBeNull();
    expect(actionPermission('complete_step/user', actor({ assigned: false }), 'ACTIVE')).not.toBeNull();
  });
});

describe('assignment: the same cases as the server and the row menu (ASSIGN_CASES)', () => {
  const ROW_ACTIONS = ['AssignToSelf', 'Assign', 'Reassign'];
  describe.each(ASSIGN_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const caller = actor({
      userid: 'U2',
      roles: c.roles,
      teams: c.callerTeams,
      taskTeams: c.taskTeams,
      assigned: false,
    });
    const target = c.target === 'self' ? { userid: 'U2', teams: c.callerTeams } : { userid: 'U3', teams: c.target };
    it('assignRefusal gives the server’s answer, reason included', () => {
      expect(assignRefusal(c.action, caller, c.taskTeams, target)).toBe(c.refused);
    });
    it('the action is offered exactly as the case says, and never where the caller may not take it', () => {
      const row = {
        status: 'ACTIVE' as ApplicationStatus,
        progress: (c.action === 'assign' ? 'Pending' : 'In Progress') as TaskProgress,
        assignedTo: c.action === 'assign' ? null : 'U9',
        callbackRequested: false,
        hasPreviousStep: true,
      };
      const offered = taskActionsFor(row, { ...caller, assignee: row.assignedTo });
      expect(offered.filter((a) => ROW_ACTIONS.includes(a))).toEqual(c.offered);
      const callerSide = actionPermission(c.action, caller, 'ACTIVE');
      expect(callerSide === null).toBe(c.offered.length > 0);
      if (callerSide !== null) expect(callerSide).toBe(c.refused);
    });
  });
});

describe('taskActionsFor (spec §6 task actions)', () => {
  const row = {
    status: 'ACTIVE' as ApplicationStatus,
    progress: 'Pending' as TaskProgress,
    assignedTo: null as string | null,
    callbackRequested: false,
    hasPreviousStep: true,
  };
  it('offers assign-to-self and assign on a queued task to the team lead', () => {
    const lead = actor({ roles: ['TEAM_APPLICATIONS_ASSIGN', 'TEAM_APPLICATIONS_ASSIGN_SELF'], assigned: false });
    expect(taskActionsFor(row, lead)).toEqual(['OpenTask', 'AssignToSelf', 'Assign']);
  });
  it('assign-to-self with the team permission only for a task of the caller’s team', () => {
    const self = actor({ roles: ['TEAM_APPLICATIONS_ASSIGN_SELF'], assigned: false, teams: [MUM], taskTeams: [MUM] });
    expect(taskActionsFor(row, self)).toContain('AssignToSelf');
    expect(taskActionsFor(row, { ...self, taskTeams: [PUNE] })).not.toContain('AssignToSelf');
  });
  it('offers the assignee Leave and the application actions, a lead Reassign and Drop', () => {
    const mine = { ...row, progress: 'In Progress' as TaskProgress, assignedTo: 'U1' };
    expect(taskActionsFor(mine, actor({ roles: ['APPLICATIONS_ACTIONS'] }))).toEqual([
      'OpenTask',
      'Leave',
      'RevertStage',
      'Reject',
      'Cancel',
      'Copy',
    ]);
    const lead = actor({ userid: 'U2', roles: ['TEAM_APPLICATIONS_REASSIGN'], assigned: false });
    expect(taskActionsFor(mine, lead)).toEqual(['OpenTask', 'Reassign', 'Drop']);
  });
  it('offers CancelReject on a rejected application and Activate on an inactive one', () => {
    const holder = actor({ roles: ['APPLICATIONS_ACTIONS'], assigned: false });
    expect(taskActionsFor({ ...row, status: 'REJECTED', progress: 'Rejected', assignedTo: 'U1' }, holder)).toContain(
      'CancelReject',
    );
    expect(taskActionsFor({ ...row, status: 'INACTIVE' }, holder)).toContain('Activate');
  });
  it('is None when nothing applies (no access)', () => {
    expect(taskActionsFor({ ...row, status: 'COMPLETED', progress: 'Completed' }, actor({ hasAccess: false }))).toEqual(
      ['None'],
    );
  });
  it('offers Reappraise, not RevertStage, on a COMPLETED application to a holder of APPLICATIONS_ACTIONS with access', () => {
    const completed = { ...row, status: 'COMPLETED' as ApplicationStatus, progress: 'Completed' as TaskProgress };
    const holder = actor({ roles: ['APPLICATIONS_ACTIONS'], assigned: false });
    expect(taskActionsFor(completed, holder)).toEqual(['OpenTask', 'Reappraise', 'Copy']);
    expect(taskActionsFor(completed, actor({ assigned: false }))).toEqual(['OpenTask']);
  });
  it('offers Rebook beside CompleteCallback while a callback is open on an open task', () => {
    const callback = { ...row, progress: 'In Progress' as TaskProgress, assignedTo: 'U1', callbackRequested: true };
    const mine = actor({ roles: ['APPLICATIONS_ACTIONS'] });
    expect(taskActionsFor(callback, mine)).toEqual(expect.arrayContaining(['CompleteCallback', 'Rebook']));
    expect(taskActionsFor({ ...callback, callbackRequested: false }, mine)).not.toContain('Rebook');
    expect(taskActionsFor(callback, actor({ roles: ['APPLICATIONS_ACTIONS'], assigned: false }))).not.toContain(
      'Rebook',
    );
  });
  it('offers Rebook exactly where rebookRefusal allows and the caller may complete the callback (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.constantFrom(...PROGRESSES),
        fc.boolean(),
        fc.boolean(),
        fc.subarray(['APPLICATIONS_ACTIONS', 'TEAM_APPLICATIONS_ASSIGN', 'ALL_APPLICATIONS_REASSIGN']),
        (status, progress, mine, callbackRequested, roles) => {
          const r = { ...row, status, progress, callbackRequested, assignedTo: mine ? 'U1' : null };
          const who = actor({ roles, assigned: mine && status === 'ACTIVE' && progress === 'In Progress' });
          const s = { status, progress, assigned: mine, callbackRequested, hasPreviousStep: true };
          const allowed =
            rebookRefusal(s) === null &&
            actionPermission('complete_callback', { ...who, assignee: r.assignedTo }, status) === null;
          return taskActionsFor(r, who).includes('Rebook') === allowed;
        },
      ),
    );
  });
});

describe('rebookRefusal and futureTimeProblem', () => {
  const open = state({ callbackRequested: true });
  it('rebooks an open callback on an ACTIVE application, and says why not otherwise', () => {
    expect(rebookRefusal(open)).toBeNull();
    expect(rebookRefusal(state())).toBe('rebook does not apply: no callback is requested');
    expect(rebookRefusal({ ...open, progress: 'Completed' })).toBe('rebook does not apply: the task is Completed');
    expect(rebookRefusal({ ...open, status: 'INACTIVE' })).toBe(
      'rebook applies to an ACTIVE application, not INACTIVE',
    );
  });
  it('takes only a date and time ahead of now', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(futureTimeProblem('2026-11-25T10:30:00Z', now)).toBeNull();
    expect(futureTimeProblem('2026-11-25T10:00:00Z', now)).toBe('must be in the future');
    expect(futureTimeProblem('soon', now)).toBe('is not a date and time');
  });
});

describe('visibleTabs (spec §2, §6)', () => {
  const ctx = {
    status: 'ACTIVE' as ApplicationStatus,
    subStatus: 'In Progress' as const,
    roles: ['TASK_REVIEW_DATE', 'APPLICATIONS_ACTIONS'],
    assigned: true,
    editingDisabled: false,
  };
  it('shows every tab, in order, to the assignee of an in-progress task with the permissions', () => {
    expect(visibleTabs(ctx)).toEqual([...DETAIL_TABS]);
  });
  it('hides Save and Actions (and Close) when the application is not assigned to the user', () => {
    expect(visibleTabs({ ...ctx, assigned: false })).toEqual([
      'Snooze',
      'Worklogs',
      'Queries',
      'Docs',
      'Notes',
      'Approvals',
      'Tasks',
    ]);
  });
  it('hides Save, not Actions, when editing is disabled', () => {
    const tabs = visibleTabs({ ...ctx, editingDisabled: true });
    expect(tabs).not.toContain('Save');
    expect(tabs).toContain('Actions');
  });
  it('hides Actions without APPLICATIONS_ACTIONS and Snooze without TASK_REVIEW_DATE', () => {
    const tabs = visibleTabs({ ...ctx, roles: [] });
    expect(tabs).not.toContain('Actions');
    expect(tabs).not.toContain('Snooze');
  });
  it('shows Snooze, Queries, Approvals and Close only for their sub-statuses', () => {
    const forSub = (subStatus: (typeof ctx)['subStatus'] | 'Completed' | 'Rejected' | 'Cancelled' | 'SNOOZED') =>
      visibleTabs({ ...ctx, subStatus });
    expect(forSub('SNOOZED')).toEqual(expect.arrayContaining(['Snooze', 'Queries', 'Approvals']));
    expect(forSub('SNOOZED')).not.toContain('Close');
    expect(forSub('Completed')).toEqual(expect.arrayContaining(['Queries', 'Approvals']));
    expect(forSub('Completed')).not.toContain('Snooze');
    expect(forSub('Rejected')).toContain('Approvals');
    expect(forSub('Rejected')).not.toContain('Queries');
    expect(forSub('Cancelled')).not.toEqual(expect.arrayContaining(['Queries']));
    expect(forSub('Cancelled')).not.toContain('Approvals');
  });
});

describe('documentPermission (spec §6 MANAGE_DOCUMENT)', () => {
  it('allows document writes only with MANAGE_DOCUMENT, giving the reason otherwise', () => {
    expect(documentPermission(['NOTIFICATION', 'MANAGE_DOCUMENT'])).toBeNull();
    expect(documentPermission(['NOTIFICATION', 'BH', 'APPLICATIONS_ACTIONS'])).toBe(
      'managing documents needs the MANAGE_DOCUMENT permission',
    );
    expect(documentPermission([])).not.toBeNull();
  });
});

describe('taskSubStatus', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('is the progress, or CALLBACK_REQUESTED, or SNOOZED while the review date is ahead', () => {
    expect(taskSubStatus('In Progress', false, null, now)).toBe('In Progress');
    expect(taskSubStatus('Pending', true, null, now)).toBe('CALLBACK_REQUESTED');
    expect(taskSubStatus('In Progress', false, '2026-11-24T00:00:00Z', now)).toBe('SNOOZED');
    expect(taskSubStatus('In Progress', false, '2026-11-22T00:00:00Z', now)).toBe('In Progress');
    expect(taskSubStatus('Completed', true, '2026-11-24T00:00:00Z', now)).toBe('Completed');
  });
});

describe('filters and constants (spec §5, §9)', () => {
  it('has exactly the spec operators per field kind', () => {
    expect(FILTER_OPERATORS).toEqual({
      amount: ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL'],
      text: ['EQUAL', 'NOT_EQUAL', 'CONTAINS', 'ENDS_WITH'],
      date: ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN'],
      dropdown: ['EQUAL', 'NOT_EQUAL'],
    });
    expect(isFilterOperatorAllowed('text', 'CONTAINS')).toBe(true);
    expect(isFilterOperatorAllowed('date', 'CONTAINS')).toBe(false);
    expect(isFilterOperatorAllowed('dropdown', 'GREATER_THAN')).toBe(false);
  });
  it('has the spec page sizes and global search fields', () => {
    expect(GRID_PAGE_SIZE_OPTIONS).toEqual([6, 9, 27, 51, 99]);
    expect(GLOBAL_SEARCH_FIELDS).toEqual(['application_id', '_applicationStatus', 'initiatedBy', 'cre_time']);
  });
});
