/**
 * @jest-environment node
 */

import { TEAM_ACCESS_CASES } from '../cases';
import type { Application, AssignmentInfo, User } from '../contracts/entities';
import {
  debugPath,
  hasPortalAccess,
  inTaskTeam,
  isAdminPath,
  isAssignedToUser,
  isContributionAllowed,
  isFeatureAllowed,
  resolveDebugRole,
} from './index';

const user: User = {
  userid: 'u1',
  userName: 'asha',
  firstName: 'Asha',
  lastName: 'Rao',
  displayName: 'Asha Rao',
  roles: ['AGENT'],
  applications: ['originate-backoffice'],
  teams: [
    { type: 'HIERARCHY', id: 'h-north' },
    { type: 'DEPT', id: 'd-credit' },
  ],
};
const app = {
  application_id: 'A1',
  product_code: 'PL',
  product_name: 'Personal loan',
  _applicationStatus: 'ACTIVE',
} as Application;
const assignment: AssignmentInfo = {
  assignedTo: 'u1',
  assignedTeam: [{ type: 'DEPT', id: 'd-credit' }],
  allowedUsers: [],
  progress: 'In Progress',
  taskName: 'Credit check',
  taskId: 't1',
};

describe('isFeatureAllowed', () => {
  it('allows an empty requirement and a held role; refuses a missing one', () => {
    expect(isFeatureAllowed('', [])).toBe(true);
    expect(isFeatureAllowed(null, [])).toBe(true);
    expect(isFeatureAllowed(undefined, ['X'])).toBe(true);
    expect(isFeatureAllowed('NOTIFICATION', ['AGENT', 'NOTIFICATION'])).toBe(true);
    expect(isFeatureAllowed('NOTIFICATION', ['AGENT'])).toBe(false);
  });
});

describe('isContributionAllowed (a remote.json menu item or page)', () => {
  it('needs requiredRole when set, and one of requiredRoles when set', () => {
    expect(isContributionAllowed({}, [])).toBe(true);
    expect(isContributionAllowed({ requiredRoles: [] }, [])).toBe(true);
    const video = { requiredRoles: ['AGENT', 'SUPERVISOR'] };
    expect(isContributionAllowed(video, ['SUPERVISOR'])).toBe(true);
    expect(isContributionAllowed(video, ['CPA'])).toBe(false);
    expect(isContributionAllowed(video, [])).toBe(false);
    expect(isContributionAllowed({ ...video, requiredRole: 'BH' }, ['AGENT'])).toBe(false);
    expect(isContributionAllowed({ ...video, requiredRole: 'BH' }, ['AGENT', 'BH'])).toBe(true);
  });
});

describe('resolveDebugRole', () => {
  it('lets DEVELOPER beat DEBUGGER', () => {
    expect(resolveDebugRole(['DEBUGGER', 'DEVELOPER'])).toBe('DEVELOPER');
    expect(resolveDebugRole(['DEVELOPER'])).toBe('DEVELOPER');
    expect(resolveDebugRole(['DEBUGGER', 'AGENT'])).toBe('DEBUGGER');
    expect(resolveDebugRole(['AGENT'])).toBeNull();
  });
});

describe('hasPortalAccess', () => {
  it('requires the portal app name in the user applications', () => {
    expect(hasPortalAccess(user, 'originate-backoffice')).toBe(true);
    expect(hasPortalAccess({ ...user, applications: ['other'] }, 'originate-backoffice')).toBe(false);
  });
});

describe('isAssignedToUser (spec §4)', () => {
  it('is true for the assignee of an active, in-progress task of one of their teams', () => {
    expect(isAssignedToUser(app, assignment, user)).toBe(true);
    expect(isAssignedToUser(app, { ...assignment, assignedTo: 'asha' }, user)).toBe(true);
    expect(isAssignedToUser(app, { ...assignment, assignedTeam: [{ type: 'HIERARCHY', id: 'h-north' }] }, user)).toBe(
      true,
    );
  });

  it('is false for another assignee or no assignee', () => {
    expect(isAssignedToUser(app, { ...assignment, assignedTo: 'u2' }, user)).toBe(false);
    expect(isAssignedToUser(app, { ...assignment, assignedTo: undefined }, user)).toBe(false);
  });

  it('is false unless the application is ACTIVE', () => {
    expect(isAssignedToUser({ ...app, _applicationStatus: 'CANCELLED' }, assignment, user)).toBe(false);
  });

  it('is false unless the task is In Progress', () => {
    expect(isAssignedToUser(app, { ...assignment, progress: 'Pending' }, user)).toBe(false);
  });

  it('is false when no team matches by type and id', () => {
    expect(isAssignedToUser(app, { ...assignment, assignedTeam: [{ type: 'DEPT', id: 'd-other' }] }, user)).toBe(false);
    // Same id but a different team type is not a match.
    expect(isAssignedToUser(app, { ...assignment, assignedTeam: [{ type: 'HIERARCHY', id: 'd-credit' }] }, user)).toBe(
      false,
    );
    expect(isAssignedToUser(app, { ...assignment, assignedTeam: [] }, user)).toBe(false);
  });

  it('lets a user team with allTeams match any team of its type', () => {
    const lead = { ...user, teams: [{ type: 'DEPT' as const, id: 'd-all', allTeams: true }] };
    expect(isAssignedToUser(app, assignment, lead)).toBe(true);
  });
});

describe('inTaskTeam (the one team rule, the same cases as the server)', () => {
  it.each(TEAM_ACCESS_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(inTaskTeam(c.userTeams, c.taskTeams)).toBe(c.inTeam);
    const mine = { ...user, teams: c.userTeams };
    expect(isAssignedToUser(app, { ...assignment, assignedTo: user.userid, assignedTeam: c.taskTeams }, mine)).toBe(
      c.inTeam,
    );
  });
});

describe('isAdminPath and debugPath', () => {
  it.each([
    '/v3/auth/login',
    '/setup/configs/Environment/Domain',
    '/config/flow_configs',
    '/master_configs/products',
    '/v3/setup_configs/PL',
    '/component/setup_config/a/b',
    '/api/getCustomeStyle',
    '/api/getAdminConfigurations',
  ])('%s is an admin path', (path) => {
    expect(isAdminPath(path)).toBe(true);
    expect(debugPath(path, true)).toBe(path);
  });

  it('prefixes non-admin paths with /debugger only in debug mode', () => {
    expect(isAdminPath('/backstage/getApplications')).toBe(false);
    expect(debugPath('/backstage/getApplications', true)).toBe('/debugger/backstage/getApplications');
    expect(debugPath('/backstage/getApplications', false)).toBe('/backstage/getApplications');
  });
});
