// Hardening every route inherits, one describe per concern: each of these failed on the code before its fix.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { gunzipSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  API_PATHS,
  APPLICATIONS_QUERY,
  DEFAULT_LOGIN_KEY,
  encryptPayload,
  REFUSAL_CODES,
  type SessionData,
} from '@originate/contract';
import { answerUntilClosed } from '@originate/testing';
import { io as connectSocket } from 'socket.io-client';
import { loadConfig } from '../src/config';
import { call, labels, login, loginRaw, opened, startServer, type TestServer } from './helpers';

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * One server on the defaults for the describes that need nothing else (refresh, the matched route, headers, push
 * endpoints): their tests log in afresh and touch rows of their own, so sharing it costs them nothing, and the file
 * builds one app and one database copy instead of four. A describe with settings of its own starts its own.
 */
let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('text a database cannot hold and deep nesting are bad input, never a 500', () => {
  let s: TestServer;
  const logged: { level: number; msg?: string }[] = [];
  before(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    s = await startServer({}, { logger: { level: 'info', stream: sink } });
  });
  after(() => s.close());

  const bad = [
    ['NUL', 'officer\u0000', 'must not contain a NUL character'],
    ['lone surrogate', '\uD800officer', 'is not well-formed Unicode (lone surrogate)'],
  ] as const;

  for (const [what, text, reason] of bad) {
    it(`${what}: public auth routes answer 400/1101 naming the field`, async () => {
      const password = await encryptPayload('x', DEFAULT_LOGIN_KEY);
      const loginRes = await call(s.app, 'POST', '/v3/auth/login', undefined, { username: text, password });
      assert.deepEqual(labels(loginRes), ['username']);
      assert.equal(loginRes.json().errors[0].reason, reason);
      for (const body of [
        { username: text, redirectURL: 'http://127.0.0.1:3000/reset' },
        { username: 'officer', redirectURL: `http://127.0.0.1:3000/${text}` },
      ]) {
        const res = await call(s.app, 'POST', '/v3/auth/forget-password', undefined, body);
        assert.deepEqual(labels(res), [body.username === text ? 'username' : 'redirectURL']);
      }
    });

    it(`${what}: signed-in routes answer 400/1101 naming the field`, async () => {
      const l = await login(s.app, 'officer');
      const token = (await call(s.app, 'POST', '/tokenApi/getToken', l)).json().token as string;
      const cases: [string, Record<string, unknown>, string][] = [
        ['/v3/users/roles', { userName: text, token }, 'userName'],
        ['/v3/users/getGroupDetailByGroupName', { team: text, token }, 'team'],
        [
          '/v3/notification/subscription',
          {
            userId: l.user.userid,
            subscription: { endpoint: 'https://push.example/1', keys: { p256dh: text, auth: 'a' } },
          },
          'subscription.keys.p256dh',
        ],
      ];
      for (const [url, body, label] of cases) {
        assert.deepEqual(labels(await call(s.app, 'POST', url, l, body)), [label], url);
      }
      // A lone surrogate has no UTF-8 form: in a URL it arrives as the bytes of one, which is no text at all.
      const inUrl = text.includes('\u0000') ? '%00' : '%ED%A0%80';
      for (const url of [`/v3/users/${inUrl}`, `/v3/users?page=${inUrl}`, `/v3/users?${inUrl}=1`]) {
        const res = await call(s.app, 'GET', url, l);
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().code, 1101, url);
      }
      if (inUrl === '%00') assert.deepEqual(labels(await call(s.app, 'GET', `/v3/users/a${inUrl}`, l)), ['userid']);
    });
  }

  it('a 5,000-deep body and a NUL inside a stored JSON value answer 400 on PUT /setup/configs', async () => {
    const admin = await login(s.app, 'opsadmin');
    const deep = await s.app.inject({
      method: 'PUT',
      url: '/setup/configs/Custom/Deep',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: deepArray(5000),
    });
    assert.equal(deep.statusCode, 400);
    assert.match(deep.json().errors[0].reason, /nested deeper than 64 levels/);
    const nul = await call(s.app, 'PUT', '/setup/configs/Custom/Nul', admin, { note: 'a\u0000b' });
    assert.deepEqual(labels(nul), ['note']);
    const nulKey = await call(s.app, 'PUT', '/setup/configs/Custom/Nul', admin, { 'a\u0000': 1 });
    assert.equal(nulKey.statusCode, 400);
  });

  it('nothing of it was logged at error level', () => {
    assert.ok(logged.length > 0, 'the logger recorded the requests');
    assert.deepEqual(
      logged.filter((entry) => entry.level >= 50),
      [],
    );
  });
});

