import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, type Login, labels, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let admin: Login;
let approver: Login;

before(async () => {
  s = await startServer();
  ({ officer, lead, admin, approver } = await loginStaff(s.app));
});
after(() => s.close());

/** An open, unassigned task of the given team (seeded as queues). */
async function queuedTask(teamId: string): Promise<{ application_id: string; task_id: string }> {
  const rows = await s.app.ctx.db.query<{ application_id: string; task_id: string }>(
    `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
      WHERE t.assigned_to IS NULL AND t.progress = 'Pending' AND a.status = 'ACTIVE'
        AND t.assigned_team @> $1::jsonb
        AND NOT EXISTS (SELECT 1 FROM assignments x WHERE x.task_id = t.task_id)
      ORDER BY t.application_id LIMIT 1`,
    [JSON.stringify([{ id: teamId }])],
  );
  const row = rows[0];
  if (!row) throw new Error(`no queued task for ${teamId}`);
  return row;
}

describe('seed', () => {
  it('holds a few dozen Indian loan applications of three products, and one customer-flow home loan in progress', async () => {
    const rows = await s.app.ctx.db.query<{ product_name: string; n: number }>(
      // The demo bank's own applications (the generated ones of SEED_APPLICATIONS are numbered -2025-).
      "SELECT product_name, count(*)::int AS n FROM applications WHERE application_id LIKE '%-2026-%' GROUP BY product_name ORDER BY product_name",
    );
    assert.deepEqual(
      rows.map((r) => [r.product_name, r.n]),
      [
        ['Car Loan', 12],
        ['Home Loan', 13],
        ['Personal Loan', 12],
      ],
    );
  });
});

