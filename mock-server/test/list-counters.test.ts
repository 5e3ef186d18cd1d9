// The list counters (migration 016, README "Counters"): after every kind of write the lists' writers make
// (status and stage changes, a next step, a step removed, an application losing its tasks or deleted, a
// version change, many rows in one statement), application_counts equals a count of the rows themselves,
// and each application names its current task. On PGlite, and on PostgreSQL when one answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Queryable } from '../src/db';
import { seededScratchDatabase } from './harness/pg-templates';
import { PG_HOST, PG_PORT, pgAnswers } from './harness/server';
import { startServer } from './helpers';

interface Group extends Record<string, unknown> {
  status: string;
  stage: string;
  product_code: string;
  task_name: string;
  ver_num: number | null;
  n: number;
}

const key = (g: Group) => JSON.stringify([g.status, g.stage, g.product_code, g.task_name, g.ver_num]);
const asMap = (rows: Group[]) => new Map(rows.map((g) => [key(g), Number(g.n)]));

async function assertCountersTrue(db: Queryable, after: string): Promise<void> {
  const kept = await db.query<Group>(
    'SELECT status, stage, product_code, task_name, ver_num, n FROM application_counts WHERE n <> 0',
  );
  const counted = await db.query<Group>(
    `SELECT a.status, a.stage, a.product_code, t.name AS task_name, a.ver_num, count(*)::int AS n
       FROM applications a JOIN tasks t ON t.application_id = a.application_id AND t.is_current
      GROUP BY 1, 2, 3, 4, 5`,
  );
  assert.deepEqual(asMap(kept), asMap(counted), `counters after ${after}`);
  const [wrong] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM applications a
      WHERE a.current_task_id IS DISTINCT FROM (SELECT t.task_id FROM tasks t WHERE t.application_id = a.application_id AND t.is_current)
         OR a.current_task_name IS DISTINCT FROM (SELECT t.name FROM tasks t WHERE t.application_id = a.application_id AND t.is_current)`,
  );
  assert.equal(wrong?.n, 0, `applications naming a task that is not their current one after ${after}`);
}

/** Ids of listed applications in a stable order, to pick the ones each write touches. */
async function listed(db: Queryable, status: string, n: number, skip = 0): Promise<string[]> {
  const rows = await db.query<{ application_id: string }>(
    `SELECT application_id FROM applications WHERE status = $1 AND current_task_id IS NOT NULL
      ORDER BY application_id LIMIT $2 OFFSET $3`,
    [status, n, skip],
  );
  assert.equal(rows.length, n, `the seed has ${n} listed ${status} applications`);
  return rows.map((r) => r.application_id);
}

async function walk(db: Queryable): Promise<void> {
  await assertCountersTrue(db, 'the seed');
  const [a, b, c] = [await listed(db, 'ACTIVE', 3), await listed(db, 'ACTIVE', 3, 3), await listed(db, 'ACTIVE', 4, 6)];

  await db.query(`UPDATE applications SET status = 'REJECTED' WHERE application_id = ANY($1)`, [a]);
  await assertCountersTrue(db, 'a status change of three applications in one statement');

  await db.query(`UPDATE applications SET status = 'COMPLETED', stage = 'Closed' WHERE application_id = $1`, [b[0]]);
  await assertCountersTrue(db, 'completion (stage Closed)');

  // A next step opens: a new task starts later than the current one and becomes current.
  await db.query(
    `INSERT INTO tasks
     SELECT (jsonb_populate_record(null::tasks, to_jsonb(t) || jsonb_build_object(
               'task_id', t.task_id || '-next', 'step_number', t.step_number + 1, 'name', 'Counter check',
               'start_time', t.start_time + interval '1 day', 'is_current', false))).*
       FROM tasks t WHERE t.application_id = ANY($1) AND t.is_current`,
    [b],
  );
  await assertCountersTrue(db, 'a next step opened on three applications');

  await db.query(`DELETE FROM tasks WHERE task_id = $1`, [await currentTask(db, b[1])]);
  await assertCountersTrue(db, 'the current task removed (the earlier one is current again)');

  await db.query(`DELETE FROM tasks WHERE application_id = $1`, [c[0]]);
  await assertCountersTrue(db, 'an application losing every task (no longer listed)');

  await db.query(`DELETE FROM applications WHERE application_id = ANY($1)`, [[c[1], c[2]]]);
  await assertCountersTrue(db, 'two applications deleted');

  await db.query(`UPDATE applications SET doc = doc || '{"verNum": 7}'::jsonb WHERE application_id = $1`, [c[3]]);
  await assertCountersTrue(db, 'a version change (a generated column)');

  await db.query(`UPDATE applications SET doc = doc || '{"note": "unrelated"}'::jsonb WHERE application_id = ANY($1)`, [
    a,
  ]);
  await assertCountersTrue(db, 'a write that changes no counted column');

  await db.query(`UPDATE tasks SET start_time = start_time - interval '30 days' WHERE task_id = $1`, [
    await currentTask(db, b[2]),
  ]);
  await assertCountersTrue(db, 'the current task moved before an earlier one (another task is current)');
}

async function currentTask(db: Queryable, applicationId: string | undefined): Promise<string | null> {
  const [row] = await db.query<{ task_id: string }>(
    'SELECT task_id FROM tasks WHERE application_id = $1 AND is_current',
    [applicationId],
  );
  return row?.task_id ?? null;
}

describe('list counters (PGlite)', () => {
  it('equal a count of the rows after every kind of write', async () => {
    const server = await startServer({ SEED_APPLICATIONS: '300' });
    try {
      await walk(server.app.ctx.db);
    } finally {
      await server.close();
    }
  });
});

const pgUp = await pgAnswers();
if (!pgUp) console.log(`# PostgreSQL list-counters test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);

describe('list counters (PostgreSQL)', { skip: pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT}` }, () => {
  it('equal a count of the rows after every kind of write', async () => {
    // Seeded from the run's template database (harness/pg-templates.ts), not over the wire.
    const database = await seededScratchDatabase('originate_counters', { SEED_APPLICATIONS: '300' });
    try {
      const server = await startServer({
        SEED_APPLICATIONS: '300',
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
      });
      try {
        assert.equal(server.app.ctx.db.kind, 'postgres');
        await walk(server.app.ctx.db);
      } finally {
        await server.close();
      }
    } finally {
      await database.drop();
    }
  });
});
