// The session cache (README "Session cache"): an access token's session and user are answered from memory for a
// moment, and never after a change to them. The servers here keep an entry for a minute (SESSION_CACHE_MS), so a
// change that did not clear the cache would be served stale for the whole test: each case warms the cache first,
// changes something, and expects the change on the very next request (the same server) or within the test's
// wait (another server, which learns of it from the database's NOTIFY).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SessionData } from '@originate/contract';
import pg from 'pg';
import { writesTo } from '../src/db/watch-writes';
import { SessionCache, stillLive } from '../src/modules/auth/session-cache';
import { seededScratchDatabase } from './harness/pg-templates';
import { PG_HOST, PG_PORT, pgAnswers } from './harness/server';
import { call, type Login, login, startServer, type TestServer } from './helpers';

const MINUTE_CACHE = { SESSION_CACHE_MS: '60000' };

describe('writesTo', () => {
  const watched = { sessions: 'changes', users: 'any' } as const;
  it('sees updates, deletes and truncates of a watched table, in any case and in a WITH', () => {
    for (const sql of [
      'UPDATE sessions SET revoked_at = $2 WHERE id = $1',
      'update "users" set roles = $2',
      'DELETE FROM ONLY sessions WHERE id = $1',
      'TRUNCATE TABLE users CASCADE',
      'WITH gone AS (DELETE FROM users WHERE userid = $1 RETURNING userid) SELECT * FROM gone',
      'INSERT INTO users (userid) VALUES ($1)',
      'INSERT INTO sessions (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET revoked_at = now()',
    ]) {
      assert.equal(writesTo(sql, watched), true, sql);
    }
  });

  it('passes reads, other tables and a new session (an insert of a "changes" table)', () => {
    for (const sql of [
      'SELECT * FROM sessions s JOIN users u ON u.userid = s.user_id',
      'SELECT * FROM refresh_tokens r WHERE r.token_hash = $1 FOR UPDATE OF r',
      'UPDATE refresh_tokens SET used_at = $2',
      'UPDATE users_audit SET x = 1',
      'INSERT INTO sessions (id, user_id) VALUES ($1, $2)',
      'INSERT INTO tasks (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET users = 1',
    ]) {
      assert.equal(writesTo(sql, watched), false, sql);
    }
  });
});

describe('SessionCache', () => {
  const at = (iso: string) => new Date(iso);
  const entry = (value: string, accessExpiresAt = '2030-01-01T00:15:00Z', endsAt: string | null = null) => ({
    value,
    accessExpiresAt: at(accessExpiresAt),
    endsAt: endsAt === null ? null : at(endsAt),
  });
  const NOW = at('2030-01-01T00:00:00Z');

  it('answers an entry until its lifetime ends, and not past the rows’ own expiry times', () => {
    let clock = 0;
    const cache = new SessionCache<string>(1000, 10, () => clock);
    cache.set('a', entry('A'), cache.ticket());
    cache.set('b', entry('B', '2030-01-01T00:15:00Z', '2030-01-01T00:05:00Z'), cache.ticket());
    assert.equal(cache.get('a', NOW), 'A');
    assert.equal(cache.get('b', NOW), 'B');
    assert.equal(cache.get('b', at('2030-01-01T00:05:00Z')), undefined, 'the session ended');
    assert.equal(cache.get('a', at('2030-01-01T00:15:00Z')), undefined, 'the access token expired');
    cache.set('a', entry('A'), cache.ticket());
    clock = 1000;
    assert.equal(cache.get('a', NOW), undefined, 'the lifetime is over');
    assert.equal(cache.size, 0);
  });

  it('keeps nothing a lookup read before a clear, nor anything when its lifetime is 0', () => {
    const cache = new SessionCache<string>(1000);
    const ticket = cache.ticket();
    cache.clear();
    cache.set('a', entry('A'), ticket);
    assert.equal(cache.get('a', NOW), undefined);
    const off = new SessionCache<string>(0);
    off.set('a', entry('A'), off.ticket());
    assert.equal(off.size, 0);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new SessionCache<string>(1000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, entry(key), cache.ticket());
    assert.deepEqual(
      ['a', 'b', 'c'].map((key) => cache.get(key, NOW)),
      [undefined, 'b', 'c'],
    );
  });

  it('stillLive is the lookup’s WHERE on the times it read', () => {
    assert.equal(stillLive(entry('x'), NOW), true);
    assert.equal(stillLive(entry('x', '2030-01-01T00:00:00Z'), NOW), false);
    assert.equal(stillLive(entry('x', '2030-01-01T00:15:00Z', '2030-01-01T00:00:00Z'), NOW), false);
  });
});

