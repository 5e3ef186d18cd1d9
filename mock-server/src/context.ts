// What every route plugin and the socket layer share, passed explicitly as plugin options.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { DrainState } from './drain';
import type { ActiveSession, ApplicantSession } from './modules/auth';
import type { DocumentWork, FileStore } from './modules/documents';
import type { Hub } from './modules/notifications';
import type { UserRecord } from './modules/users';
import type { RedisLink } from './redis';

export interface AppContext {
  db: Db;
  config: Config;
  hub: Hub;
  /** The clock; tests move it to expire tokens without waiting. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** Uploaded files (disk under DATA_DIR/uploads, or memory). */
  files: FileStore;
  /** The captcha challenges' HMAC key (config, else per database). */
  captchaKey: string;
  /** The worker pool document merges run in, off the event loop (closed with the app). */
  documentWork: DocumentWork;
  /** Redis, when REDIS_URL is set (README "Scale-out"); readiness pings it. */
  redis?: RedisLink;
  /** Whether the process drains (README "Health and drain"): readiness and socket.io read it. */
  drain: DrainState;
}

export interface PluginOptions {
  ctx: AppContext;
}

export interface AuthContext {
  session: ActiveSession;
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A staff caller (a user's session). */
    auth: AuthContext | null;
    /** An applicant caller (a session scoped to one application); never set together with auth. */
    applicant: ApplicantSession | null;
  }
  interface FastifyContextConfig {
    /** No access token needed (login, refresh-token, forget-password, Environment/Domain). */
    public?: boolean;
    /** A valid session is enough: no portal-app check (the auth session routes). */
    sessionOnly?: boolean;
    /** An applicant session may call it too (README "Applicant sessions"); every other route refuses one with 403. */
    applicant?: boolean;
  }
}

/** The authenticated caller; routes that are not public always have one (the auth hook ran). */
export function caller(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route reached without authentication');
  return request.auth;
}

/** The session of whoever called: staff or applicant (the routes both may call). */
export function callerSession(request: {
  auth: AuthContext | null;
  applicant: ApplicantSession | null;
}): ActiveSession | ApplicantSession {
  const session = request.auth?.session ?? request.applicant;
  if (!session) throw new Error('route reached without authentication');
  return session;
}
