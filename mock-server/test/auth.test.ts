import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_LOGIN_KEY, decryptPayload, encryptPayload, type SessionData } from '@originate/contract';
import { FORGET_PASSWORD_MESSAGE } from '../src/modules/auth/routes';
import { call, labels, login, loginRaw, startServer, type TestServer } from './helpers';

let s: TestServer;
before(async () => {
  s = await startServer();
  // A route that fails on purpose, to see the 500 answer (added before the app is ready).
  s.app.get('/test/boom', { config: { public: true } }, () => {
    throw new Error('boom');
  });
});
after(() => s.close());

describe('POST /v3/auth/login', () => {
  it('answers LoginResponse with long random tokens and an XSRF cookie', async () => {
    const res = await loginRaw(s.app, 'officer', 'Officer@123');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.ok(body.access_token.length >= 48 && /^[A-Za-z0-9_-]+$/.test(body.access_token));
    assert.ok(body.refresh_token.length >= 48);
    assert.notEqual(body.access_token, body.refresh_token);
    assert.equal(body.expires_in, 900);
    assert.ok(Date.parse(body.expiry_time) > Date.now());
    assert.equal(body.user.userName, 'officer');
    assert.equal(body.user.displayName, 'Rahul Verma');
    assert.ok(body.user.applications.includes('originate-backoffice'));
    assert.ok(body.user.teams.every((t: { type: string }) => t.type === 'HIERARCHY' || t.type === 'DEPT'));
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    assert.ok(cookie?.value);
    assert.equal(cookie.path, '/');
    assert.equal(cookie.sameSite, 'Lax');
    assert.notEqual(cookie.httpOnly, true);
  });

  it('keeps tokens hashed at rest', async () => {
    const l = await login(s.app, 'officer');
    const rows = await s.app.ctx.db.query('SELECT 1 FROM access_tokens WHERE token_hash = $1', [l.access_token]);
    assert.equal(rows.length, 0);
  });

  it('the access token keys the {data} envelope', async () => {
    const l = await login(s.app, 'officer');
    const sealed = await encryptPayload({ hello: 'world' }, l.access_token);
    assert.deepEqual(await decryptPayload(sealed, l.access_token), { hello: 'world' });
    await assert.rejects(decryptPayload(sealed, `${'x'.repeat(32)}${l.access_token}`));
  });

  it('wrong password and unknown user: 401 Invalid username or password', async () => {
    for (const [u, p] of [
      ['officer', 'wrong'],
      ['nobody', 'Officer@123'],
    ] as const) {
      const res = await loginRaw(s.app, u, p);
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { code: 401, message: 'Invalid username or password' });
    }
  });

  it('a user without the portal app: 403 with the portal message', async () => {
    const res = await loginRaw(s.app, 'outsider', 'Outsider@123');
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { code: 403, message: 'Access denied. Your account is not enabled for this portal.' });
  });

  it('bad input: 400/1101 naming the field', async () => {
    const plain = await call(s.app, 'POST', '/v3/auth/login', undefined, {
      username: 'officer',
      password: 'Officer@123',
    });
    assert.deepEqual(labels(plain), ['password']);
    const wrongKey = await call(s.app, 'POST', '/v3/auth/login', undefined, {
      username: 'officer',
      password: await encryptPayload('Officer@123', 'another-key-of-thirty-two-chars!'),
    });
    assert.deepEqual(labels(wrongKey), ['password']);
    const missing = await call(s.app, 'POST', '/v3/auth/login', undefined, { password: 'x' });
    assert.deepEqual(labels(missing), ['username']);
    const nonString = await call(s.app, 'POST', '/v3/auth/login', undefined, {
      username: 'officer',
      password: await encryptPayload({ not: 'a string' }, DEFAULT_LOGIN_KEY),
    });
    assert.deepEqual(labels(nonString), ['password']);
  });

  it('malformed JSON and a missing body are 400/1101 too', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/v3/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    assert.deepEqual(labels(res), ['body']);
    const empty = await s.app.inject({ method: 'POST', url: '/v3/auth/login' });
    assert.deepEqual(labels(empty), ['body']);
  });
});

