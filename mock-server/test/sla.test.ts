// SLA breaches (README "SLA breaches"): the sweep, run at the server's injected clock, marks each breached part
// of an open task once, notifies the team lead or escalates to the next level's queue as the task's lifecycle
// says, pushes the list change, and the lists and the dashboard read the mark. The SQL working-hours end agrees
// with the contract's. Following: follow, unfollow, access, the followed list, FOLLOWED notifications.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, bankDayOf, slaExpectedEnd } from '@originate/contract';
import { loadConfig } from '../src/config';
import { newEffects, publish } from '../src/modules/applications';
import { notifyFollowers } from '../src/modules/follows';
import { sweepSlaBreaches } from '../src/modules/sla';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let server: TestServer;
type Who = 'officer' | 'teamlead' | 'approver' | 'opsadmin';
const as = {} as Record<Who, Login>;
const db = () => server.app.ctx.db;
const now = () => server.app.ctx.now();
const sweep = () => sweepSlaBreaches(server.app.ctx);
const MIN = 60;

before(async () => {
  // Sessions outlive the hours the clock is moved by.
  server = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '86400', REFRESH_TOKEN_TTL_SECONDS: '86400' });
  const names: Who[] = ['officer', 'teamlead', 'approver', 'opsadmin'];
  for (const name of names) as[name] = await login(server.app, name);
  // What the seeded bank has long breached is marked first (too old to notify anyone): the tests below
  // then see only their own tasks' breaches.
  for (let report = await sweep(); report.breaches.length > 0; report = await sweep());
});
after(() => server.close());

interface TaskPick extends Record<string, unknown> {
  task_id: string;
  application_id: string;
}

/** Open current tasks of TEAM-MUM-WEST (with Retail Lending: both led by USR-1002), not yet used by another test. */
const used = new Set<string>();
async function branchTask(): Promise<TaskPick> {
  const rows = await db().query<TaskPick>(
    `SELECT task_id, application_id FROM tasks
      WHERE is_current AND progress IN ('Pending', 'In Progress') AND assigned_team @> '[{"id":"TEAM-MUM-WEST"}]'
        -- None of its tasks is the approver's (the region's, credit approvals'): the approver may not see it.
        AND NOT EXISTS (SELECT 1 FROM tasks o WHERE o.application_id = tasks.application_id
                          AND (o.assigned_to = 'USR-1003' OR o.allowed_users ? 'USR-1003'
                               OR o.assigned_team @> '[{"id":"TEAM-WEST-REGION"}]'
                               OR o.assigned_team @> '[{"id":"TEAM-CREDIT-APPROVALS"}]'))
      ORDER BY application_id`,
  );
  const pick = rows.find((r) => !used.has(r.application_id));
  if (!pick) throw new Error('no open task of TEAM-MUM-WEST left');
  used.add(pick.application_id);
  return pick;
}

/** Gives a task fresh SLA parts starting now on the calendar clock, unmarked: queued (nobody) or assigned to `assignee`. */
async function resetSla(
  taskId: string,
  mins: { queued?: number; assigned?: number; overall?: number },
  assignee: string | null = null,
): Promise<void> {
  await db().query(
    `UPDATE tasks SET start_time = $2::timestamptz, sla_queued_mins = $3, sla_assigned_mins = $4, sla_overall_mins = $5,
            sla_clock = 'CALENDAR', sla_queued_breached_at = NULL, sla_assigned_breached_at = NULL,
            sla_overall_breached_at = NULL, assigned_to = $6::text,
            progress = CASE WHEN $6::text IS NULL THEN 'Pending' ELSE 'In Progress' END,
            assigned_at = CASE WHEN $6::text IS NULL THEN NULL ELSE $2::timestamptz END
      WHERE task_id = $1`,
    [taskId, now(), mins.queued ?? null, mins.assigned ?? null, mins.overall ?? null, assignee],
  );
}

async function notificationsAbout(applicationId: string) {
  return db().query<{ user_id: string; kind: string; status_name: string | null; message: string }>(
    'SELECT user_id, kind, status_name, message FROM notifications WHERE application_id = $1 AND created_at >= $2 ORDER BY user_id',
    [applicationId, startedAt],
  );
}
let startedAt: Date;
before(() => {
  startedAt = now();
});

