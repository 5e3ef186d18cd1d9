import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findApplication } from '../src/modules/applications';
import { startServer, type TestServer } from './helpers';

let s: TestServer;

before(async () => {
  s = await startServer();
});
after(() => s.close());

describe('findApplication', () => {
  // It reads the tasks in the application's statement (json_agg): they must be what a SELECT of the tasks
  // answers through the driver, timestamps as Date to the millisecond, in start-time order.
  it('answers each task as the driver answers its row', async () => {
    const db = s.app.ctx.db;
    const [withTasks] = await db.query<{ application_id: string }>(
      `SELECT application_id FROM tasks GROUP BY application_id ORDER BY count(*) DESC, application_id LIMIT 1`,
    );
    assert.ok(withTasks);
    const id = withTasks.application_id;
    // Microseconds and a null, as rows written by SQL (now()) may hold.
    await db.query(
      `UPDATE tasks SET review_date = '2026-03-04 05:06:07.891234+00', callback_at = NULL
        WHERE task_id = (SELECT min(task_id) FROM tasks WHERE application_id = $1)`,
      [id],
    );
    const stored = await findApplication(db, id);
    const direct = await db.query(
      `SELECT task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
              allowed_users, callback_requested, callback_at, review_date, start_time, end_time, assigned_at,
              sla_overall_mins, sla_queued_mins, sla_assigned_mins, blocking, sla_clock, sla_queued_breached_at,
              sla_assigned_breached_at, sla_overall_breached_at
         FROM tasks WHERE application_id = $1 ORDER BY start_time, step_number, task_id`,
      [id],
    );
    assert.ok(direct.length > 1);
    assert.deepStrictEqual(stored?.tasks, direct);
    assert.ok(stored?.tasks.some((t) => t.review_date instanceof Date && t.review_date.getUTCMilliseconds() === 891));
  });

  it('answers no tasks as an empty list, and no application as null', async () => {
    const db = s.app.ctx.db;
    const [app] = await db.query<{ application_id: string }>('SELECT application_id FROM applications LIMIT 1');
    assert.ok(app);
    await db.query('DELETE FROM tasks WHERE application_id = $1', [app.application_id]);
    assert.deepStrictEqual((await findApplication(db, app.application_id))?.tasks, []);
    assert.equal(await findApplication(db, 'NO-SUCH-APPLICATION'), null);
  });
});
