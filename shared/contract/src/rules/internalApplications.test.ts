/**
 * @jest-environment node
 */

import type { Team } from '../contracts/entities';
import {
  mayStartApplications,
  resumeLinkRefusal,
  START_APPLICATION_ROLES,
  startApplicationRefusal,
  startQueueRefusal,
} from './index';

describe('startApplicationRefusal', () => {
  it('lets the branch roles start applications', () => {
    expect(startApplicationRefusal(['NOTIFICATION', 'CPA', 'APPLICATIONS_ACTIONS'])).toBeNull();
    expect(startApplicationRefusal(['BCM'])).toBeNull();
    expect(mayStartApplications(['CPA'])).toBe(true);
  });

  it('refuses approvers, operations admins and users without roles, naming the roles needed', () => {
    for (const roles of [['NOTIFICATION', 'BH'], ['ADMIN', 'APPLICATIONS_ACTIONS', 'ALL_APPLICATIONS_ASSIGN'], []]) {
      expect(startApplicationRefusal(roles)).toBe('Starting an application needs the role CPA or BCM (branch staff)');
      expect(mayStartApplications(roles)).toBe(false);
    }
    expect(START_APPLICATION_ROLES).toEqual(['CPA', 'BCM']);
  });
});

describe('startQueueRefusal', () => {
  const queue: Team[] = [
    { type: 'HIERARCHY', id: 'TEAM-MUM-WEST' },
    { type: 'DEPT', id: 'TEAM-RETAIL-LENDING' },
  ];
  const product = { product_code: 'PL', queue };

  it('accepts a starter in one of the queue teams, or holding all teams of a type', () => {
    expect(startQueueRefusal([{ type: 'DEPT', id: 'TEAM-RETAIL-LENDING' }], product)).toBeNull();
    expect(startQueueRefusal([{ type: 'HIERARCHY', id: 'TEAM-WEST', allTeams: true }], product)).toBeNull();
  });

  it('refuses a starter outside the queue, and any starter when the product has no queue', () => {
    expect(startQueueRefusal([{ type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL' }], product)).toBe(
      "You are in none of the teams that work product PL's applications",
    );
    expect(startQueueRefusal(queue, { product_code: 'PL', queue: [] })).not.toBeNull();
  });
});

describe('resumeLinkRefusal', () => {
  const open = { status: 'ACTIVE' as const, submitted: false, customerFlowOpen: true };

  it('allows an active, unsubmitted application with its customer-flow task open', () => {
    expect(resumeLinkRefusal(open)).toBeNull();
  });

  it('refuses a submitted, inactive or closed-flow application with the reason', () => {
    expect(resumeLinkRefusal({ ...open, submitted: true, customerFlowOpen: false })).toMatch(/already been submitted/);
    expect(resumeLinkRefusal({ ...open, status: 'CANCELLED' })).toBe(
      'The application is CANCELLED: it cannot be resumed',
    );
    expect(resumeLinkRefusal({ ...open, customerFlowOpen: false })).toBe(
      'The application has no open customer-flow task to resume',
    );
  });
});
