// The one gate every request passes: token, session id, XSRF, portal access, debug prefix; and, on the
// routes that ask for it (config.shortToken), the body's /tokenApi/getToken token.

import { PORTAL_ACCESS_DENIED_MESSAGE, PORTAL_APP_NAME } from '@originate/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { watchWrites } from '../../db';
import { forbidden, invalid, unauthorized } from '../../http/errors';
import { type AppContext, caller } from '../../platform/context';
import { safeEqual } from './security';
import { SessionCache } from './session-cache';
import { type AnySession, accessTokenSession, shortTokenOwner } from './sessions';

export const DEBUG_PREFIX = '/debugger';
const DEBUG_ROLES = ['DEVELOPER', 'DEBUGGER'];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** When the client sends X-XSRF-TOKEN it must be the session's (double-submit of the XSRF-TOKEN cookie). */
export function checkXsrf(request: FastifyRequest, sessionXsrf: string): void {
  const sent = header(request, 'x-xsrf-token');
  if (sent !== undefined && !safeEqual(sent, sessionXsrf)) throw forbidden('Invalid XSRF token');
}

/**
 * What the access-token lookup reads (sessions.ts SESSION_LOOKUP): a write to any of it clears the session cache.
 * Migration 035's triggers notify AUTH_CHANGED_CHANNEL on the same writes, for the other servers on the database.
 */
const LOOKUP_TABLES = {
  sessions: 'changes',
  access_tokens: 'changes',
  users: 'any',
  teams: 'any',
  user_teams: 'any',
} as const;
const AUTH_CHANGED_CHANNEL = 'originate_auth_changed';

/** Each app's session cache, by its context (made by installAuthHook; README "Session cache"). */
const sessionCaches = new WeakMap<AppContext, SessionCache<AnySession>>();

const APPLICANT_REFUSED_MESSAGE = 'An applicant session may only use its own application';

/**
 * The caller's session from the access token (401 when absent, dead or not matching sessionId/XSRF).
 * Also used by the public routes that take an applicant session when one is sent.
 */
export async function authenticate(request: FastifyRequest, ctx: AppContext) {
  const token = header(request, 'access_token');
  if (!token) throw unauthorized();
  const found = await accessTokenSession(ctx.db, token, ctx.now(), sessionCaches.get(ctx));
  if (!found) throw unauthorized();
  const sentSessionId = header(request, 'sessionid');
  if (sentSessionId !== undefined && sentSessionId !== found.session.sessionId) throw unauthorized();
  checkXsrf(request, found.session.xsrfToken);
  return found;
}

export async function installAuthHook(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const cache = new SessionCache<AnySession>(ctx.config.sessionCacheMs);
  sessionCaches.set(ctx, cache);
  // This process's writes clear it before their callers resume; every process's (and cascades) by NOTIFY.
  watchWrites(ctx.db, LOOKUP_TABLES, () => cache.clear());
  const unlisten = await ctx.db.listen(AUTH_CHANGED_CHANNEL, () => cache.clear());
  app.addHook('preClose', unlisten);
  app.decorateRequest('auth', null);
  app.decorateRequest('applicant', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const found = await authenticate(request, ctx);
    if (found.kind === 'applicant') {
      // Applicant sessions reach only the routes marked for them, never the debug copies.
      const config = request.routeOptions.config;
      if (!config.applicant || request.routeOptions.url?.startsWith(`${DEBUG_PREFIX}/`)) {
        throw forbidden(APPLICANT_REFUSED_MESSAGE);
      }
      request.applicant = found.session;
      return;
    }
    const { session, user } = found;
    if (!user) throw unauthorized();
    if (!request.routeOptions.config.sessionOnly && !user.applications.includes(PORTAL_APP_NAME)) {
      throw forbidden(PORTAL_ACCESS_DENIED_MESSAGE);
    }
    if (request.routeOptions.url?.startsWith(`${DEBUG_PREFIX}/`) && !user.roles.some((r) => DEBUG_ROLES.includes(r))) {
      throw forbidden('Debug mode requires the DEVELOPER or DEBUGGER role');
    }
    request.auth = { session, user };
  });
  // After the body's schema check, so a malformed body is refused before its token is looked up.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.shortToken) return;
    const { token } = request.body as { token: string };
    const owner = await shortTokenOwner(ctx.db, token, ctx.now());
    if (owner === null) throw invalid('token', 'is invalid or expired; get a new one from /tokenApi/getToken');
    if (owner !== caller(request).user.userid) throw forbidden('The token was issued to another user');
  });
}
