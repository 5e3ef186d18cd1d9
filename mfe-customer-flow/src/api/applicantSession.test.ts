import { getSession, type Session, sessionAtom, sharedStore } from '@originate/web';
import {
  applicationOfOpenedLink,
  endApplicantSession,
  rememberOpenedLink,
  storeApplicantSession,
} from './applicantSession';

const SESSION_DATA = {
  access_token: 'token-a',
  refresh_token: 'refresh-a',
  sessionid: 'session-a',
  expires_in: 3600,
  expiry_time: '2026-11-28T13:00:00.000Z',
};

const STAFF: Session = {
  ...SESSION_DATA,
  issuedAt: Date.now(),
  user: {
    userid: 'u-1',
    userName: 'officer',
    firstName: 'Olive',
    lastName: 'Officer',
    displayName: 'Olive Officer',
    roles: ['LOAN_OFFICER'],
    applications: ['PORTAL'],
    teams: [],
  },
};

afterEach(() => {
  sessionStorage.clear();
  sharedStore.set(sessionAtom, null);
});

describe('endApplicantSession', () => {
  it('forgets the applicant session a submit ended on the server, and the link the tab opened it with', () => {
    storeApplicantSession(SESSION_DATA, 'APP-1');
    rememberOpenedLink('token-1', 'APP-1');
    expect(applicationOfOpenedLink('token-1')).toBe('APP-1');
    endApplicantSession();
    expect(getSession()).toBeNull();
    expect(applicationOfOpenedLink('token-1')).toBeNull();
  });

  it('leaves a staff session alone', () => {
    sharedStore.set(sessionAtom, STAFF);
    endApplicantSession();
    expect(getSession()).toEqual(STAFF);
  });
});
