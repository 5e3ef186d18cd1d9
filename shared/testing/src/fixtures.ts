// Test fixtures of @originate/web's tests: one staff user and their session.
import type { Session, User } from '@originate/contract';

export const testUser = (roles: string[] = ['AGENT']): User => ({
  userid: 'u1',
  userName: 'asha',
  firstName: 'Asha',
  lastName: 'Rao',
  displayName: 'Asha Rao',
  roles,
  applications: ['originate-backoffice'],
  teams: [],
});

export const testSession = (roles?: string[], accessToken = 'a'.repeat(40)): Session => ({
  access_token: accessToken,
  refresh_token: 'refresh-1',
  sessionid: 'sess-1',
  expires_in: 900,
  expiry_time: '2030-01-01T00:00:00.000Z',
  user: testUser(roles),
  issuedAt: 1,
});