describe('brute-force control', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_SECONDS: '900' });
  });
  after(() => s.close());

  it('5 wrong passwords lock the name: the 6th attempt, right password or not, answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await loginRaw(s.app, 'officer', 'wrong')).statusCode, 401);
    const locked = await loginRaw(s.app, 'officer', 'Officer@123');
    assert.equal(locked.statusCode, 429);
    assert.deepEqual(locked.json(), {
      code: REFUSAL_CODES.TOO_MANY_REQUESTS.code,
      message: REFUSAL_CODES.TOO_MANY_REQUESTS.message,
    });
    assert.equal(locked.headers['retry-after'], '900');
    // The back office reads it cross-origin to tell the user when to try again.
    const fromBrowser = await s.app.inject({
      method: 'POST',
      url: '/v3/auth/login',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { username: 'officer', password: await encryptPayload('x', DEFAULT_LOGIN_KEY) },
    });
    assert.match(String(fromBrowser.headers['access-control-expose-headers']), /retry-after/i);
    s.advance(901);
    assert.equal((await loginRaw(s.app, 'officer', 'Officer@123')).statusCode, 200);
  });

  it("lets a listed origin use the browser's methods cross-origin (PUT, DELETE), and no other origin", async () => {
    const preflight = (origin: string, method: string) =>
      s.app.inject({
        method: 'OPTIONS',
        url: '/setup/configs/Analytics/Reports',
        headers: { origin, 'access-control-request-method': method },
      });
    for (const method of ['PUT', 'DELETE']) {
      const allowed = await preflight('http://127.0.0.1:3000', method);
      assert.equal(allowed.headers['access-control-allow-origin'], 'http://127.0.0.1:3000');
      assert.match(String(allowed.headers['access-control-allow-methods']), new RegExp(`\\b${method}\\b`));
      const foreign = await preflight('http://evil.example', method);
      assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    }
  });

  it('a success clears the count; an unknown name locks exactly like a known one', async () => {
    for (let i = 0; i < 4; i++) await loginRaw(s.app, 'teamlead', 'wrong');
    assert.equal((await loginRaw(s.app, 'teamlead', 'Lead@123')).statusCode, 200);
    assert.equal((await loginRaw(s.app, 'teamlead', 'wrong')).statusCode, 401);

    const answers = [];
    for (let i = 0; i < 6; i++) {
      const known = await loginRaw(s.app, 'approver', 'wrong');
      const unknown = await loginRaw(s.app, 'nobody-here', 'wrong');
      answers.push([known.statusCode, known.body], [unknown.statusCode, unknown.body]);
    }
    // Pairs of identical answers: the refusal says nothing about whether the user exists.
    for (let i = 0; i < answers.length; i += 2) assert.deepEqual(answers[i], answers[i + 1]);
    assert.deepEqual(answers.at(-1)?.[0], 429);
  });

  it('concurrent guesses count too', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => loginRaw(s.app, 'developer', 'wrong')));
    const codes = results.map((r) => r.statusCode).sort();
    assert.equal(codes.filter((c) => c === 401).length, 5);
    assert.equal(codes.filter((c) => c === 429).length, 7);
  });

  it('forget-password: 3 per user name per 15 minutes, each stored; the 4th answers 429', async () => {
    const body = { username: 'Ghost', redirectURL: 'http://127.0.0.1:3000/reset' };
    const [before] = await s.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_reset_requests');
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await call(s.app, 'POST', '/v3/auth/forget-password', undefined, body)).statusCode);
    assert.deepEqual(codes, [200, 200, 200, 429, 429]);
    const [afterRows] = await s.app.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_reset_requests',
    );
    assert.equal((afterRows?.n ?? 0) - (before?.n ?? 0), 3);
  });

  it('per client address, more loosely: AUTH_CALLS_PER_ADDRESS_PER_MINUTE', async () => {
    const t = await startServer({ AUTH_CALLS_PER_ADDRESS_PER_MINUTE: '4' });
    try {
      const codes = [];
      for (const name of ['a', 'b', 'c', 'd', 'e']) codes.push((await loginRaw(t.app, name, 'wrong')).statusCode);
      assert.deepEqual(codes, [401, 401, 401, 401, 429]);
      const refused = await loginRaw(t.app, 'f', 'wrong');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(refused.json().code, 429);
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY), the address counted is the client it forwards, not the proxy', async () => {
    const t = await startServer({ AUTH_CALLS_PER_ADDRESS_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const from = (client: string) => ({ 'x-forwarded-for': client });
      const codes = [];
      for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']) {
        codes.push((await loginRaw(t.app, 'nobody', 'wrong', from(client))).statusCode);
      }
      // The third call of one client is over its limit; another client behind the same proxy is not.
      assert.deepEqual(codes, [401, 401, 429, 401]);
    } finally {
      await t.close();
    }
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }), /TRUST_PROXY entry '10\.0\.0\.0\/33' must be/);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'nginx' }), /TRUST_PROXY entry 'nginx'/);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy, ['127.0.0.1', '10.0.0.0/8']);
  });
});