describe('the auth gate', () => {
  it('no token or an unknown token: 401 Unauthorized', async () => {
    for (const headers of [{}, { access_token: 'x'.repeat(64) }] as Record<string, string>[]) {
      const res = await call(s.app, 'GET', '/v3/users/roles', headers);
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { code: 401, message: 'Unauthorized' });
    }
  });

  it('a sessionId header must match the token’s session', async () => {
    const l = await login(s.app, 'officer');
    const res = await call(s.app, 'GET', '/v3/users/roles', { access_token: l.access_token, sessionid: 'other' });
    assert.equal(res.statusCode, 401);
    assert.equal((await call(s.app, 'GET', '/v3/users/roles', { access_token: l.access_token })).statusCode, 200);
  });

  it('an X-XSRF-TOKEN header must match the session’s cookie value', async () => {
    const l = await login(s.app, 'officer');
    const bad = await call(s.app, 'GET', '/v3/users/roles', { ...l.headers, 'x-xsrf-token': 'forged' });
    assert.equal(bad.statusCode, 403);
    const good = await call(s.app, 'GET', '/v3/users/roles', { ...l.headers, 'x-xsrf-token': l.xsrf });
    assert.equal(good.statusCode, 200);
  });

  it('the access token expires after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const short = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '60' });
    try {
      const l = await login(short.app, 'officer');
      assert.equal(l.expires_in, 60);
      assert.equal((await call(short.app, 'GET', '/v3/users/roles', l)).statusCode, 200);
      short.advance(61);
      assert.equal((await call(short.app, 'GET', '/v3/users/roles', l)).statusCode, 401);
      // The refresh token still lives and brings a working access token.
      const refreshed = await call(short.app, 'POST', '/v3/auth/refresh-token', undefined, {
        refresh_token: l.refresh_token,
      });
      assert.equal(refreshed.statusCode, 200);
      const next = refreshed.json<SessionData>();
      assert.equal(
        (await call(short.app, 'GET', '/v3/users/roles', { access_token: next.access_token })).statusCode,
        200,
      );
      short.advance(28800);
      const dead = await call(short.app, 'POST', '/v3/auth/refresh-token', undefined, {
        refresh_token: next.refresh_token,
      });
      assert.deepEqual(dead.json(), { code: 401, message: 'Invalid user' });
    } finally {
      await short.close();
    }
  });

  it('unknown routes: 404 Not found; faults: 500/1100', async () => {
    const res = await call(s.app, 'GET', '/no/such/route');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { code: 404, message: 'Not found' });
    const boom = await call(s.app, 'GET', '/test/boom');
    assert.equal(boom.statusCode, 500);
    assert.deepEqual(boom.json(), { code: 1100, message: 'Internal server error' });
  });

  it('debug mode: /debugger paths only for DEVELOPER or DEBUGGER; admin paths are not prefixed', async () => {
    const officer = await login(s.app, 'officer');
    const developer = await login(s.app, 'developer');
    const debug = await login(s.app, 'debugger');
    assert.equal((await call(s.app, 'GET', '/debugger/v3/users/roles', developer)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', '/debugger/v3/users/roles', debug)).statusCode, 200);
    const denied = await call(s.app, 'GET', '/debugger/v3/users/roles', officer);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().code, 403);
    assert.equal((await call(s.app, 'GET', '/debugger/api/getCustomeStyle', developer)).statusCode, 404);
    assert.equal((await call(s.app, 'POST', '/debugger/v3/auth/logout', developer)).statusCode, 404);
  });
});

describe('POST /v3/auth/refresh-token', () => {
  it('rotates: new tokens, the old refresh token dies, the XSRF cookie is set again', async () => {
    const l = await login(s.app, 'officer');
    const res = await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: l.refresh_token });
    assert.equal(res.statusCode, 200);
    const next = res.json<SessionData>();
    assert.equal(next.sessionid, l.sessionid);
    assert.notEqual(next.refresh_token, l.refresh_token);
    assert.notEqual(next.access_token, l.access_token);
    assert.ok(res.cookies.some((c) => c.name === 'XSRF-TOKEN' && c.value === l.xsrf));
    s.advance(s.config.refreshReuseGraceSeconds + 1);
    const again = await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: l.refresh_token });
    assert.equal(again.statusCode, 401);
    assert.deepEqual(again.json(), { code: 401, message: 'Invalid user' });
  });

  it('reuse of a rotated token after the grace period revokes the whole session', async () => {
    const l = await login(s.app, 'officer');
    const next = (
      await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: l.refresh_token })
    ).json<SessionData>();
    s.advance(s.config.refreshReuseGraceSeconds + 1);
    await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: l.refresh_token });
    assert.equal((await call(s.app, 'GET', '/v3/users/roles', { access_token: next.access_token })).statusCode, 401);
    const latest = await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, {
      refresh_token: next.refresh_token,
    });
    assert.equal(latest.statusCode, 401);
  });

  it('unknown token 401 Invalid user; bad input 400/1101', async () => {
    const res = await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: 'nope' });
    assert.deepEqual(res.json(), { code: 401, message: 'Invalid user' });
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: 7 })), [
      'refresh_token',
    ]);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, {})), ['refresh_token']);
  });

  it('an X-XSRF-TOKEN that is not the session’s is refused', async () => {
    const l = await login(s.app, 'officer');
    const res = await call(
      s.app,
      'POST',
      '/v3/auth/refresh-token',
      { 'x-xsrf-token': 'forged' },
      { refresh_token: l.refresh_token },
    );
    assert.equal(res.statusCode, 403);
  });
});