async function listRow(who: Login, applicationId: string) {
  const res = await call(server.app, 'POST', API_PATHS.globalSearch, who, { query: applicationId });
  assert.equal(res.statusCode, 200, res.body);
  const row = res
    .json<{ data: { application_id: string; operationalLevelAgreement: Record<string, { status: string }> }[] }>()
    .data.find((r) => r.application_id === applicationId);
  assert.ok(row, `${applicationId} is in the list answer`);
  return row;
}

describe('the SLA sweep', () => {
  it('marks a queued breach once, notifies the team lead, tells open lists, and the list says BREACHED', async () => {
    const task = await branchTask();
    await resetSla(task.task_id, { queued: 30 });
    const changed: string[] = [];
    const pushed: string[] = [];
    const onChanged = (id: string) => changed.push(id);
    const onNotification = (userId: string) => pushed.push(userId);
    server.app.ctx.hub.on('applicationChanged', onChanged);
    server.app.ctx.hub.on('notification', onNotification);
    try {
      assert.equal((await sweep()).breaches.filter((b) => b.taskId === task.task_id).length, 0, 'not due yet');
      assert.equal(
        (await listRow(as.teamlead, task.application_id)).operationalLevelAgreement.queued?.status,
        'RUNNING',
      );
      server.advance(31 * MIN);
      const report = await sweep();
      assert.equal(report.ran, true);
      assert.deepEqual(
        report.breaches.filter((b) => b.taskId === task.task_id).map((b) => b.part),
        ['queued'],
      );
      const again = await sweep();
      assert.equal(again.breaches.filter((b) => b.taskId === task.task_id).length, 0, 'never twice');

      const sent = await notificationsAbout(task.application_id);
      assert.deepEqual(
        sent.map((n) => [n.user_id, n.kind, n.status_name]),
        [['USR-1002', 'TEAM', 'TeamApplication']],
      );
      assert.match(sent[0]?.message ?? '', /queued SLA of '.+' \(.+\) ran out at \d\d\/\d\d\/\d{4}/);
      assert.ok(changed.includes(task.application_id), 'the list change went out');
      assert.ok(pushed.includes('USR-1002'), 'the lead heard of it live');
    } finally {
      server.app.ctx.hub.off('applicationChanged', onChanged);
      server.app.ctx.hub.off('notification', onNotification);
    }
    const [mark] = await db().query<{ queued: Date | null; overall: Date | null }>(
      'SELECT sla_queued_breached_at AS queued, sla_overall_breached_at AS overall FROM tasks WHERE task_id = $1',
      [task.task_id],
    );
    assert.ok(mark?.queued instanceof Date && mark.overall === null);
    const row = await listRow(as.teamlead, task.application_id);
    assert.equal(row.operationalLevelAgreement.queued?.status, 'BREACHED');
    assert.equal(row.operationalLevelAgreement.overall?.status, 'RUNNING', 'no limit on overall: never breached');
    const logs = await db().query<{ action: string; detail: { part: string } }>(
      `SELECT action, detail FROM worklogs WHERE application_id = $1 AND action = 'sla_breached'`,
      [task.application_id],
    );
    assert.deepEqual(
      logs.map((l) => l.detail.part),
      ['queued'],
    );
  });

  it('the mark holds the list and the detail at BREACHED even where the clock alone would not (a limit changed after the breach)', async () => {
    const task = await branchTask();
    await resetSla(task.task_id, { queued: 5 });
    server.advance(6 * MIN);
    await sweep();
    await db().query('UPDATE tasks SET sla_queued_mins = 600 WHERE task_id = $1', [task.task_id]);
    assert.equal(
      (await listRow(as.teamlead, task.application_id)).operationalLevelAgreement.queued?.status,
      'BREACHED',
    );
    // The detail's task says the same.
    const detail = await call(
      server.app,
      'GET',
      `${API_PATHS.taskConfigs}?application_id=${task.application_id}&taskId=${task.task_id}`,
      as.teamlead,
    );
    assert.equal(detail.statusCode, 200, detail.body);
    assert.equal(
      detail.json<{ task: { operationalLevelAgreement: Record<string, { status: string }> } }>().task
        .operationalLevelAgreement.queued?.status,
      'BREACHED',
    );
  });

  it('two sweeps at once handle a breach once', async () => {
    const task = await branchTask();
    await resetSla(task.task_id, { overall: 10 });
    server.advance(11 * MIN);
    const reports = await Promise.all([sweep(), sweep(), sweep()]);
    const found = reports.flatMap((r) => r.breaches.filter((b) => b.taskId === task.task_id));
    assert.equal(found.length, 1);
    assert.equal((await notificationsAbout(task.application_id)).length, 1);
  });

  it('escalates to the next level: the parent team joins the queue and its members hear of it; no lead notice when the lifecycle says so', async () => {
    const task = await branchTask();
    const [app] = await db().query<{ product_code: string; doc: Record<string, unknown> }>(
      'SELECT product_code, doc FROM applications WHERE application_id = $1',
      [task.application_id],
    );
    assert.ok(app);
    // A lifecycle version of this application's own whose policy escalates and leaves the lead out.
    const [top] = await db().query<{ v: number }>(
      'SELECT coalesce(max(ver_num), 0) + 1 AS v FROM lifecycle_versions WHERE product_code = $1',
      [app.product_code],
    );
    const verNum = top?.v ?? 1;
    await db().query(
      `INSERT INTO lifecycle_versions (product_code, ver_num, doc, created_at) VALUES ($1, $2, $3::jsonb, $4)`,
      [
        app.product_code,
        verNum,
        JSON.stringify({ steps: [], breach: { notifyTeamLead: false, escalateTo: 'NEXT_LEVEL' } }),
        now(),
      ],
    );
    await db().query(
      `UPDATE applications SET doc = jsonb_set(doc, '{lifecycle}', $2::jsonb) WHERE application_id = $1`,
      [task.application_id, JSON.stringify({ product_code: app.product_code, verNum })],
    );
    const parents = await db().query<{ id: string; parent_id: string | null }>(
      `SELECT id, parent_id FROM teams WHERE id IN ('TEAM-MUM-WEST', 'TEAM-RETAIL-LENDING')`,
    );
    // The branch's next level is the region; the department has none.
    await db().query(
      `UPDATE teams SET parent_id = CASE id WHEN 'TEAM-MUM-WEST' THEN 'TEAM-WEST-REGION' END
        WHERE id IN ('TEAM-MUM-WEST', 'TEAM-RETAIL-LENDING')`,
    );
    try {
      await resetSla(task.task_id, { queued: 15 });
      server.advance(16 * MIN);
      const report = await sweep();
      assert.equal(report.breaches.filter((b) => b.taskId === task.task_id).length, 1);
      const [after] = await db().query<{ assigned_team: { id: string }[] }>(
        'SELECT assigned_team FROM tasks WHERE task_id = $1',
        [task.task_id],
      );
      assert.deepEqual(after?.assigned_team.map((t) => t.id).sort(), [
        'TEAM-MUM-WEST',
        'TEAM-RETAIL-LENDING',
        'TEAM-WEST-REGION',
      ]);
      const members = await db().query<{ user_id: string }>(
        `SELECT DISTINCT user_id FROM user_teams WHERE team_id = 'TEAM-WEST-REGION' ORDER BY user_id`,
      );
      const sent = await notificationsAbout(task.application_id);
      assert.ok(members.length > 0);
      assert.deepEqual(
        sent.map((n) => [n.user_id, n.kind, n.status_name]),
        members.map((m) => [m.user_id, 'TEAM', 'AssignedToTeam']),
      );
      assert.ok(!sent.some((n) => n.user_id === 'USR-1002' && n.status_name === 'TeamApplication'));
      // The region's members now see it in their team's queue.
      const approver = await listRow(as.approver, task.application_id);
      assert.equal(approver.operationalLevelAgreement.queued?.status, 'BREACHED');
    } finally {
      for (const team of parents) {
        await db().query('UPDATE teams SET parent_id = $2 WHERE id = $1', [team.id, team.parent_id]);
      }
    }
  });

  it('a reassignment starts the assigned part again; a completed task breaches no more', async () => {
    const task = await branchTask();
    await resetSla(task.task_id, { assigned: 10 }, 'USR-1002');
    server.advance(6 * MIN);
    const reassigned = await call(server.app, 'POST', '/v3/application/action/reassign', as.teamlead, {
      application_id: task.application_id,
      taskId: task.task_id,
      assignTo: 'USR-1001',
    });
    assert.equal(reassigned.statusCode, 200, reassigned.body);
    server.advance(6 * MIN);
    assert.equal((await sweep()).breaches.filter((b) => b.taskId === task.task_id).length, 0, '6 min of the new part');
    server.advance(5 * MIN);
    assert.deepEqual(
      (await sweep()).breaches.filter((b) => b.taskId === task.task_id).map((b) => b.part),
      ['assigned'],
    );

    const done = await branchTask();
    await resetSla(done.task_id, { overall: 10, assigned: 10 }, 'USR-1001');
    await db().query(`UPDATE tasks SET progress = 'Completed', end_time = $2 WHERE task_id = $1`, [
      done.task_id,
      now(),
    ]);
    server.advance(20 * MIN);
    assert.equal((await sweep()).breaches.filter((b) => b.taskId === done.task_id).length, 0);
  });

  it('the dashboard counts a marked breach of a part without an overall limit', async () => {
    const count = async () => {
      const to = bankDayOf(now());
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - 730 * 86_400_000).toISOString().slice(0, 10);
      const res = await call(server.app, 'POST', API_PATHS.reportSlaBreaches, as.opsadmin, { filter: { from, to } });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ rows: { breached: number }[] }>().rows.reduce((s, r) => s + r.breached, 0);
    };
    const task = await branchTask();
    await resetSla(task.task_id, { queued: 5 });
    const before = await count();
    server.advance(6 * MIN);
    await sweep();
    assert.equal(await count(), before + 1);
  });
});