describe('refresh: two tabs at once, and a refused refresh uses nothing up', () => {
  const refresh = (token: string, headers: Record<string, string> = {}) =>
    call(server.app, 'POST', '/v3/auth/refresh-token', headers, { refresh_token: token });

  it('two concurrent refreshes with one token both answer the same new pair, and the session lives', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const l = await login(server.app, 'officer');
      const [a, b] = await Promise.all([refresh(l.refresh_token), refresh(l.refresh_token)]);
      assert.deepEqual([a.statusCode, b.statusCode], [200, 200]);
      const [pa, pb] = [a.json<SessionData>(), b.json<SessionData>()];
      assert.equal(pa.access_token, pb.access_token);
      assert.equal(pa.refresh_token, pb.refresh_token);
      assert.equal(
        (await call(server.app, 'GET', '/v3/users/roles', { access_token: pa.access_token })).statusCode,
        200,
      );
      assert.equal((await refresh(pa.refresh_token)).statusCode, 200);
    }
  });

  it('reuse after the grace period still revokes the session', async () => {
    const l = await login(server.app, 'officer');
    const next = (await refresh(l.refresh_token)).json<SessionData>();
    server.advance(server.config.refreshReuseGraceSeconds + 1);
    assert.equal((await refresh(l.refresh_token)).statusCode, 401);
    assert.equal(
      (await call(server.app, 'GET', '/v3/users/roles', { access_token: next.access_token })).statusCode,
      401,
    );
  });

  it('a wrong X-XSRF-TOKEN answers 403 and leaves the token usable: the retry succeeds', async () => {
    const l = await login(server.app, 'officer');
    assert.equal((await refresh(l.refresh_token, { 'x-xsrf-token': 'forged' })).statusCode, 403);
    const retry = await refresh(l.refresh_token, { 'x-xsrf-token': l.xsrf });
    assert.equal(retry.statusCode, 200);
    const next = retry.json<SessionData>();
    assert.equal(
      (await call(server.app, 'GET', '/v3/users/roles', { access_token: next.access_token })).statusCode,
      200,
    );
  });
});

describe('the matched route decides; extra fields are refused', () => {
  it('percent-encoded paths answer the {data} envelope like the plain ones', async () => {
    const l = await login(server.app, 'officer');
    for (const [encoded, plain] of [
      ['/%73etup/configs/Admin/Features', '/setup/configs/Admin/Features'],
      ['/api/getCustomeStyl%65', '/api/getCustomeStyle'],
    ] as const) {
      const a = await call(server.app, 'GET', encoded, l);
      assert.equal(a.statusCode, 200, encoded);
      assert.deepEqual(await opened(a, l), await opened(await call(server.app, 'GET', plain, l), l));
      assert.equal((await call(server.app, 'GET', encoded)).statusCode, 401, `${encoded} without a token`);
    }
  });

  it('an extra body field, an extra query parameter, or a body where none is taken: 400 naming it', async () => {
    const l = await login(server.app, 'officer');
    const teams = await call(server.app, 'POST', '/v3/users/update_selected_teams', l, {
      teams: ['TEAM-RETAIL-LENDING'],
      isAdmin: true,
    });
    assert.deepEqual(labels(teams), ['isAdmin']);
    assert.deepEqual(labels(await call(server.app, 'GET', '/v3/users/roles?isAdmin=true', l)), ['isAdmin']);
    assert.deepEqual(labels(await call(server.app, 'POST', '/tokenApi/getToken', l, { scope: 'all' })), ['body']);
    const nested = await call(server.app, 'POST', '/v3/notification/subscription', l, {
      userId: l.user.userid,
      subscription: { endpoint: 'https://push.example/2', keys: { p256dh: 'p', auth: 'a', extra: 1 } },
    });
    assert.deepEqual(labels(nested), ['subscription.keys.extra']);
  });
});