describe('ending a session', () => {
  it('POST /v3/auth/end-session revokes access and refresh tokens', async () => {
    const l = await login(s.app, 'officer');
    const other = await login(s.app, 'teamlead');
    const foreign = await call(s.app, 'POST', '/v3/auth/end-session', l, { refresh_token: other.refresh_token });
    assert.equal(foreign.statusCode, 403);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/auth/end-session', l, {})), ['refresh_token']);
    assert.equal(
      (await call(s.app, 'POST', '/v3/auth/end-session', undefined, { refresh_token: l.refresh_token })).statusCode,
      401,
    );
    const res = await call(s.app, 'POST', '/v3/auth/end-session', l, { refresh_token: l.refresh_token });
    assert.equal(res.statusCode, 200);
    assert.equal((await call(s.app, 'GET', '/v3/users/roles', l)).statusCode, 401);
    const refresh = await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: l.refresh_token });
    assert.deepEqual(refresh.json(), { code: 401, message: 'Invalid user' });
    assert.equal((await call(s.app, 'GET', '/v3/users/roles', other)).statusCode, 200);
  });

  for (const path of ['/v3/auth/logout', '/user/logout']) {
    it(`POST ${path} revokes the caller’s session (body optional)`, async () => {
      assert.equal((await call(s.app, 'POST', path)).statusCode, 401);
      const l = await login(s.app, 'officer');
      const res = await s.app.inject({
        method: 'POST',
        url: path,
        headers: { ...l.headers, 'content-type': 'application/json' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal((await call(s.app, 'GET', '/v3/users/roles', l)).statusCode, 401);
      assert.equal((await call(s.app, 'POST', path, l)).statusCode, 401);
    });
  }
});

describe('POST /v3/auth/forget-password', () => {
  it('answers the same neutral message for known and unknown users and records the request', async () => {
    for (const username of ['officer', 'nobody']) {
      const res = await call(s.app, 'POST', '/v3/auth/forget-password', undefined, {
        username,
        redirectURL: 'http://127.0.0.1:3000/reset',
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: FORGET_PASSWORD_MESSAGE });
    }
    const rows = await s.app.ctx.db.query<{ username: string; user_id: string | null }>(
      'SELECT username, user_id FROM password_reset_requests ORDER BY id',
    );
    assert.deepEqual(
      rows.map((r) => [r.username, r.user_id]),
      [
        ['officer', 'USR-1001'],
        ['nobody', null],
      ],
    );
  });

  it('bad input: 400/1101 naming the field', async () => {
    const res = await call(s.app, 'POST', '/v3/auth/forget-password', undefined, {
      username: 'officer',
      redirectURL: 'javascript:x',
    });
    assert.deepEqual(labels(res), ['redirectURL']);
    assert.deepEqual(
      labels(await call(s.app, 'POST', '/v3/auth/forget-password', undefined, { redirectURL: 'http://a.b' })),
      ['username'],
    );
  });

  it("a reset link leads only to one of the bank's sites (an origin of CORS_ORIGINS): any other is 400 naming redirectURL, nothing recorded", async () => {
    const before = await s.app.ctx.db.query('SELECT id FROM password_reset_requests');
    for (const redirectURL of [
      'https://evil.example/reset',
      'http://127.0.0.1:3000@evil.example/reset',
      'http://127.0.0.1:3999/reset',
      'https://127.0.0.1:3000/reset',
    ]) {
      const res = await call(s.app, 'POST', '/v3/auth/forget-password', undefined, {
        username: 'officer',
        redirectURL,
      });
      assert.equal(res.statusCode, 400, redirectURL);
      assert.deepEqual(
        res.json().errors,
        [{ label: 'redirectURL', reason: "must be on one of this bank's sites" }],
        redirectURL,
      );
    }
    const after = await s.app.ctx.db.query('SELECT id FROM password_reset_requests');
    assert.equal(after.length, before.length);
    // The shell's own origin (the login form sends `${origin}/login`) is one of them.
    const res = await call(s.app, 'POST', '/v3/auth/forget-password', undefined, {
      username: 'nobody',
      redirectURL: 'http://localhost:3000/login',
    });
    assert.equal(res.statusCode, 200);
  });
});

describe('POST /tokenApi/getToken', () => {
  it('gives the caller a short-lived token; 401 without a session', async () => {
    assert.equal((await call(s.app, 'POST', '/tokenApi/getToken')).statusCode, 401);
    const l = await login(s.app, 'officer');
    const res = await call(s.app, 'POST', '/tokenApi/getToken', l);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.ok(body.token.length >= 32);
    assert.equal(body.expires_in, 300);
  });
});