describe('the sweep configuration', () => {
  it('refuses values that are no whole number in range, naming the variable; 0 turns the sweep off', () => {
    assert.throws(() => loadConfig({ SLA_SWEEP_INTERVAL_MS: 'soon' }), /^Error: SLA_SWEEP_INTERVAL_MS must be/);
    assert.throws(() => loadConfig({ SLA_SWEEP_BATCH: '0' }), /^Error: SLA_SWEEP_BATCH must be/);
    assert.throws(() => loadConfig({ SLA_BREACH_NOTIFY_WITHIN_HOURS: '-1' }), /^Error: SLA_BREACH_NOTIFY_WITHIN_HOURS/);
    assert.deepEqual(loadConfig({}).slaSweep, { intervalMs: 60_000, batch: 1_000, notifyWithinHours: 24 });
    assert.equal(loadConfig({ SLA_SWEEP_INTERVAL_MS: '0' }).slaSweep.intervalMs, 0);
  });
});

describe('working hours in SQL', () => {
  it('task_sla_end agrees with the contract slaExpectedEnd on both clocks', async () => {
    const cases: { start: Date; mins: number }[] = [];
    // Starts every 97 minutes over three weeks (every weekday, hour and the Sunday), limits up to ten working days.
    for (let i = 0; i < 300; i++) {
      cases.push({
        start: new Date(Date.UTC(2026, 10, 28) + i * 97 * 60_000 + (i % 7) * 1_000),
        mins: 1 + ((i * 137) % 5400),
      });
    }
    const rows = await db().query<{ working: Date; calendar: Date }>(
      `SELECT task_sla_end(s, m, 'WORKING_HOURS') AS working, task_sla_end(s, m, 'CALENDAR') AS calendar
         FROM unnest($1::timestamptz[], $2::int[]) WITH ORDINALITY AS c(s, m, n) ORDER BY n`,
      [cases.map((c) => c.start), cases.map((c) => c.mins)],
    );
    rows.forEach((row, i) => {
      const c = cases[i];
      assert.ok(c);
      assert.equal(
        row.working.toISOString(),
        slaExpectedEnd(c.start, c.mins, 'WORKING_HOURS').toISOString(),
        `case ${i}`,
      );
      assert.equal(row.calendar.toISOString(), slaExpectedEnd(c.start, c.mins, 'CALENDAR').toISOString(), `case ${i}`);
    });
  });
});

