// Sessions: one row per login; access and refresh tokens hang off it and die with it.
import { createHash, randomUUID } from 'node:crypto';
import { decryptPayload, encryptPayload, type SessionData } from '@originate/contract';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db';
import { unauthorized } from '../../http/errors';
import type { ActiveSession, ApplicantSession, UserRecord } from '../../platform/context';
import { type UserWithTeamsRow, userOfRow, userWithTeamsColumns } from '../users';
import { newToken, sha256 } from './security';
import type { SessionCache } from './session-cache';

export interface IssuedSession extends SessionData {
  xsrfToken: string;
}

/** What an applicant proved: a session opened with it names the e-mail, and ends no later than `endsBy`. */
interface ProvedEmail {
  email: string;
  /** The end of the session it was opened from (a session never outlives the one that opened it). */
  endsBy?: Date;
}

type TtlConfig = Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;
type ApplicantTtlConfig = TtlConfig & Pick<Config, 'applicantSessionMaxHours'>;

const plusSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

async function issueTokens(
  tx: Queryable,
  sessionId: string,
  config: TtlConfig,
  now: Date,
): Promise<Omit<SessionData, 'sessionid'>> {
  const access = newToken();
  const refresh = newToken();
  const accessExpires = plusSeconds(now, config.accessTokenTtlSeconds);
  await tx.query('INSERT INTO access_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
    sha256(access),
    sessionId,
    accessExpires,
  ]);
  await tx.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
    sha256(refresh),
    sessionId,
    plusSeconds(now, config.refreshTokenTtlSeconds),
  ]);
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: config.accessTokenTtlSeconds,
    expiry_time: accessExpires.toISOString(),
  };
}

