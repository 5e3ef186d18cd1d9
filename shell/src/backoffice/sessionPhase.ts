// Which session dialog shows and when the next change is due (spec §4 "Session").
import { type Session, sessionTimers } from '@originate/web';

export type SessionPhase = 'active' | 'warning' | 'expired';

export interface SessionSchedule {
  phase: SessionPhase;
  /** Ms until the phase changes; null when no timer is set (expires_in below 900 s, or already expired). */
  nextChangeInMs: number | null;
}

export function sessionSchedule(session: Pick<Session, 'issuedAt' | 'expires_in'>, now: number): SessionSchedule {
  const timers = sessionTimers(session.expires_in);
  if (!timers) return { phase: 'active', nextChangeInMs: null };
  const elapsed = now - session.issuedAt;
  if (elapsed >= timers.expireAfterMs) return { phase: 'expired', nextChangeInMs: null };
  if (elapsed >= timers.warnAfterMs) return { phase: 'warning', nextChangeInMs: timers.expireAfterMs - elapsed };
  return { phase: 'active', nextChangeInMs: timers.warnAfterMs - elapsed };
}
