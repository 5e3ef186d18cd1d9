import { ASSIGN_CASES } from '@originate/contract/cases';
import { LEAD_ROLES, OFFICER_ROLES, staff, task } from '../test/fixtures';
import { ACTION_LABELS, ACTION_REQUESTS, openPath, rowActions } from './rowActions';

const officer = staff('USR-1001', OFFICER_ROLES);
const lead = staff('USR-1002', LEAD_ROLES);
const admin = staff(
  'USR-1004',
  [
    'ADMIN',
    'ALL_APPLICATIONS_ASSIGN',
    'ALL_APPLICATIONS_REASSIGN',
    'ALL_APPLICATIONS_ASSIGN_SELF',
    'APPLICATIONS_ACTIONS',
  ],
  {
    teams: [{ type: 'HIERARCHY', id: 'TEAM-WEST-REGION', allTeams: true }],
  },
);

describe('the actions a row offers (shared taskActionsFor, fed the row and the user)', () => {
  it('gives the assignee open, leave, revert, reject, cancel and copy, and no reassign', () => {
    expect(rowActions(task(), officer)).toEqual(['OpenTask', 'Leave', 'RevertStage', 'Reject', 'Cancel', 'Copy']);
  });

  it('gives a team lead reassign and drop on a team member’s task, and no step actions (not assigned to them)', () => {
    expect(rowActions(task(), lead)).toEqual(['OpenTask', 'Reassign', 'Drop', 'Copy']);
  });

  it('offers assign-to-self on an unassigned team task to a team lead, never to an officer', () => {
    const open = task({ assignedTo: null, assignedToName: null, progress: 'Pending', subStatus: 'Pending' });
    expect(rowActions(open, lead)).toEqual(expect.arrayContaining(['AssignToSelf', 'Assign']));
    expect(rowActions(open, officer)).not.toEqual(expect.arrayContaining(['AssignToSelf']));
    expect(rowActions(open, officer)).not.toEqual(expect.arrayContaining(['Assign']));
  });

  it('offers the team assign-to-self only for a task of the user’s team; ALL_* holders anywhere', () => {
    const foreign = task({
      assignedTo: null,
      progress: 'Pending',
      assignedTeam: [{ type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL' }],
    });
    expect(rowActions(foreign, lead)).not.toContain('AssignToSelf');
    expect(rowActions(foreign, admin)).toContain('AssignToSelf');
  });

  it('offers complete-callback while a callback is open, and activate on an inactive application', () => {
    expect(rowActions(task({ subStatus: 'CALLBACK_REQUESTED' }), officer)).toContain('CompleteCallback');
    expect(rowActions(task({ _applicationStatus: 'INACTIVE' }), officer)).toContain('Activate');
    expect(rowActions(task({ _applicationStatus: 'REJECTED', progress: 'Rejected' }), officer)).toContain(
      'CancelReject',
    );
  });

  it('offers Rebook beside complete-callback to the assignee while a callback is open, not to a lead', () => {
    const callback = task({ subStatus: 'CALLBACK_REQUESTED' });
    expect(rowActions(callback, officer)).toEqual(expect.arrayContaining(['CompleteCallback', 'Rebook']));
    expect(rowActions(task(), officer)).not.toContain('Rebook');
    expect(rowActions(callback, lead)).not.toContain('Rebook');
  });

  it('offers Reappraise, not Revert stage, on a completed application', () => {
    const completed = task({ _applicationStatus: 'COMPLETED', progress: 'Completed', subStatus: 'Completed' });
    expect(rowActions(completed, admin)).toEqual(['OpenTask', 'Reappraise', 'Copy']);
    expect(rowActions(completed, staff('USR-1009', ['NOTIFICATION']))).toEqual(['OpenTask']);
  });

  it('offers no revert on a first step, and never None', () => {
    expect(rowActions(task({ stepNumber: 1 }), officer)).not.toContain('RevertStage');
    expect(rowActions(task({ _applicationStatus: 'DELETED' }), staff('X', []))).toEqual(['OpenTask']);
  });

  it('posts the application action each row action stands for, with a label for every action', () => {
    expect(ACTION_REQUESTS).toEqual({
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
      Reappraise: 'revert_stage',
    });
    expect(ACTION_LABELS.AssignToSelf).toBe('Assign to me');
  });
});

describe('assignment in the row menu: the same cases as shared and the server (ASSIGN_CASES)', () => {
  const ASSIGNMENT = ['AssignToSelf', 'Assign', 'Reassign'];
  it.each(ASSIGN_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const caller = staff('USR-1002', c.roles, { teams: c.callerTeams });
    // assign takes a queued task, reassign one someone else holds.
    const row =
      c.action === 'assign'
        ? task({ assignedTo: null, assignedToName: null, progress: 'Pending', subStatus: 'Pending' })
        : task({ assignedTo: 'USR-1003', assignedToName: 'Vikram Nair' });
    const offered = rowActions({ ...row, assignedTeam: c.taskTeams }, caller).filter((a) => ASSIGNMENT.includes(a));
    expect(offered).toEqual(c.offered);
  });
});

describe('opening a row (spec §2)', () => {
  it('resumes the customer flow for a CUST_FLOW task assigned to the user', () => {
    expect(openPath(task({ type: 'CUST_FLOW' }), officer)).toBe('/backstage/newapplication?resume=APP-0001');
  });

  it('opens the detail otherwise: another type, another assignee, or not In Progress', () => {
    const detail = '/backstage/application?application_id=APP-0001&taskId=TSK-1';
    expect(openPath(task(), officer)).toBe(detail);
    expect(openPath(task({ type: 'CUST_FLOW' }), lead)).toBe(detail);
    expect(openPath(task({ type: 'CUST_FLOW', progress: 'Pending' }), officer)).toBe(detail);
  });
});
