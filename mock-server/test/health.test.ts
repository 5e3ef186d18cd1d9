// Health and readiness (README "Health and drain") in process: the rule that makes the answer, /readyz
// answering 503 naming the database when it fails, Redis when it stops answering (through a proxy this
// test cuts; skipped with the reason when no Redis answers), and draining; DRAIN_TIMEOUT_MS refused
// when bad. The drain itself, on the real process: test/drain.test.ts.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { readiness } from '../src/modules/health';
import { checkAnswers } from './harness/answers';
import { emptyPglite, TEST_PGLITE } from './harness/seeded';
import { REDIS_HOST, REDIS_PORT, redisAnswers } from './harness/server';

const ENV = { ...TEST_PGLITE, DATA_DIR: 'memory://', NODE_ENV: 'test', SEED_APPLICATIONS: '0' };

describe('readiness (the rule)', () => {
  it('is ready only when every dependency answers and the process is not draining', () => {
    assert.deepEqual(readiness({ database: true, draining: false }), { status: 'ready' });
    assert.deepEqual(readiness({ database: true, redis: true, draining: false }), { status: 'ready' });
    assert.deepEqual(readiness({ database: false, draining: false }), { status: 'not-ready', reasons: ['database'] });
    assert.deepEqual(readiness({ database: true, redis: false, draining: false }), {
      status: 'not-ready',
      reasons: ['redis'],
    });
    assert.deepEqual(readiness({ database: true, draining: true }), { status: 'not-ready', reasons: ['draining'] });
    assert.deepEqual(readiness({ database: false, redis: false, draining: true }), {
      status: 'not-ready',
      reasons: ['database', 'redis', 'draining'],
    });
  });
});

/** The app on a database whose statements fail once `failing` is set (start-up needs it to work). */
async function appWithSwitchableDb(env: Record<string, string> = {}) {
  const real = await emptyPglite();
  await migrate(real);
  const state = { failing: false };
  const check = () => {
    if (state.failing) throw new Error('connection terminated unexpectedly');
  };
  const db: Db = {
    kind: real.kind,
    query: async (sql, params) => {
      check();
      return real.query(sql, params);
    },
    exec: async (sql) => {
      check();
      return real.exec(sql);
    },
    transaction: async (fn) => {
      check();
      return real.transaction(fn);
    },
    listen: (channel, onNotify) => real.listen(channel, onNotify),
    close: () => real.close(),
  };
  const app = await buildApp(loadConfig({ ...ENV, ...env }), { db });
  checkAnswers(app);
  return {
    app,
    state,
    async close() {
      await app.close();
      await real.close();
    },
  };
}

const readyz = (app: FastifyInstance) => app.inject({ method: 'GET', url: API_PATHS.readyz });

describe('/healthz and /readyz', () => {
  let subject: Awaited<ReturnType<typeof appWithSwitchableDb>>;
  before(async () => {
    subject = await appWithSwitchableDb();
  });
  after(() => subject?.close());

  it('answer 200, uncached, without a token; /readyz answers 503 naming the database when it fails', async () => {
    const { app, state } = subject;
    const live = await app.inject({ method: 'GET', url: API_PATHS.healthz });
    assert.equal(live.statusCode, 200);
    assert.deepEqual(live.json(), { status: 'ok' });
    assert.equal(live.headers['cache-control'], 'no-store');
    const ready = await readyz(app);
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready' });
    assert.equal(ready.headers['cache-control'], 'no-store');

    state.failing = true;
    try {
      const down = await readyz(app);
      assert.equal(down.statusCode, 503);
      assert.deepEqual(down.json(), { status: 'not-ready', reasons: ['database'] });
      assert.equal(down.headers['cache-control'], 'no-store');
      // Liveness does not depend on the database: restarting the process would not bring it back.
      assert.equal((await app.inject({ method: 'GET', url: API_PATHS.healthz })).statusCode, 200);
    } finally {
      state.failing = false;
    }
    assert.equal((await readyz(app)).statusCode, 200);
  });

  it('answer every probe of a fast prober: no rate limit', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      statuses.add((await readyz(subject.app)).statusCode);
      statuses.add((await subject.app.inject({ method: 'GET', url: API_PATHS.healthz })).statusCode);
    }
    assert.deepEqual([...statuses], [200]);
  });

  it('refuses a query string, as every route', async () => {
    const res = await subject.app.inject({ method: 'GET', url: `${API_PATHS.readyz}?verbose=1` });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, [{ label: 'verbose', reason: 'is not allowed' }]);
  });

  // Last: a drain does not end.
  it('/readyz answers 503 naming draining once the drain has begun', async () => {
    subject.app.ctx.drain.start();
    const res = await readyz(subject.app);
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: 'not-ready', reasons: ['draining'] });
  });
});

const redisSkip = (await redisAnswers()) ? false : `nothing answers on ${REDIS_HOST}:${REDIS_PORT} (Redis)`;
if (redisSkip) console.log(`# Redis readiness test skipped: ${redisSkip}`);

describe('/readyz with REDIS_URL', { skip: redisSkip }, () => {
  /** A TCP proxy to the real Redis that the test can cut: Redis "goes away" for this app only. */
  const links = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect({ host: REDIS_HOST, port: REDIS_PORT });
    for (const socket of [client, upstream]) {
      links.add(socket);
      socket.once('close', () => links.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('answers 503 naming Redis when Redis stops answering', async () => {
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as net.AddressInfo;
    const { app, close } = await appWithSwitchableDb({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: `originate-health-test-${process.pid}:`,
    });
    try {
      assert.deepEqual((await readyz(app)).json(), { status: 'ready' });
      // No new connection is accepted and the open ones are cut: ioredis cannot reach Redis again.
      proxy.close();
      for (const socket of links) socket.destroy();
      const res = await readyz(app);
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { status: 'not-ready', reasons: ['redis'] });
    } finally {
      await close();
    }
  });
});

describe('DRAIN_TIMEOUT_MS', () => {
  it('defaults to 10 s and refuses what is not a positive integer, naming the variable', () => {
    assert.equal(loadConfig({}).drainTimeoutMs, 10_000);
    assert.equal(loadConfig({ DRAIN_TIMEOUT_MS: '2500' }).drainTimeoutMs, 2500);
    for (const bad of ['0', '-1', '1.5', 'soon']) {
      assert.throws(
        () => loadConfig({ DRAIN_TIMEOUT_MS: bad }),
        /^Error: DRAIN_TIMEOUT_MS must be an integer between 1 and /,
      );
    }
  });
});