// On the test run's database (MOCK_SERVER_TEST_DATABASE): PostgreSQL, whose notification comes a moment after the
// commit, is the case that needs the statement watch; on PGlite the notification comes with the statement.
describe('one server: no request after a change is served from before it', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer(MINUTE_CACHE);
  });
  after(() => s.close());

  const roles = async (who: { access_token: string }) =>
    call(s.app, 'GET', '/v3/users/roles', { access_token: who.access_token });

  it('logout', async () => {
    const officer = await login(s.app, 'officer');
    assert.equal((await roles(officer)).statusCode, 200);
    assert.equal((await call(s.app, 'POST', '/v3/auth/logout', officer)).statusCode, 200);
    assert.equal((await roles(officer)).statusCode, 401);
  });

  it('a role, the portal taken away, a team membership', async () => {
    const lead = await login(s.app, 'teamlead');
    const before = (await roles(lead)).json<{ roles: string[] }>().roles;
    await s.app.ctx.db.query(`UPDATE users SET roles = roles || '["AUDITOR"]' WHERE userid = $1`, [lead.user.userid]);
    assert.deepEqual((await roles(lead)).json<{ roles: string[] }>().roles, [...before, 'AUDITOR']);
    const teams = async () =>
      (await call(s.app, 'GET', '/v3/users/groupsByUserId', lead)).json<{ teams: unknown[] }>().teams.length;
    assert.ok((await teams()) > 0);
    await s.app.ctx.db.query('DELETE FROM user_teams WHERE user_id = $1', [lead.user.userid]);
    assert.equal(await teams(), 0);
    await s.app.ctx.db.query(`UPDATE users SET applications = '["other"]' WHERE userid = $1`, [lead.user.userid]);
    assert.equal((await roles(lead)).statusCode, 403);
  });

  it('a refresh token used again after the grace period (the session is revoked)', async () => {
    const approver = await login(s.app, 'approver');
    const next = (
      await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: approver.refresh_token })
    ).json<SessionData>();
    assert.equal((await roles(next)).statusCode, 200);
    s.advance(s.config.refreshReuseGraceSeconds + 1);
    await call(s.app, 'POST', '/v3/auth/refresh-token', undefined, { refresh_token: approver.refresh_token });
    assert.equal((await roles(next)).statusCode, 401);
  });

  it('the access token’s own expiry', async () => {
    const developer = await login(s.app, 'developer');
    assert.equal((await roles(developer)).statusCode, 200);
    s.advance(s.config.accessTokenTtlSeconds + 1);
    assert.equal((await roles(developer)).statusCode, 401);
  });
});

const skip = (await pgAnswers()) ? false : `nothing answers on ${PG_HOST}:${PG_PORT} (PostgreSQL)`;

describe('two servers on one PostgreSQL: a change through one, or straight in the database, reaches the other', {
  skip,
}, () => {
  // Two apps in this process, each with its own pool, cache and statement watch: what one writes reaches the
  // other only as the database's notification, as between two processes.
  let database: Awaited<ReturnType<typeof seededScratchDatabase>>;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    database = await seededScratchDatabase('originate_session_cache', { SEED_APPLICATIONS: '0' });
    const env = { ...MINUTE_CACHE, DATABASE_URL: database.url, DATA_DIR: database.dataDir, SEED_APPLICATIONS: '0' };
    a = await startServer(env);
    b = await startServer(env);
  });
  after(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
    await database?.drop();
  });

  const status = async (server: TestServer, who: Login) =>
    (await call(server.app, 'GET', '/v3/users/roles', who)).statusCode;

  /** The other server learns of a commit a moment later: asked again until it answers `want` (a minute's cache would not). */
  async function eventually(server: TestServer, who: Login, want: number): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if ((await status(server, who)) === want) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`still not ${want}`);
  }

  it('a logout on one server ends the session on the other', async () => {
    const officer = await login(a.app, 'officer');
    assert.equal(await status(b, officer), 200);
    assert.equal((await call(a.app, 'POST', '/v3/auth/logout', officer)).statusCode, 200);
    await eventually(b, officer, 401);
  });

  it('a user changed in the database by another connection is refused by both', async () => {
    const lead = await login(a.app, 'teamlead');
    assert.equal(await status(a, lead), 200);
    assert.equal(await status(b, lead), 200);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`UPDATE users SET applications = '["other"]' WHERE username = 'teamlead'`);
    } finally {
      await client.end();
    }
    await eventually(a, lead, 403);
    await eventually(b, lead, 403);
  });
});
