import type { Session } from '@originate/web';
import { guardDecision, isSessionExpired, SESSION_EXPIRED_TOAST } from './guard';
import { sessionSchedule } from './sessionPhase';

const user = {
  userid: 'u1',
  userName: 'officer',
  firstName: 'A',
  lastName: 'B',
  displayName: 'A B',
  roles: [],
  applications: ['originate-backoffice'],
  teams: [],
};
const session = (over: Partial<Session> = {}): Session => ({
  access_token: 'a',
  refresh_token: 'r',
  sessionid: 's',
  expires_in: 900,
  expiry_time: '',
  user,
  issuedAt: 1_000_000,
  ...over,
});

describe('guard', () => {
  it('uses the spec toast', () => {
    expect(SESSION_EXPIRED_TOAST).toBe('Session expired. Please login again.');
  });
  it('expired = issuedAt + expires_in*1000 < now', () => {
    expect(isSessionExpired(session(), 1_000_000 + 900_000)).toBe(false);
    expect(isSessionExpired(session(), 1_000_000 + 900_001)).toBe(true);
  });
  it('decides missing, expired, portal access, allow', () => {
    expect(guardDecision(null, 0, 'originate-backoffice')).toBe('missing');
    expect(guardDecision(session(), 1_000_000 + 900_001, 'originate-backoffice')).toBe('expired');
    expect(guardDecision(session({ user: { ...user, applications: ['x'] } }), 1_000_000, 'originate-backoffice')).toBe(
      'noPortalAccess',
    );
    expect(guardDecision(session(), 1_000_000, 'originate-backoffice')).toBe('allow');
  });
});

describe('session dialogs schedule (spec §4)', () => {
  it('warns at expires_in − 300 s and expires at expires_in', () => {
    const s = session({ expires_in: 1800 });
    expect(sessionSchedule(s, s.issuedAt)).toEqual({ phase: 'active', nextChangeInMs: 1_500_000 });
    expect(sessionSchedule(s, s.issuedAt + 1_500_000)).toEqual({ phase: 'warning', nextChangeInMs: 300_000 });
    expect(sessionSchedule(s, s.issuedAt + 1_700_000)).toEqual({ phase: 'warning', nextChangeInMs: 100_000 });
    expect(sessionSchedule(s, s.issuedAt + 1_800_000)).toEqual({ phase: 'expired', nextChangeInMs: null });
  });
  it('sets no timers below 900 s', () => {
    const s = session({ expires_in: 899 });
    expect(sessionSchedule(s, s.issuedAt + 10_000_000)).toEqual({ phase: 'active', nextChangeInMs: null });
  });
  it('restarts from a refreshed issuedAt', () => {
    const refreshed = session({ expires_in: 900, issuedAt: 5_000_000 });
    expect(sessionSchedule(refreshed, 5_000_000).phase).toBe('active');
  });
});