describe('following an application', () => {
  const path = (id: string) => API_PATHS.followApplication.replace(':applicationId', id);
  const followed = async (who: Login, body: Record<string, unknown> = {}) =>
    call(server.app, 'POST', API_PATHS.applicationsFollowed, who, body);

  it('follow, state, the followed list, unfollow; again changes nothing', async () => {
    const task = await branchTask();
    const id = task.application_id;
    const first = await call(server.app, 'POST', path(id), as.officer);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { application_id: id, following: true });
    assert.equal((await call(server.app, 'POST', path(id), as.officer)).statusCode, 200);
    assert.deepEqual((await call(server.app, 'GET', path(id), as.officer)).json(), {
      application_id: id,
      following: true,
    });
    const list = await followed(as.officer, { page: 0, size: 10 });
    assert.equal(list.statusCode, 200, list.body);
    const page = list.json<{ data: { application_id: string; operationalLevelAgreement: unknown }[]; count: number }>();
    assert.equal(page.count, 1);
    assert.deepEqual(
      page.data.map((r) => r.application_id),
      [id],
    );
    assert.ok(page.data[0]?.operationalLevelAgreement, 'a list task, as the lists answer it');
    assert.equal((await followed(as.teamlead)).json<{ count: number }>().count, 0, 'one follower, not the others');

    const gone = await call(server.app, 'DELETE', path(id), as.officer);
    assert.deepEqual(gone.json(), { application_id: id, following: false });
    assert.equal((await followed(as.officer)).json<{ count: number }>().count, 0);
  });

  it('only staff who may see the application: 403 for others, 404 for none; bad input is 400 naming the field', async () => {
    const task = await branchTask();
    // The approver's teams (the region, credit approvals) are not the branch's that works it.
    const refused = await call(server.app, 'POST', path(task.application_id), as.approver);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal((await call(server.app, 'DELETE', path(task.application_id), as.approver)).statusCode, 403);
    assert.equal((await call(server.app, 'GET', path(task.application_id), as.approver)).statusCode, 403);
    assert.equal((await call(server.app, 'POST', path('PL-2099-999999'), as.officer)).statusCode, 404);
    assert.equal((await call(server.app, 'POST', path(task.application_id))).statusCode, 401);
    assert.deepEqual(labels(await call(server.app, 'POST', path('no such id!'), as.officer)), ['applicationId']);
    assert.deepEqual(labels(await followed(as.officer, { page: 0, size: 10, extra: 1 })), ['extra']);
    assert.deepEqual(labels(await followed(as.officer, { size: 7 })), ['body.size']);
    assert.deepEqual(labels(await followed(as.officer, { page: -1 })), ['page']);
  });

  it('a completed step tells the followers (FOLLOWED), not the officer who completed it', async () => {
    const [task] = await db().query<TaskPick>(
      `SELECT t.task_id, t.application_id FROM tasks t JOIN applications a ON a.application_id = t.application_id
        WHERE t.is_current AND t.progress IN ('Pending', 'In Progress') AND a.status = 'ACTIVE' AND t.step_number < 3
          AND t.assigned_team @> '[{"id":"TEAM-MUM-WEST"}]' AND NOT t.application_id = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM sub_tasks q WHERE q.application_id = t.application_id AND q.status = 'OPEN')
          AND NOT EXISTS (SELECT 1 FROM approvals p WHERE p.application_id = t.application_id AND p.status = 'PENDING')
        ORDER BY t.application_id LIMIT 1`,
      [[...used]],
    );
    assert.ok(task, 'an open first- or second-step task of the branch without queries or approvals');
    used.add(task.application_id);
    await resetSla(task.task_id, {}, 'USR-1001');
    const id = task.application_id;
    for (const who of [as.officer, as.teamlead])
      assert.equal((await call(server.app, 'POST', path(id), who)).statusCode, 200);
    const done = await call(server.app, 'POST', '/v3/application/action/complete_step/user', as.officer, {
      application_id: id,
      taskId: task.task_id,
    });
    assert.equal(done.statusCode, 200, done.body);
    const sent = (await notificationsAbout(id)).filter((n) => n.kind === 'FOLLOWED');
    assert.deepEqual(
      sent.map((n) => n.user_id),
      ['USR-1002'],
    );
    assert.match(sent[0]?.message ?? '', new RegExp(`^Application ${id} \\(.+\\) moved from .+ to .+$`));
  });

  it('notifyFollowers: FOLLOWED to followers who may still see it, not to whoever made the change', async () => {
    const task = await branchTask();
    const id = task.application_id;
    for (const who of [as.officer, as.teamlead])
      assert.equal((await call(server.app, 'POST', path(id), who)).statusCode, 200);
    // A follower who has since lost access (the outsider: no team of the task) hears nothing.
    await db().query('INSERT INTO application_followers (application_id, user_id, followed_at) VALUES ($1, $2, $3)', [
      id,
      'USR-1007',
      now(),
    ]);
    const effects = newEffects();
    await db().transaction((tx) =>
      notifyFollowers(tx, effects, {
        applicationId: id,
        actorId: 'USR-1002',
        message: `Application ${id} moved on`,
        at: now(),
      }),
    );
    await publish(server.app.ctx, effects);
    const sent = (await notificationsAbout(id)).filter((n) => n.kind === 'FOLLOWED');
    assert.deepEqual(
      sent.map((n) => [n.user_id, n.message]),
      [['USR-1001', `Application ${id} moved on`]],
    );
  });
});
