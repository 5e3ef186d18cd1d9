// What every route plugin and the socket layer share, passed explicitly as plugin options.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { Hub } from './services/hub';
import type { ActiveSession } from './services/sessions';
import type { UserRecord } from './services/users';

export interface AppContext {
  db: Db;
  config: Config;
  hub: Hub;
  /** The clock; tests move it to expire tokens without waiting. */
  now: () => Date;
  log: FastifyBaseLogger;
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
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No access token needed (login, refresh-token, forget-password, Environment/Domain). */
    public?: boolean;
    /** A valid session is enough: no portal-app check (the auth session routes). */
    sessionOnly?: boolean;
  }
}

/** The authenticated caller; routes that are not public always have one (the auth hook ran). */
export function caller(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route reached without authentication');
  return request.auth;
}
