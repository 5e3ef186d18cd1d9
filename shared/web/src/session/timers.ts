import { SESSION_WARNING_SECONDS, VALID_SESSION_SECONDS } from '@originate/contract';

/**
 * Spec §4: warn at expires_in − 300 s, expire at expires_in; no timers when expires_in < 900.
 * Both delays are counted from when the tokens were issued.
 */
export function sessionTimers(expiresInSeconds: number): { warnAfterMs: number; expireAfterMs: number } | null {
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds < VALID_SESSION_SECONDS) return null;
  return {
    warnAfterMs: (expiresInSeconds - SESSION_WARNING_SECONDS) * 1000,
    expireAfterMs: expiresInSeconds * 1000,
  };
}
