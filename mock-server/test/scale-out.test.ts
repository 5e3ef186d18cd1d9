// Scale-out (README "Scale-out"): two server processes on one PostgreSQL and one Redis act as one. A
// notification and a list change raised through one reach the sockets held by the other; logging out on
// one closes the session's sockets on the other; the per-address rate limit counts calls to both. Each
// of these fails with the in-process defaults. A server that drains closes its own sockets only. Runs when PostgreSQL and Redis answer on 127.0.0.1.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  APPLICATIONS_NAMESPACE,
  type ApplicationChangedPayload,
  ApplicationEvents,
  FromServer,
  type FromServerPayloads,
  SOCKET_PATH,
  ToServer,
} from '@originate/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { seededScratchDatabase } from './harness/pg-templates';
import { emptyPglite } from './harness/seeded';
import {
  type ChildServer,
  freePort,
  httpLogin,
  PG_HOST,
  PG_PORT,
  pgAnswers,
  REDIS_HOST,
  REDIS_PORT,
  redisAnswers,
  type Session,
  spawnServer,
} from './harness/server';

describe('REDIS_URL and REDIS_KEY_PREFIX', () => {
  it('refuses values that are not a Redis URL or a plain prefix, naming the variable', () => {
    for (const url of ['127.0.0.1:6379', 'http://127.0.0.1:6379', 'redis//x']) {
      assert.throws(() => loadConfig({ REDIS_URL: url }), /^Error: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    }
    for (const prefix of ['a b', 'x'.repeat(65), 'key*']) {
      assert.throws(() => loadConfig({ REDIS_KEY_PREFIX: prefix }), /^Error: REDIS_KEY_PREFIX must be 1 to 64/);
    }
    assert.equal(loadConfig({}).redisUrl, undefined);
    assert.equal(loadConfig({ REDIS_URL: 'rediss://cache:6380/2' }).redisUrl, 'rediss://cache:6380/2');
  });

  it('a start whose Redis does not answer fails, naming REDIS_URL', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    // A migrated database of the harness's, not one the start makes: Redis is reached after the database, and a
    // new in-memory PGlite runs initdb (4 CPU-s) where the harness restores a dump it made once.
    const db = await emptyPglite();
    try {
      await migrate(db);
      await assert.rejects(
        buildApp(loadConfig({ DATA_DIR: 'memory://', NODE_ENV: 'test', SEED_APPLICATIONS: '0', REDIS_URL: url }), {
          db,
        }),
        new RegExp(`^Error: REDIS_URL ${url} does not answer: `),
      );
    } finally {
      await db.close();
    }
  });
});

const [pgUp, redisUp] = [await pgAnswers(), await redisAnswers()];
const skip = !pgUp
  ? `nothing answers on ${PG_HOST}:${PG_PORT} (PostgreSQL)`
  : !redisUp
    ? `nothing answers on ${REDIS_HOST}:${REDIS_PORT} (Redis)`
    : false;
if (skip) console.log(`# scale-out test skipped: ${skip}`);

/** Per-address calls per minute on both servers together. */
const LIMIT = 6;
/** An event that never crosses to the other server fails its test instead of hanging the run. */
const EACH = { timeout: 30_000 };

