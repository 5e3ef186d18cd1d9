import type { Application } from '@originate/contract';
import { LEAD_ROLES, OFFICER_ROLES } from '../test/fixtures';
import { offersResumeLink, showsStartApplication } from './internal';
import { resumePath } from './rowActions';

describe('showsStartApplication', () => {
  it('shows on New Internal and My Internal to officers and team leads', () => {
    expect(showsStartApplication('NEW_INTERNAL', OFFICER_ROLES)).toBe(true);
    expect(showsStartApplication('MY_INTERNAL', LEAD_ROLES)).toBe(true);
  });

  it('never on other lists, nor to users who may not start applications', () => {
    expect(showsStartApplication('MY_APPLICATIONS', OFFICER_ROLES)).toBe(false);
    expect(showsStartApplication('NEW_INTERNAL', ['NOTIFICATION', 'BH'])).toBe(false);
    expect(showsStartApplication('MY_INTERNAL', ['ADMIN', 'ALL_APPLICATIONS_ASSIGN'])).toBe(false);
  });
});

describe('offersResumeLink', () => {
  const app = (
    progress: 'In Progress' | 'Completed',
    extra: Partial<Application> = {},
  ): Pick<Application, 'source_id' | 'appLifeCycle' | '_applicationStatus'> => ({
    source_id: 'BRANCH',
    _applicationStatus: 'ACTIVE',
    appLifeCycle: {
      stage: 'Application Capture',
      steps: [
        {
          stepName: 'Application Capture',
          type: 'CUST_FLOW',
          assignmentInfo: [
            { assignedTeam: [], allowedUsers: [], progress, taskName: 'Customer application', taskId: 'T-1' },
          ],
        },
      ],
    },
    ...extra,
  });

  it('offers a link for a branch application whose customer-flow task is open', () => {
    expect(offersResumeLink(app('In Progress'))).toBe(true);
  });

  it('offers none once submitted, for other sources, or when the application is not active', () => {
    expect(offersResumeLink(app('Completed'))).toBe(false);
    expect(offersResumeLink(app('In Progress', { source_id: 'WEB' }))).toBe(false);
    expect(offersResumeLink(app('In Progress', { source_id: undefined }))).toBe(false);
    expect(offersResumeLink(app('In Progress', { _applicationStatus: 'CANCELLED' }))).toBe(false);
  });
});

describe('resumePath', () => {
  it('opens the customer flow in staff mode on the application', () => {
    expect(resumePath('PL-2026-500001')).toBe('/backstage/newapplication?resume=PL-2026-500001');
  });
});
