// Login lockout: every attempt for a user name (known or not, so the answer reveals nothing) counts
// before its password is checked, and a successful login clears the count; so concurrent guesses
// count too. An attempt beyond `loginMaxFailures` within `loginLockSeconds` locks the name for
// `loginLockSeconds`. Kept in the database so it holds across restarts and across servers sharing
// one PostgreSQL.
import type { Config } from '../../config';
import type { Db } from '../../db';

type LockoutPolicy = Pick<Config, 'loginMaxFailures' | 'loginLockSeconds'>;

const keyOf = (username: string) => username.toLowerCase();
const secondsBetween = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

/** Counts one attempt; returns 0 when it may go on, else the seconds until the name may try again. */
export async function admitLoginAttempt(db: Db, username: string, policy: LockoutPolicy, now: Date): Promise<number> {
  const lockMs = policy.loginLockSeconds * 1000;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ failures: number; locked_until: Date | string | null }>(
      `INSERT INTO login_failures (username_key, failures, first_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (username_key) DO UPDATE SET
         failures = CASE WHEN login_failures.locked_until > $2 THEN login_failures.failures
                         WHEN login_failures.first_failure_at <= $3 THEN 1
                         ELSE login_failures.failures + 1 END,
         first_failure_at = CASE WHEN login_failures.locked_until > $2 THEN login_failures.first_failure_at
                                 WHEN login_failures.first_failure_at <= $3 THEN $2
                                 ELSE login_failures.first_failure_at END
       RETURNING failures, locked_until`,
      [keyOf(username), now, new Date(now.getTime() - lockMs)],
    );
    if (!row) return 0;
    if (row.locked_until !== null && new Date(row.locked_until) > now) {
      return secondsBetween(now, new Date(row.locked_until));
    }
    if (row.failures <= policy.loginMaxFailures) return 0;
    const lockedUntil = new Date(now.getTime() + lockMs);
    // The lock starts a fresh count, so the first failure after it does not lock again at once.
    await tx.query(
      'UPDATE login_failures SET failures = 0, first_failure_at = $2, locked_until = $3 WHERE username_key = $1',
      [keyOf(username), now, lockedUntil],
    );
    return policy.loginLockSeconds;
  });
}

/** A successful login forgets the name's failures. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE username_key = $1', [keyOf(username)]);
}