describe('two servers on one PostgreSQL and one Redis', { skip }, () => {
  let database: Awaited<ReturnType<typeof seededScratchDatabase>>;
  let a: ChildServer;
  let b: ChildServer;
  const sockets: Socket[] = [];

  before(async () => {
    // Seeded from the run's template database (harness/pg-templates.ts; file-storage's seed too), not by the
    // first server over the wire: both servers find migrations and seed done.
    database = await seededScratchDatabase('originate_scale_out', { SEED_APPLICATIONS: '0' });
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}`,
      // This run's own keys and channels: a Redis shared with other runs counts nothing of theirs.
      REDIS_KEY_PREFIX: `originate-test-${randomBytes(6).toString('hex')}:`,
      AUTH_CALLS_PER_ADDRESS_PER_MINUTE: String(LIMIT),
      SEED_APPLICATIONS: '0',
    };
    a = await spawnServer(env);
    b = await spawnServer(env);
  });

  after(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  function connect(server: ChildServer, who: Session, namespace = ''): Socket {
    const socket = io(`${server.url}${namespace}`, {
      path: SOCKET_PATH,
      auth: { token: who.headers.access_token, sessionId: who.headers.sessionid },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  const once = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

  async function connected(socket: Socket): Promise<void> {
    if (socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  }

  it('an assignment made through one server notifies the officer and updates lists on the other', EACH, async () => {
    const officer = await httpLogin(b.url, 'officer');
    const lead = await httpLogin(a.url, 'teamlead');
    const bell = connect(b, officer);
    await once(bell, 'NOTIFICATION');
    const lists = connect(b, officer, APPLICATIONS_NAMESPACE);
    await connected(lists);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const task = await client
      .query<{ application_id: string; task_id: string }>(
        `SELECT application_id, task_id FROM tasks WHERE assigned_to IS NULL AND progress = 'Pending'
            AND assigned_team @> '[{"id":"TEAM-MUM-WEST"}]' ORDER BY application_id LIMIT 1`,
      )
      .then((r) => r.rows[0])
      .finally(() => client.end());
    assert.ok(task, 'the demo bank has an unassigned task in the team lead and officer’s team');

    const notified = once<FromServerPayloads['NEW']>(bell, 'NEW');
    const changed = once<ApplicationChangedPayload>(lists, ApplicationEvents.APPLICATION_CHANGED);
    const res = await fetch(`${a.url}${API_PATHS.assignApplication}`, {
      method: 'POST',
      headers: { ...lead.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ application_id: task.application_id, taskId: task.task_id, assignTo: 'USR-1001' }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const { notificationId } = (await res.json()) as { notificationId: string };

    const { notification } = await notified;
    assert.equal(notification.notificationId, notificationId);
    assert.equal(notification.metadata.status, 'AssignedToUser');
    assert.match(notification.messages, /has been assigned to you by Priya Sharma$/);
    assert.equal((await changed).application_id, task.application_id);
  });

  it('logging out through one server closes the session’s sockets on the other', EACH, async () => {
    const officer = await httpLogin(b.url, 'officer');
    const bell = connect(b, officer);
    await once(bell, 'NOTIFICATION');
    const lists = connect(b, officer, APPLICATIONS_NAMESPACE);
    await connected(lists);
    const closed = [once<string>(bell, 'disconnect'), once<string>(lists, 'disconnect')];

    const res = await fetch(`${a.url}${API_PATHS.logout}`, { method: 'POST', headers: officer.headers });
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await Promise.all(closed), ['io server disconnect', 'io server disconnect']);
  });

  it('the per-address limit counts the calls made to both servers together', EACH, async () => {
    const challenge = (server: ChildServer) => fetch(`${server.url}${API_PATHS.captchaChallenge}`);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await challenge(i % 2 === 0 ? a : b)).status);
    assert.deepEqual(statuses, Array(LIMIT).fill(200), `${LIMIT} calls, half to each server`);
    // Each server alone has seen only half the limit; together they have seen all of it.
    for (const server of [a, b]) {
      const res = await challenge(server);
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
    }
  });

  // Last: it stops server a.
  it('a server that drains sends its own sockets away and leaves the other server’s connected', EACH, async () => {
    const officer = await httpLogin(b.url, 'officer');
    const onA = connect(a, officer);
    const onB = connect(b, officer);
    await Promise.all([once(onA, 'NOTIFICATION'), once(onB, 'NOTIFICATION')]);
    const bClosed = once<string>(onB, 'disconnect');
    const aClosed = once<string>(onA, 'disconnect');

    a.signal('SIGTERM');
    assert.equal(await aClosed, 'transport close', 'the client reconnects (to b, behind a load balancer)');
    assert.deepEqual(await a.exit, { code: 0, signal: null });

    // b answers on the same socket after a is gone; a disconnect a had broadcast through Redis would come first.
    const counted = once(onB, FromServer.UPDATE_COUNT_RESULT);
    onB.emit(ToServer.UPDATE_COUNT, {});
    const outcome = await Promise.race([
      counted.then(() => 'answered'),
      bClosed.then((reason) => `disconnected: ${reason}`),
    ]);
    assert.equal(outcome, 'answered');
    assert.equal(onB.connected, true);
  });
});
