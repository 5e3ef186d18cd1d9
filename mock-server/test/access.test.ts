// Access on every registered route (README "Auth and sessions", "Test harness"): no token → 401 except
// the documented public list; a live session of a user without the portal app → 403 except the
// session-only list; /debugger/* → 403 without DEVELOPER or DEBUGGER. Routes added later are covered.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { RegisteredRoute } from '../src/app';
import { createSession, revokeSession } from '../src/modules/auth/sessions';
import { findUserByName } from '../src/modules/users/directory';
import { answerProblem } from './harness/envelope';
import {
  apiRoutes,
  DEBUG_PREFIX,
  fillPath,
  hasBody,
  PUBLIC_ROUTES,
  routeKey,
  SESSION_ONLY_ROUTES,
} from './harness/routes';
import { type Login, login, startServer, type TestServer } from './helpers';

let server: TestServer;
let routes: RegisteredRoute[];

before(async () => {
  server = await startServer();
  routes = apiRoutes(server.app);
});
after(() => server.close());

function send(route: RegisteredRoute, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: route.method as 'GET', url: fillPath(route.url), headers });
}

/** Every route whose answer is not `status` with the error envelope, as "METHOD url → status body". */
async function notAnswering(
  list: RegisteredRoute[],
  status: number,
  headers: () => Promise<Record<string, string>> | Record<string, string>,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of list) {
    const res = await send(route, await headers());
    const problem = answerProblem(res, hasBody(route.method));
    if (res.statusCode !== status || problem) {
      wrong.push(`${routeKey(route)} → ${res.statusCode} ${res.body.slice(0, 120)}${problem ? ` (${problem})` : ''}`);
    }
  }
  return wrong;
}

const withToken = (l: Pick<Login, 'access_token' | 'sessionid'>) => ({
  access_token: l.access_token,
  sessionid: l.sessionid,
});

describe('public routes', () => {
  it('the routes marked public are exactly the documented list', () => {
    const marked = routes
      .filter((r) => r.public)
      .map(routeKey)
      .sort();
    assert.deepEqual(
      marked,
      [...PUBLIC_ROUTES].sort(),
      'a new public route must be added to PUBLIC_ROUTES and the README',
    );
  });

  it('the lists name registered routes only', () => {
    const keys = new Set(routes.map(routeKey));
    for (const key of [...PUBLIC_ROUTES, ...SESSION_ONLY_ROUTES]) assert.ok(keys.has(key), `${key} is not registered`);
  });
});

describe('no token', () => {
  it('every non-public route answers 401 with the error envelope', async () => {
    const wrong = await notAnswering(
      routes.filter((r) => !r.public),
      401,
      () => ({}),
    );
    assert.deepEqual(wrong, []);
  });

  it('an expired, a revoked and a made-up token answer 401 too', async () => {
    const { db, config } = server.app.ctx;
    const officer = await findUserByName(db, 'officer');
    assert.ok(officer);
    const expired = await createSession(db, officer.userid, config, new Date(Date.now() - 86_400_000));
    const revoked = await createSession(db, officer.userid, config, new Date());
    await revokeSession(db, revoked.sessionid, 'access test', new Date());
    const protectedRoutes = routes.filter((r) => !r.public);
    for (const [what, token] of [
      ['expired', expired.access_token],
      ['revoked', revoked.access_token],
      ['made-up', 'x'.repeat(64)],
    ] as const) {
      const wrong = await notAnswering(protectedRoutes, 401, () => ({ access_token: token }));
      assert.deepEqual(wrong, [], `${what} token`);
    }
  });
});

describe('a user without the portal app (outsider)', () => {
  it('gets 403 on every route that is not session-only', async () => {
    const { db, config } = server.app.ctx;
    const outsider = await findUserByName(db, 'outsider');
    assert.ok(outsider, 'the demo seed has outsider');
    // Login refuses outsider (403), so its session is made directly.
    const session = await createSession(db, outsider.userid, config, new Date());
    const list = routes.filter((r) => !r.public && !SESSION_ONLY_ROUTES.includes(routeKey(r)));
    assert.deepEqual(await notAnswering(list, 403, () => withToken(session)), []);
  });

  it('may still end its own session on the session-only routes (/debugger copies excepted: 403)', async () => {
    const { db, config } = server.app.ctx;
    const outsider = await findUserByName(db, 'outsider');
    assert.ok(outsider);
    for (const key of SESSION_ONLY_ROUTES) {
      const route = routes.find((r) => routeKey(r) === key);
      assert.ok(route, `${key} is registered`);
      // A fresh session each time: these routes end the session they are called with.
      const session = await createSession(db, outsider.userid, config, new Date());
      const res = await send(route, withToken(session));
      if (route.url.startsWith(`${DEBUG_PREFIX}/`)) assert.equal(res.statusCode, 403, key);
      else assert.notEqual(res.statusCode, 403, `${key} refused a portal-less session: ${res.body}`);
      assert.equal(answerProblem(res), null, key);
    }
  });
});

describe('/debugger routes', () => {
  it('answer 403 to officer (no DEVELOPER or DEBUGGER role)', async () => {
    const officer = await login(server.app, 'officer');
    const debug = routes.filter((r) => r.url.startsWith(`${DEBUG_PREFIX}/`));
    assert.ok(debug.length > 0, 'the app serves /debugger copies');
    assert.deepEqual(await notAnswering(debug, 403, () => withToken(officer)), []);
  });
});