describe('API headers and compression', () => {
  it('every answer carries the security headers of @fastify/helmet with a deny-all CSP', async () => {
    for (const res of [
      await call(server.app, 'GET', '/setup/configs/Environment/Domain'),
      await call(server.app, 'GET', '/nowhere'),
    ]) {
      assert.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'");
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    }
  });

  it('large JSON leaves compressed by Accept-Encoding', async () => {
    const admin = await login(server.app, 'opsadmin');
    const plain = await call(server.app, 'GET', '/v3/users?size=100', admin);
    assert.ok(plain.rawPayload.length > 1024, `a large answer (${plain.rawPayload.length} bytes)`);
    assert.equal(plain.headers['content-encoding'], undefined);
    for (const encoding of ['br', 'gzip']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/v3/users?size=100',
        headers: { ...admin.headers, 'accept-encoding': encoding },
      });
      assert.equal(res.headers['content-encoding'], encoding);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.ok(res.rawPayload.length < plain.rawPayload.length / 2, `${encoding}: ${res.rawPayload.length} bytes`);
    }
    const gzip = await server.app.inject({
      method: 'GET',
      url: '/v3/users?size=100',
      headers: { ...admin.headers, 'accept-encoding': 'gzip' },
    });
    assert.deepEqual(gzip.rawPayload, gzipSync(gunzipSync(gzip.rawPayload), { level: 1 }));
  });

  it('a sealed answer (the hex of ciphertext) leaves gzip-coded Huffman only: nothing in it repeats', async () => {
    const admin = await login(server.app, 'opsadmin');
    const query = { query: APPLICATIONS_QUERY, variables: { list: 'ALL', page: { page: 0, size: 50 } } };
    const res = await server.app.inject({
      method: 'POST',
      url: API_PATHS.graphql,
      headers: { ...admin.headers, 'accept-encoding': 'gzip' },
      payload: { data: await encryptPayload(query, admin.access_token) },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-encoding'], 'gzip');
    const text = gunzipSync(res.rawPayload);
    assert.match((JSON.parse(text.toString()) as { data: string }).data, /^[0-9a-f]{32}:[0-9a-f]{2000,}$/);
    assert.deepEqual(res.rawPayload, gzipSync(text, { level: 1, strategy: zlib.Z_HUFFMAN_ONLY }));
  });
});

describe('a listening server: request timeouts, and socket.io checks Origin', () => {
  let s: TestServer;
  let base = '';
  before(async () => {
    s = await startServer({ REQUEST_TIMEOUT_MS: '1000', CORS_ORIGINS: 'http://127.0.0.1:3000' });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(() => s.close());

  const closedAfter = (request: string) => answerUntilClosed(Number(new URL(base).port), request);

  it('a half-sent body and half-sent headers are cut off', async () => {
    const halfBody = await closedAfter(
      'POST /v3/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
    assert.match(halfBody, /^HTTP\/1\.1 408/);
    await closedAfter('GET /v3/users/roles HTTP/1.1\r\nHost: x\r\nX-Slow: ');
  });

  async function handshake(origin: string | undefined): Promise<string> {
    const l = await login(s.app, 'officer');
    const socket = connectSocket(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: l.access_token, sessionId: l.sessionid },
      extraHeaders: origin ? { origin } : {},
      reconnection: false,
    });
    return new Promise((resolve) => {
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.on('connect_error', (error) => {
        socket.close();
        resolve(`refused: ${error.message}`);
      });
    });
  }

  it('a websocket from an origin outside the allow-list is refused, even with a valid token', async () => {
    assert.equal(await handshake('http://127.0.0.1:3000'), 'connected');
    assert.equal(await handshake(undefined), 'connected');
    assert.match(await handshake('http://evil.example'), /^refused/);
  });
});

describe('a push endpoint moves to another user only with its keys', () => {
  const subscribe = (who: Awaited<ReturnType<typeof login>>, keys: { p256dh: string; auth: string }) =>
    call(server.app, 'POST', '/v3/notification/subscription', who, {
      userId: who.user.userid,
      subscription: { endpoint: 'https://push.example/device-1', keys },
    });
  const owner = async () =>
    (
      await server.app.ctx.db.query<{ user_id: string }>('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [
        'https://push.example/device-1',
      ])
    ).map((r) => r.user_id);

  it('another user with other keys is refused (409); with the same keys (a shared device) the binding moves', async () => {
    const officer = await login(server.app, 'officer');
    const lead = await login(server.app, 'teamlead');
    assert.equal((await subscribe(officer, { p256dh: 'device-key', auth: 'device-auth' })).statusCode, 200);
    const stolen = await subscribe(lead, { p256dh: 'attacker-key', auth: 'attacker-auth' });
    assert.equal(stolen.statusCode, 409);
    assert.deepEqual(await owner(), [officer.user.userid]);
    assert.equal((await subscribe(lead, { p256dh: 'device-key', auth: 'device-auth' })).statusCode, 200);
    assert.deepEqual(await owner(), [lead.user.userid]);
    // The owner may renew its own keys.
    assert.equal((await subscribe(lead, { p256dh: 'renewed', auth: 'renewed' })).statusCode, 200);
  });
});
