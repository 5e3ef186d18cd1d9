// The SLA sweep with two server processes on one PostgreSQL (README "SLA breaches"): both sweep every 100 ms,
// and each breach is marked, logged and notified exactly once. Runs when PostgreSQL answers on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { seededScratchDatabase } from './harness/pg-templates';
import { type ChildServer, PG_HOST, PG_PORT, pgAnswers, spawnServer } from './harness/server';

const pgUp = await pgAnswers();
const skip = pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT} (PostgreSQL)`;
if (skip) console.log(`# SLA scale-out test skipped: ${skip}`);

/** Breaches made at once, so both processes find work in the same instants. */
const TASKS = 12;

describe('the SLA sweep on two servers sharing one PostgreSQL', { skip }, () => {
  let database: Awaited<ReturnType<typeof seededScratchDatabase>>;
  let a: ChildServer;
  let b: ChildServer;
  let client: pg.Client;

  before(async () => {
    // A copy of the run's seeded template database (harness/pg-templates.ts; scale-out's seed too): both servers
    // find migrations and seed done. Seeding it over the wire took the first server 2 CPU-s and PostgreSQL 7.
    database = await seededScratchDatabase('originate_sla_sweep', { SEED_APPLICATIONS: '0' });
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      SEED_APPLICATIONS: '0',
      SLA_SWEEP_INTERVAL_MS: '100',
    };
    a = await spawnServer(env);
    b = await spawnServer(env);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  after(async () => {
    await client?.end();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('each breach is marked, logged and notified to the team lead once', { timeout: 60_000 }, async () => {
    const { rows: tasks } = await client.query<{ task_id: string; application_id: string }>(
      `SELECT task_id, application_id FROM tasks
        WHERE is_current AND progress IN ('Pending', 'In Progress')
          AND assigned_team @> '[{"id":"TEAM-MUM-WEST"}]'
        ORDER BY application_id LIMIT $1`,
      [TASKS],
    );
    assert.ok(tasks.length >= 3, `open tasks of TEAM-MUM-WEST in the demo bank: ${tasks.length}`);
    const ids = tasks.map((t) => t.task_id);
    const apps = tasks.map((t) => t.application_id);
    // One statement: every overall part ran out five minutes ago, all at once for both sweepers.
    await client.query(
      `UPDATE tasks SET start_time = now() - interval '10 minutes', sla_overall_mins = 5, sla_queued_mins = NULL,
              sla_assigned_mins = NULL, sla_clock = 'CALENDAR', sla_overall_breached_at = NULL
        WHERE task_id = ANY($1::text[])`,
      [ids],
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM tasks WHERE task_id = ANY($1::text[]) AND sla_overall_breached_at IS NOT NULL',
        [ids],
      );
      if (Number(rows[0]?.n) === ids.length) break;
      assert.ok(Date.now() < deadline, `marked ${rows[0]?.n} of ${ids.length} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Twenty more sweeps of each process: none may handle a breach again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { rows: notices } = await client.query<{ application_id: string; n: string }>(
      `SELECT application_id, count(*) AS n FROM notifications
        WHERE application_id = ANY($1::text[]) AND user_id = 'USR-1002' AND status_name = 'TeamApplication'
        GROUP BY application_id ORDER BY application_id`,
      [apps],
    );
    assert.deepEqual(
      notices.map((r) => [r.application_id, Number(r.n)]),
      [...apps].sort().map((id) => [id, 1]),
    );
    const { rows: logs } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM worklogs WHERE task_id = ANY($1::text[]) AND action = 'sla_breached'`,
      [ids],
    );
    assert.equal(Number(logs[0]?.n), ids.length);
  });
});
