import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db';
import { migrationFiles } from '../src/db/migrate';
import { buildSeeded, TEST_PGLITE } from './harness/seeded';
import { PG_HOST, PG_PORT, pgAnswers, scratchDatabase } from './harness/server';
import { call, login } from './helpers';

describe('PGlite persistence', () => {
  let dir = '';
  after(() => rm(dir, { recursive: true, force: true }));

  it('keeps data across close and reopen of the same data dir', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'originate-persist-'));
    const config = loadConfig({ ...TEST_PGLITE, DATA_DIR: dir, NODE_ENV: 'test' });
    const first = await buildSeeded(config);
    const l = await login(first, 'officer');
    const res = await call(first, 'POST', '/v3/users/update_selected_teams', l, { teams: ['TEAM-RETAIL-LENDING'] });
    assert.equal(res.statusCode, 200);
    await first.close();

    const second = await buildApp(config);
    try {
      // The session written before the restart is still valid, and so is the change.
      const groups = await call(second, 'GET', '/v3/users/groupsByUserId', l);
      assert.equal(groups.statusCode, 200);
      assert.deepEqual(groups.json().selectedTeams, ['TEAM-RETAIL-LENDING']);
      const [migrations] = await second.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      assert.equal(migrations?.n, (await migrationFiles()).length);
      // The demo people once each (generated staff of SEED_APPLICATIONS are USR-G… and USR-A…).
      const [users] = await second.ctx.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE userid ~ '^USR-1[0-9]{3}$'",
      );
      assert.equal(users?.n, 9);
    } finally {
      await second.close();
    }
  });

  it('NODE_ENV=production seeds configuration but no demo users', async () => {
    const prodDir = await mkdtemp(path.join(tmpdir(), 'originate-prod-'));
    try {
      const app = await buildSeeded(loadConfig({ ...TEST_PGLITE, DATA_DIR: prodDir, NODE_ENV: 'production' }));
      try {
        const [users] = await app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        assert.equal(users?.n, 0);
        assert.equal((await call(app, 'GET', '/setup/configs/Environment/Domain')).statusCode, 200);
      } finally {
        await app.close();
      }
    } finally {
      await rm(prodDir, { recursive: true, force: true });
    }
  });
});

const pgUp = await pgAnswers();
if (!pgUp) console.log(`# PostgreSQL test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);

describe('real PostgreSQL (DATABASE_URL)', { skip: pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT}` }, () => {
  it('migrates, seeds and logs in on a fresh database, then drops it', async () => {
    const database = await scratchDatabase('originate_test');
    try {
      const config = loadConfig({ DATABASE_URL: database.url, NODE_ENV: 'test' });
      const app = await buildSeeded(config);
      try {
        assert.equal(app.ctx.db.kind, 'postgres');
        const l = await login(app, 'officer');
        assert.equal(l.user.displayName, 'Rahul Verma');
        const res = await call(app, 'GET', '/v3/application/PL-2026-000101', l);
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().product_name, 'Personal Loan');
      } finally {
        await app.close();
      }
      // Migrations are recorded: a second open applies nothing.
      const db = await openDb(config);
      try {
        const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        assert.equal(row?.n, (await migrationFiles()).length);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('an idle connection ended by the database does not crash the server: the next query reconnects', async () => {
    const database = await scratchDatabase('originate_idle');
    try {
      const db = await openDb({ databaseUrl: database.url, dataDir: 'memory://' });
      try {
        await db.query('SELECT 1');
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        try {
          const ended = await admin.query<{ n: number }>(
            'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          );
          assert.ok((ended.rows[0]?.n ?? 0) > 0, 'the pool held an idle connection that was ended');
        } finally {
          await admin.end();
        }
        // The pool hears of the ended connection on the next turns of the event loop: an unhandled
        // 'error' there would fail this test as an uncaught exception.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [row] = await db.query<{ ok: number }>('SELECT 1 AS ok');
        assert.equal(row?.ok, 1);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  });
});
