// The back-office guard (spec §2 "Guards and shell") as a pure decision.
import { hasPortalAccess, SESSION_EXPIRED_MESSAGE } from '@originate/contract';
import type { Session } from '@originate/web';

export const SESSION_EXPIRED_TOAST = SESSION_EXPIRED_MESSAGE;

export type GuardDecision = 'allow' | 'missing' | 'expired' | 'noPortalAccess';

export function isSessionExpired(session: Pick<Session, 'issuedAt' | 'expires_in'>, now: number): boolean {
  return session.issuedAt + session.expires_in * 1000 < now;
}

export function guardDecision(session: Session | null, now: number, portalAppName: string): GuardDecision {
  if (!session) return 'missing';
  if (isSessionExpired(session, now)) return 'expired';
  if (!hasPortalAccess(session.user, portalAppName)) return 'noPortalAccess';
  return 'allow';
}