async function openSession(
  tx: Queryable,
  owner: { userId: string } | { applicationId: string; email: string | null; endsAt: Date },
  config: TtlConfig,
  now: Date,
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const xsrfToken = newToken(24);
  await tx.query(
    `INSERT INTO sessions (id, user_id, application_id, applicant_email, xsrf_token, created_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      sessionId,
      'userId' in owner ? owner.userId : null,
      'applicationId' in owner ? owner.applicationId : null,
      'applicationId' in owner ? owner.email : null,
      xsrfToken,
      now,
      'applicationId' in owner ? owner.endsAt : null,
    ],
  );
  return { ...(await issueTokens(tx, sessionId, config, now)), sessionid: sessionId, xsrfToken };
}

export function createSession(db: Db, userId: string, config: TtlConfig, now: Date): Promise<IssuedSession> {
  return db.transaction((tx) => openSession(tx, { userId }, config, now));
}

/**
 * An applicant session for one application; `tx` so it is one transaction with the save that creates it.
 * `proved`: the e-mail the applicant proved by a sign-in code (README "Applicant portal"). It ends
 * `applicantSessionMaxHours` after now whatever its refreshes (README "Applicant sessions").
 */
export function createApplicantSession(
  tx: Queryable,
  applicationId: string,
  config: ApplicantTtlConfig,
  now: Date,
  proved?: ProvedEmail,
): Promise<IssuedSession> {
  const latest = plusSeconds(now, config.applicantSessionMaxHours * 3600);
  const endsAt = proved?.endsBy && proved.endsBy < latest ? proved.endsBy : latest;
  return openSession(tx, { applicationId, email: proved?.email ?? null, endsAt }, config, now);
}

/** An applicant session on its own, one transaction: a resume token's, or an e-mail's the applicant proved. */
export function openApplicantSession(
  db: Db,
  applicationId: string,
  config: ApplicantTtlConfig,
  now: Date,
  proved?: ProvedEmail,
): Promise<IssuedSession> {
  return db.transaction((tx) => createApplicantSession(tx, applicationId, config, now, proved));
}

export type AnySession =
  | { kind: 'staff'; session: ActiveSession; user: UserRecord | null }
  | { kind: 'applicant'; session: ApplicantSession };

type SessionLookupRow = {
  id: string;
  user_id: string | null;
  application_id: string | null;
  applicant_email: string | null;
  xsrf_token: string;
  ends_at: Date | string | null;
  access_expires_at: Date | string;
} & Partial<UserWithTeamsRow>;

/** The session lookup: $1 the access token's sha256 (hex), $2 now. */
const SESSION_LOOKUP = `SELECT s.id, s.user_id, s.application_id, s.applicant_email, s.xsrf_token, s.ends_at,
            a.expires_at AS access_expires_at, ${userWithTeamsColumns('u')}
       FROM access_tokens a JOIN sessions s ON s.id = a.session_id LEFT JOIN users u ON u.userid = s.user_id
      WHERE a.token_hash = $1 AND a.expires_at > $2 AND s.revoked_at IS NULL AND (s.ends_at IS NULL OR s.ends_at > $2)`;

/** Freezes what the cache hands to every request of a session, so no request can change another's. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function sessionOfRow(row: SessionLookupRow): AnySession | null {
  if (row.user_id !== null) {
    return {
      kind: 'staff',
      session: { sessionId: row.id, userId: row.user_id, xsrfToken: row.xsrf_token },
      user: row.userid ? userOfRow(row as UserWithTeamsRow) : null,
    };
  }
  if (row.application_id !== null && row.ends_at !== null) {
    return {
      kind: 'applicant',
      session: {
        sessionId: row.id,
        applicationId: row.application_id,
        xsrfToken: row.xsrf_token,
        email: row.applicant_email,
        endsAt: new Date(row.ends_at),
      },
    };
  }
  return null;
}

/**
 * The live session (staff or applicant) an access token belongs to, or null when unknown, expired, revoked or ended;
 * a staff session with its user (null when the user is gone), read in the same statement. With `cache`, a lookup
 * this process made moments ago is answered again while its rows' expiry times still let it in (the cache is
 * cleared on every change to what the lookup reads); what it answers is then frozen.
 */
export async function accessTokenSession(
  db: Db,
  accessToken: string,
  now: Date,
  cache?: SessionCache<AnySession>,
): Promise<AnySession | null> {
  const tokenHash = sha256(accessToken);
  const cached = cache?.get(tokenHash, now);
  if (cached) return cached;
  const ticket = cache?.ticket();
  const rows = await db.query<SessionLookupRow>(SESSION_LOOKUP, [tokenHash, now]);
  const row = rows[0];
  const found = row ? sessionOfRow(row) : null;
  if (found && row && cache && ticket) {
    cache.set(
      tokenHash,
      {
        value: deepFreeze(found),
        accessExpiresAt: new Date(row.access_expires_at),
        endsAt: row.ends_at === null ? null : new Date(row.ends_at),
      },
      ticket,
    );
  }
  return found;
}

/** The live staff session an access token belongs to (applicant sessions are not staff: null). */
export async function sessionForAccessToken(db: Db, accessToken: string, now: Date): Promise<ActiveSession | null> {
  const found = await accessTokenSession(db, accessToken, now);
  return found?.kind === 'staff' ? found.session : null;
}

export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  return rows.length > 0;
}

/** Key of the sealed successor pair: derivable from the presented refresh token, never from its stored hash. */
const successorKey = (refreshToken: string) =>
  createHash('sha256').update(`successor:${refreshToken}`).digest('base64url').slice(0, 32);

/**
 * Rotation: the presented refresh token is used up and a new pair issued. The same token presented
 * again within `refreshReuseGraceSeconds` (two tabs refreshing at once) answers the same new pair;
 * later, it means the token leaked, so the whole session is revoked and its id returned so the caller
 * can disconnect its sockets. `check` (XSRF) runs before anything changes: a refusal uses nothing up.
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  config: TtlConfig & Pick<Config, 'refreshReuseGraceSeconds'>,
  now: Date,
  check: (sessionXsrfToken: string) => void,
): Promise<{ session: IssuedSession } | { reusedSessionId: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      session_id: string;
      expires_at: Date;
      used_at: Date | null;
      successor: string | null;
      xsrf_token: string;
      revoked_at: Date | null;
      ends_at: Date | null;
    }>(
      `SELECT r.session_id, r.expires_at, r.used_at, r.successor, s.xsrf_token, s.revoked_at, s.ends_at
         FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id
        WHERE r.token_hash = $1 FOR UPDATE OF r`,
      [sha256(refreshToken)],
    );
    const row = rows[0];
    const ended = row?.ends_at != null && new Date(row.ends_at) <= now;
    if (!row || row.revoked_at !== null || ended || new Date(row.expires_at) <= now) throw unauthorized('Invalid user');
    check(row.xsrf_token);
    const issued = (tokens: Omit<SessionData, 'sessionid'>) => ({
      session: { ...tokens, sessionid: row.session_id, xsrfToken: row.xsrf_token },
    });
    if (row.used_at !== null) {
      const withinGrace = now.getTime() - new Date(row.used_at).getTime() <= config.refreshReuseGraceSeconds * 1000;
      if (withinGrace && row.successor) {
        return issued(await decryptPayload<Omit<SessionData, 'sessionid'>>(row.successor, successorKey(refreshToken)));
      }
      await revokeIn(tx, row.session_id, 'refresh token reuse', now);
      return { reusedSessionId: row.session_id };
    }
    const tokens = await issueTokens(tx, row.session_id, config, now);
    await tx.query('UPDATE refresh_tokens SET used_at = $2, successor = $3 WHERE token_hash = $1', [
      sha256(refreshToken),
      now,
      await encryptPayload(tokens, successorKey(refreshToken)),
    ]);
    return issued(tokens);
  });
}

/** The session a refresh token belongs to, whatever its state. */
export async function sessionOfRefreshToken(db: Db, refreshToken: string): Promise<string | null> {
  const rows = await db.query<{ session_id: string }>('SELECT session_id FROM refresh_tokens WHERE token_hash = $1', [
    sha256(refreshToken),
  ]);
  return rows[0]?.session_id ?? null;
}

async function revokeIn(tx: Queryable, sessionId: string, reason: string, now: Date): Promise<void> {
  await tx.query('UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    now,
    reason,
  ]);
}

export function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  return revokeIn(db, sessionId, reason, now);
}

/**
 * A submit ends the application's device sessions (first save, resume link): nothing is left for them to
 * do. A session of a proved e-mail stays: it is how the applicant answers requests on submitted applications.
 */
export async function endDeviceSessions(tx: Queryable, applicationId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE sessions SET revoked_at = $2, revoked_reason = 'application submitted'
      WHERE application_id = $1 AND applicant_email IS NULL AND revoked_at IS NULL`,
    [applicationId, now],
  );
}

export async function issueShortToken(db: Db, session: ActiveSession, ttlSeconds: number, now: Date) {
  const token = newToken(32);
  const expires = plusSeconds(now, ttlSeconds);
  await db.query('INSERT INTO short_tokens (token_hash, user_id, session_id, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256(token),
    session.userId,
    session.sessionId,
    expires,
  ]);
  return { token, expires_in: ttlSeconds, expiry_time: expires.toISOString() };
}

/** The user a live /tokenApi/getToken token was issued to, or null. */
export async function shortTokenOwner(db: Db, token: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT t.user_id FROM short_tokens t JOIN sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1 AND t.expires_at > $2 AND s.revoked_at IS NULL`,
    [sha256(token), now],
  );
  return rows[0]?.user_id ?? null;
}