describe('GET /v3/application/{id}', () => {
  it('the assignee reads it, with its lifecycle', async () => {
    const res = await call(s.app, 'GET', '/v3/application/PL-2026-000101', officer);
    assert.equal(res.statusCode, 200);
    const app = res.json();
    assert.equal(app.application_id, 'PL-2026-000101');
    assert.equal(app.product_name, 'Personal Loan');
    assert.equal(app._applicationStatus, 'ACTIVE');
    assert.ok(app.applicant.primary.firstName);
    assert.ok(app.customFields.loanAmount >= 100000);
    // Every step of its lifecycle version is listed, the ones ahead without tasks: the current one is its stage.
    const current = app.appLifeCycle.steps.find(
      (step: { stepName: string }) => step.stepName === app.appLifeCycle.stage,
    ).assignmentInfo[0];
    assert.equal(current.assignedTo, 'USR-1001');
    assert.equal(current.progress, 'In Progress');
  });

  it('a team member, an allowed user and an ALL_APPLICATIONS_* holder read it too', async () => {
    assert.equal((await call(s.app, 'GET', '/v3/application/PL-2026-000101', lead)).statusCode, 200);
    // CL-2026-000106 lists the approver as an allowed user.
    assert.equal((await call(s.app, 'GET', '/v3/application/CL-2026-000106', approver)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', '/v3/application/PL-2026-000104', admin)).statusCode, 200);
  });

  it('anyone else: 403; unknown: 404; bad id: 400; no token: 401', async () => {
    // PL-2026-000104 sits in the Pune branch queue.
    assert.equal((await call(s.app, 'GET', '/v3/application/PL-2026-000104', officer)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', '/v3/application/PL-2026-000101', approver)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', '/v3/application/PL-2026-999999', admin)).statusCode, 404);
    assert.deepEqual(labels(await call(s.app, 'GET', `/v3/application/${'x'.repeat(80)}`, admin)), ['applicationId']);
    assert.equal((await call(s.app, 'GET', '/v3/application/PL-2026-000101')).statusCode, 401);
  });
});

describe('POST /v3/application/action/assign and /reassign', () => {
  it('a team lead assigns a team task to a team member: recorded and notified', async () => {
    const t = await queuedTask('TEAM-MUM-WEST');
    const res = await call(s.app, 'POST', '/v3/application/action/assign', lead, {
      application_id: t.application_id,
      taskId: t.task_id,
      assignTo: 'USR-1001',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().assignedTo, 'USR-1001');
    const rows = await s.app.ctx.db.query<{ message: string; kind: string; status_name: string }>(
      'SELECT message, kind, status_name FROM notifications WHERE id = $1 AND user_id = $2',
      [res.json().notificationId, 'USR-1001'],
    );
    assert.equal(rows[0]?.kind, 'ASSIGNED');
    assert.equal(rows[0]?.status_name, 'AssignedToUser');
    assert.match(
      rows[0]?.message ?? '',
      new RegExp(`^Application ${t.application_id} \\(\\w+ Loan\\) has been assigned to you by Priya Sharma$`),
    );
    const history = await s.app.ctx.db.query('SELECT 1 FROM assignments WHERE task_id = $1', [t.task_id]);
    assert.equal(history.length, 1);
    // Assigning an assigned task is a conflict; reassign is the way.
    const again = await call(s.app, 'POST', '/v3/application/action/assign', lead, {
      application_id: t.application_id,
      taskId: t.task_id,
      assignTo: 'USR-1002',
    });
    assert.equal(again.statusCode, 409);
  });

  it('a team lead may not assign to someone outside the team; an officer may not assign at all', async () => {
    const t = await queuedTask('TEAM-MUM-WEST');
    const body = { application_id: t.application_id, taskId: t.task_id, assignTo: 'USR-1003' };
    assert.equal((await call(s.app, 'POST', '/v3/application/action/assign', lead, body)).statusCode, 403);
    const self = { ...body, assignTo: 'USR-1001' };
    assert.equal((await call(s.app, 'POST', '/v3/application/action/assign', officer, self)).statusCode, 403);
  });

  it('TEAM_APPLICATIONS_ASSIGN_SELF: a lead takes a team task, without a notification', async () => {
    const t = await queuedTask('TEAM-MUM-WEST');
    const res = await call(s.app, 'POST', '/v3/application/action/assign', lead, {
      application_id: t.application_id,
      taskId: t.task_id,
      assignTo: 'USR-1002',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().notificationId, null);
  });

  it('reassign: ALL_APPLICATIONS_REASSIGN moves any task; the team lead only within the team', async () => {
    const body = { application_id: 'PL-2026-000101', taskId: '', assignTo: 'USR-1002' };
    const [task] = await s.app.ctx.db.query<{ task_id: string }>(
      "SELECT task_id FROM tasks WHERE application_id = 'PL-2026-000101' AND progress = 'In Progress'",
    );
    body.taskId = task?.task_id ?? '';
    assert.equal((await call(s.app, 'POST', '/v3/application/action/reassign', officer, body)).statusCode, 403);
    const res = await call(s.app, 'POST', '/v3/application/action/reassign', lead, body);
    assert.equal(res.statusCode, 200);
    const byAdmin = await call(s.app, 'POST', '/v3/application/action/reassign', admin, {
      ...body,
      assignTo: 'USR-1003',
    });
    assert.equal(byAdmin.statusCode, 200);
    const [n] = await s.app.ctx.db.query<{ message: string }>('SELECT message FROM notifications WHERE id = $1', [
      byAdmin.json().notificationId,
    ]);
    assert.equal(n?.message, 'Application PL-2026-000101 (Personal Loan) has been reassigned to you by Meera Krishnan');
    const same = await call(s.app, 'POST', '/v3/application/action/reassign', admin, { ...body, assignTo: 'USR-1003' });
    assert.deepEqual(labels(same), ['assignTo']);
  });

  it('bad input names the field; unknown application 404; no token 401', async () => {
    const t = await queuedTask('TEAM-PUNE-CENTRAL');
    assert.deepEqual(
      labels(await call(s.app, 'POST', '/v3/application/action/assign', admin, { application_id: t.application_id })),
      ['taskId', 'assignTo'],
    );
    assert.deepEqual(
      labels(
        await call(s.app, 'POST', '/v3/application/action/assign', admin, {
          application_id: t.application_id,
          taskId: 'TSK-NOPE',
          assignTo: 'USR-1001',
        }),
      ),
      ['taskId'],
    );
    assert.deepEqual(
      labels(
        await call(s.app, 'POST', '/v3/application/action/assign', admin, {
          application_id: t.application_id,
          taskId: t.task_id,
          assignTo: 'USR-9999',
        }),
      ),
      ['assignTo'],
    );
    const missing = await call(s.app, 'POST', '/v3/application/action/assign', admin, {
      application_id: 'PL-2026-999999',
      taskId: t.task_id,
      assignTo: 'USR-1001',
    });
    assert.equal(missing.statusCode, 404);
    const noToken = await call(s.app, 'POST', '/v3/application/action/reassign', undefined, {
      application_id: t.application_id,
      taskId: t.task_id,
      assignTo: 'USR-1001',
    });
    assert.equal(noToken.statusCode, 401);
  });
});
