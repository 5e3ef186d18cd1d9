// POST /v3/auth/forget-password: the reset request as it would be mailed. Only the link token's hash is
// kept, and a request for an unknown user is recorded the same way (the answer never tells them apart).
import type { Queryable } from '../../db';
import { passwordHashOf } from '../users';
import { newToken, sha256 } from './security';

const RESET_TTL_SECONDS = 3600;

export async function recordPasswordReset(
  db: Queryable,
  request: { username: string; redirectURL: string },
  now: Date,
): Promise<void> {
  const account = await passwordHashOf(db, request.username);
  await db.query(
    `INSERT INTO password_reset_requests (username, user_id, redirect_url, token_hash, requested_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      request.username,
      account?.userid ?? null,
      request.redirectURL,
      account ? sha256(newToken()) : null,
      now,
      account ? new Date(now.getTime() + RESET_TTL_SECONDS * 1000) : null,
    ],
  );
}
