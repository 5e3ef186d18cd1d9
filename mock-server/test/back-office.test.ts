// Back-office writes and detail reads : actions and the state machine, completion errors,
// approvals (1167 on a failed send back), queries, snooze, getConfigs, notes, worklogs, audits, related
// applications, the live list socket; each with good input, bad input, no token and a user who may not.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { APPLICATIONS_NAMESPACE, ApplicationEvents, SOCKET_PATH } from '@originate/contract';
import { io } from 'socket.io-client';
import { call, type Login, labels, login, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let admin: Login;
let approver: Login;
let outsider: Login;

before(async () => {
  s = await startServer();
  ({ officer, lead, admin, approver } = await loginStaff(s.app));
  // The developer is staff of another team: no access to any loan application.
  outsider = await login(s.app, 'developer');
});
after(() => s.close());

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

/**
 * ACTIVE applications whose open task the officer holds In Progress, not yet used by another test; `capturedBy`:
 * one that user started (the four-eyes rule keeps whoever captured it from approving it).
 */
const used = new Set<string>();
async function officerTask(
  capturedBy?: string,
): Promise<{ application_id: string; taskId: string; step: number; stage: string }> {
  const rows = await q<{ application_id: string; task_id: string; step_number: number; stage: string }>(
    `SELECT t.application_id, t.task_id, t.step_number, a.stage FROM tasks t JOIN applications a USING (application_id)
      WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE' AND t.step_number < 4
        AND t.type <> 'CUST_FLOW' AND ($1::text IS NULL OR a.doc -> 'initiatedBy' ->> 'id' = $1)
      ORDER BY t.application_id`,
    [capturedBy ?? null],
  );
  const row = rows.find((r) => !used.has(r.application_id));
  if (!row) throw new Error('no officer task left');
  used.add(row.application_id);
  return { application_id: row.application_id, taskId: row.task_id, step: row.step_number, stage: row.stage };
}

/** An application not used by another test (the ops admin may open any). */
async function anyApplication(): Promise<{ application_id: string }> {
  const rows = await q<{ application_id: string }>(
    'SELECT application_id FROM applications ORDER BY application_id DESC',
  );
  const row = rows.find((r) => !used.has(r.application_id));
  if (!row) throw new Error('no application left');
  used.add(row.application_id);
  return row;
}

/** What an action could change: the application's status, stage and mod_time, its tasks, worklog rows. */
async function snapshot(applicationId: string) {
  return {
    app: await q('SELECT status, stage, mod_time FROM applications WHERE application_id = $1', [applicationId]),
    tasks: await q(
      'SELECT task_id, progress, assigned_to, allowed_users, review_date, callback_requested FROM tasks WHERE application_id = $1 ORDER BY task_id',
      [applicationId],
    ),
    worklogs: await q('SELECT count(*)::int AS n FROM worklogs WHERE application_id = $1', [applicationId]),
    approvals: await q('SELECT approval_id, status, approver FROM approvals WHERE application_id = $1 ORDER BY 1', [
      applicationId,
    ]),
    queries: await q('SELECT sub_task_id, status FROM sub_tasks WHERE application_id = $1 ORDER BY 1', [applicationId]),
  };
}

const action = (name: string, who: Login | undefined, body: Record<string, unknown>) =>
  call(
    s.app,
    'POST',
    name === 'complete_step/user' ? '/v3/application/action/complete_step/user' : `/v3/application/action/${name}`,
    who,
    body,
  );

describe('application actions', () => {
  it('complete_step/user: QUERIES_PENDING while a query is open, then the next step opens in the team queue', async () => {
    const t = await officerTask();
    const raised = await call(s.app, 'POST', '/v3/taskconfigs/createSubTask', officer, {
      application_id: t.application_id,
      taskId: t.taskId,
      title: 'Salary slips',
      description: 'Please attach the last three salary slips',
      assignTo: 'USR-1002',
    });
    assert.equal(raised.statusCode, 200, raised.body);
    const { subTaskId } = raised.json();
    const [toLead] = await q<{ status_name: string }>(
      `SELECT status_name FROM notifications WHERE user_id = 'USR-1002' AND application_id = $1`,
      [t.application_id],
    );
    assert.equal(toLead?.status_name, 'AssignedQueriesToUser');

    const before = await snapshot(t.application_id);
    const refused = await action('complete_step/user', officer, { application_id: t.application_id, taskId: t.taskId });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, 'QUERIES_PENDING');
    assert.deepEqual(await snapshot(t.application_id), before);

    // The recipient resolves it (RESOLVED no longer blocks), comments on the way.
    const comment = await call(s.app, 'POST', '/v3/taskconfigs/addCommentToTask', lead, {
      subTaskId,
      comment: 'Attached',
    });
    assert.equal(comment.statusCode, 200, comment.body);
    const closed = await call(s.app, 'POST', '/v3/taskconfigs/closeSubTask', lead, { subTaskId });
    assert.equal(closed.json().status, 'RESOLVED');
    const details = await call(s.app, 'GET', `/v3/taskconfigs/subTaskDetails/${subTaskId}`, officer);
    assert.equal(details.json().comments[0].comment, 'Attached');

    const done = await action('complete_step/user', officer, { application_id: t.application_id, taskId: t.taskId });
    assert.equal(done.statusCode, 200, done.body);
    const next = await q<{ progress: string; assigned_to: string | null; step_number: number }>(
      'SELECT progress, assigned_to, step_number FROM tasks WHERE task_id = $1',
      [done.json().nextTaskId],
    );
    assert.deepEqual(next[0], { progress: 'Pending', assigned_to: null, step_number: t.step + 1 });
    const [app] = await q<{ stage: string }>('SELECT stage FROM applications WHERE application_id = $1', [
      t.application_id,
    ]);
    assert.notEqual(app?.stage, t.stage);
    const logs = await call(s.app, 'GET', `/v3/application/${t.application_id}/worklogs`, officer);
    assert.equal(logs.json().data[0].action, 'complete_step/user');
    const team = await q('SELECT 1 FROM notifications WHERE application_id = $1 AND status_name = $2', [
      t.application_id,
      'AssignedToTeam',
    ]);
    assert.ok(team.length >= 1);
  });

  it('completion errors in order: an exception before a pending approval', async () => {
    // Captured by the officer: the team lead, the branch credit manager, may decide at the first level.
    const t = await officerTask('USR-1001');
    for (const kind of ['APPROVAL', 'EXCEPTION']) {
      const res = await call(s.app, 'POST', '/v3/application/approvals/request', officer, {
        application_id: t.application_id,
        taskId: t.taskId,
        kind,
        reason: `${kind} needed`,
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    const first = await action('complete_step/user', officer, { application_id: t.application_id, taskId: t.taskId });
    assert.equal(first.json().message, 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL');
    const list = await call(
      s.app,
      'GET',
      `/v3/application/approvals/getApprovals?application_id=${t.application_id}`,
      lead,
    );
    assert.equal(list.statusCode, 200, list.body);
    const exception = list.json().data.find((a: { kind: string }) => a.kind === 'EXCEPTION');
    assert.equal(exception.canAct, true);
    // Only an approver of the level decides: the officer's approve is 403 and changes nothing.
    const before = await snapshot(t.application_id);
    const notYours = await call(s.app, 'POST', '/v3/application/approvals/approve', officer, {
      approvalId: exception.approvalId,
    });
    assert.equal(notYours.statusCode, 403);
    assert.deepEqual(await snapshot(t.application_id), before);
    // The personal loans the officer holds are above the branch's 5 lakh: the region decides.
    const up = await call(s.app, 'POST', '/v3/application/approvals/approve', lead, {
      approvalId: exception.approvalId,
    });
    assert.deepEqual([up.json().status, up.json().level], ['PENDING', 2]);
    const ok = await call(s.app, 'POST', '/v3/application/approvals/approve', approver, {
      approvalId: exception.approvalId,
    });
    assert.equal(ok.json().status, 'APPROVED');
    const second = await action('complete_step/user', officer, { application_id: t.application_id, taskId: t.taskId });
    assert.equal(second.statusCode, 409);
    assert.equal(second.json().message, 'APPROVALS_PENDING');
  });

  it('reject, cancelReject, release and assign follow the state machine; a racing second action fails cleanly', async () => {
    const t = await officerTask();
    const body = { application_id: t.application_id, taskId: t.taskId };
    const rejected = await action('reject', officer, { ...body, comment: 'Income not verifiable' });
    assert.equal(rejected.json().status, 'REJECTED');
    assert.equal((await action('reject', officer, body)).statusCode, 409);
    const back = await action('cancelReject', officer, body);
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json().progress, 'In Progress');
    // Two releases at once: one wins; the other is refused (403 once the task is no longer the officer's,
    // 409 when it read the task before the first committed) and leaves no second worklog row.
    const [released, again] = await Promise.all([action('release', officer, body), action('release', officer, body)]);
    const codes = [released.statusCode, again.statusCode].sort();
    assert.equal(codes[0], 200);
    assert.ok(codes[1] === 403 || codes[1] === 409, String(codes[1]));
    const releases = await q("SELECT 1 FROM worklogs WHERE application_id = $1 AND action = 'release'", [
      t.application_id,
    ]);
    assert.equal(releases.length, 1);
    const audits = await call(
      s.app,
      'GET',
      `/v3/audits/getAudits?application_id=${t.application_id}&fieldKey=_applicationStatus`,
      officer,
    );
    assert.deepEqual(
      audits.json().data.map((a: { newValue: string }) => a.newValue),
      ['ACTIVE', 'REJECTED'],
    );
  });

  it('revert_stage reopens the previous step for whoever completed it, In Progress', async () => {
    const rows = await q<{ application_id: string; task_id: string }>(
      `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
        WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE' AND t.step_number > 1
        ORDER BY t.application_id`,
    );
    const row = rows.find((r) => !used.has(r.application_id));
    assert.ok(row);
    used.add(row.application_id);
    const res = await action('revert_stage', officer, { application_id: row.application_id, taskId: row.task_id });
    assert.equal(res.statusCode, 200, res.body);
    const [reopened] = await q<{ progress: string; step_name: string }>(
      'SELECT progress, step_name FROM tasks WHERE task_id = $1',
      [res.json().nextTaskId],
    );
    assert.equal(reopened?.progress, 'In Progress');
    assert.equal(res.json().stage, reopened?.step_name);
    // The lists show the reopened task, not the cancelled later one (migration 012).
    const current = await q<{ task_id: string }>('SELECT task_id FROM tasks WHERE application_id = $1 AND is_current', [
      row.application_id,
    ]);
    assert.deepEqual(
      current.map((t) => t.task_id),
      [res.json().nextTaskId],
    );
  });

  it('Reappraise: revert_stage on a COMPLETED application reopens its last step for whoever completed it', async () => {
    const rows = await q<{ application_id: string }>(
      `SELECT application_id FROM applications WHERE status = 'COMPLETED' AND stage = 'Closed' ORDER BY application_id`,
    );
    const row = rows.find((r) => !used.has(r.application_id));
    assert.ok(row, 'the demo seed has completed applications');
    used.add(row.application_id);
    const tasks = await q<{ task_id: string; step_number: number; step_name: string; assigned_to: string }>(
      'SELECT task_id, step_number, step_name, assigned_to FROM tasks WHERE application_id = $1 ORDER BY start_time',
      [row.application_id],
    );
    const last = tasks[tasks.length - 1];
    const first = tasks[0];
    assert.ok(last && first && last.task_id !== first.task_id);
    const body = { application_id: row.application_id, taskId: last.task_id };

    // An earlier task is not where a completed application reopens; the approver lacks APPLICATIONS_ACTIONS.
    const before = await snapshot(row.application_id);
    const earlier = await action('revert_stage', admin, { ...body, taskId: first.task_id });
    assert.equal(earlier.statusCode, 409, earlier.body);
    assert.match(earlier.json().message, new RegExp(`at its last task, ${last.task_id}`));
    assert.equal((await action('revert_stage', approver, body)).statusCode, 403);
    assert.equal((await action('revert_stage', outsider, body)).statusCode, 403);
    assert.equal((await action('revert_stage', undefined, body)).statusCode, 401);
    assert.deepEqual(await snapshot(row.application_id), before);

    const res = await action('revert_stage', admin, body);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, `reappraise done on application ${row.application_id}`);
    assert.equal(res.json().status, 'ACTIVE');
    assert.equal(res.json().stage, last.step_name);
    assert.equal(res.json().progress, 'Completed');
    const [reopened] = await q<{ progress: string; step_number: number; assigned_to: string; is_current: boolean }>(
      'SELECT progress, step_number, assigned_to, is_current FROM tasks WHERE task_id = $1',
      [res.json().nextTaskId],
    );
    assert.deepEqual(reopened, {
      progress: 'In Progress',
      step_number: last.step_number,
      assigned_to: last.assigned_to,
      is_current: true,
    });
    const [log] = await q<{ action: string }>(
      'SELECT action FROM worklogs WHERE application_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
      [row.application_id],
    );
    assert.equal(log?.action, 'reappraise');
    const [notice] = await q<{ message: string; status_name: string }>(
      'SELECT message, status_name FROM notifications WHERE user_id = $1 AND application_id = $2 ORDER BY created_at DESC LIMIT 1',
      [last.assigned_to, row.application_id],
    );
    assert.equal(notice?.status_name, 'AssignedToUser');
    assert.match(notice?.message ?? '', /reopened for reappraisal at Sanction by/);
    // Once reopened it is ACTIVE: revert_stage is then the assignee's, and never again a reappraisal.
    const again = await action('revert_stage', admin, body);
    assert.equal(again.statusCode, 403);
    assert.match(again.json().message, /the task is not assigned to you/);
  });

  it('Rebook moves an open callback to a later time, audited and logged; bad input, no token, who may not', async () => {
    // A customer-flow task (the other tests need the later steps' officer tasks).
    const rows = await q<{ application_id: string; task_id: string }>(
      `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
        WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE' AND t.type = 'CUST_FLOW'
        ORDER BY t.application_id DESC`,
    );
    const t = rows.find((r) => !used.has(r.application_id));
    assert.ok(t, 'the officer holds a customer-flow task');
    used.add(t.application_id);
    const body = { application_id: t.application_id, taskId: t.task_id };
    const rebook = (who: Login | undefined, extra: Record<string, unknown>) =>
      call(s.app, 'POST', '/backstage/rebook', who, { ...body, ...extra });
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    // No callback requested yet: it does not apply.
    assert.equal((await rebook(officer, { callbackAt: later })).statusCode, 409);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    assert.deepEqual(
      labels(await action('request_for_callback', officer, { ...body, callbackAt: '2020-01-01T10:00:00Z' })),
      ['callbackAt'],
    );
    assert.equal((await action('request_for_callback', officer, { ...body, callbackAt: soon })).statusCode, 200);

    const before = await snapshot(t.application_id);
    const callbackAt = async () =>
      (
        await q<{ callback_at: Date }>('SELECT callback_at FROM tasks WHERE task_id = $1', [t.task_id])
      )[0]?.callback_at.toISOString();
    const atBefore = await callbackAt();
    assert.deepEqual(labels(await rebook(officer, { callbackAt: later, extra: 1 })), ['extra']);
    assert.deepEqual(labels(await rebook(officer, {})), ['callbackAt']);
    assert.deepEqual(labels(await rebook(officer, { callbackAt: 'tomorrow' })), ['callbackAt']);
    const past = await rebook(officer, { callbackAt: '2020-01-01T10:00:00Z' });
    assert.deepEqual(past.json().errors, [{ label: 'callbackAt', reason: 'must be in the future' }]);
    assert.equal((await rebook(undefined, { callbackAt: later })).statusCode, 401);
    assert.equal((await rebook(lead, { callbackAt: later })).statusCode, 403);
    assert.equal((await rebook(outsider, { callbackAt: later })).statusCode, 403);
    assert.deepEqual(await snapshot(t.application_id), before);
    assert.equal(await callbackAt(), atBefore);

    const res = await rebook(officer, { callbackAt: later, comment: 'Applicant travelling until Friday' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().callbackAt, later);
    assert.equal(await callbackAt(), later);
    const history = await call(
      s.app,
      'GET',
      `/v3/audits/getAudits?application_id=${t.application_id}&fieldKey=task.${t.task_id}.callbackAt`,
      officer,
    );
    assert.deepEqual(
      history.json().data.map((a: { oldValue: string; newValue: string }) => [a.oldValue, a.newValue]),
      [[atBefore, later]],
    );
    const [log] = await q<{ action: string; detail: { comment?: string } }>(
      'SELECT action, detail FROM worklogs WHERE application_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
      [t.application_id],
    );
    assert.equal(log?.action, 'rebook');
    assert.equal(log?.detail.comment, 'Applicant travelling until Friday');
    // The callback is still open; completing it ends it, after which there is nothing to rebook.
    assert.equal((await action('complete_callback', officer, body)).statusCode, 200);
    assert.equal((await rebook(officer, { callbackAt: later })).statusCode, 409);
  });

  it('bad input names the field; no token 401; a user who may not: 403 and nothing changes', async () => {
    const t = await officerTask();
    const body = { application_id: t.application_id, taskId: t.taskId };
    assert.deepEqual(labels(await action('cancel', officer, { ...body, extra: 1 })), ['extra']);
    assert.deepEqual(labels(await action('cancel', officer, { application_id: t.application_id })), ['taskId']);
    assert.deepEqual(labels(await action('frobnicate', officer, body)), ['action']);
    assert.deepEqual(labels(await action('cancel', officer, { ...body, assignTo: 'USR-1002' })), ['assignTo']);
    assert.equal((await action('cancel', undefined, body)).statusCode, 401);
    const before = await snapshot(t.application_id);
    // The approver has no access; the team lead has access but the task is not theirs.
    assert.equal((await action('cancel', approver, body)).statusCode, 403);
    assert.equal((await action('cancel', lead, body)).statusCode, 403);
    assert.equal((await action('complete_step/user', lead, body)).statusCode, 403);
    assert.equal((await action('reassign', officer, { ...body, assignTo: 'USR-1002' })).statusCode, 403);
    assert.equal((await action('cancel', outsider, body)).statusCode, 403);
    assert.deepEqual(await snapshot(t.application_id), before);
  });
});

describe('approvals', () => {
  it('reject rejects the application; send_back of a task no longer open answers 1167 and changes nothing', async () => {
    const t = await officerTask('USR-1001');
    const ask = async () =>
      (
        await call(s.app, 'POST', '/v3/application/approvals/request', officer, {
          application_id: t.application_id,
          taskId: t.taskId,
          kind: 'APPROVAL',
          reason: 'Sanction above branch limit',
        })
      ).json().approvalId as string;
    const first = await ask();
    const second = await ask();
    // Forward goes up one level of the matrix: to the region's heads, not to anyone named.
    const forwarded = await call(s.app, 'POST', '/v3/application/approvals/forward', lead, { approvalId: first });
    assert.equal(forwarded.json().level, 2);
    assert.deepEqual(
      labels(
        await call(s.app, 'POST', '/v3/application/approvals/forward', lead, {
          approvalId: second,
          forwardTo: 'USR-1004',
        }),
      ),
      ['forwardTo'],
    );
    const sentBack = await call(s.app, 'POST', '/v3/application/approvals/send_back', lead, {
      approvalId: second,
      comment: 'Income proof missing',
    });
    assert.equal(sentBack.statusCode, 200, sentBack.body);
    const again = await ask();
    const rejected = await call(s.app, 'POST', '/v3/application/approvals/reject', approver, { approvalId: first });
    assert.equal(rejected.json().application_status, 'REJECTED');
    const before = await snapshot(t.application_id);
    const failed = await call(s.app, 'POST', '/v3/application/approvals/send_back', lead, {
      approvalId: again,
      comment: 'Income proof missing',
    });
    assert.equal(failed.statusCode, 500);
    assert.equal(failed.json().code, 1167);
    assert.equal(failed.json().message, 'Error while sending back');
    assert.deepEqual(await snapshot(t.application_id), before);
  });

  it('only the assignee asks; bad input; no token', async () => {
    const t = await officerTask();
    const body = {
      application_id: t.application_id,
      taskId: t.taskId,
      approver: 'USR-1003',
      kind: 'APPROVAL',
      reason: 'x',
    };
    assert.equal((await call(s.app, 'POST', '/v3/application/approvals/request', lead, body)).statusCode, 403);
    assert.deepEqual(
      labels(await call(s.app, 'POST', '/v3/application/approvals/request', officer, { ...body, kind: 'X' })),
      ['kind'],
    );
    assert.equal((await call(s.app, 'POST', '/v3/application/approvals/request', undefined, body)).statusCode, 401);
    assert.equal(
      (await call(s.app, 'GET', `/v3/application/approvals/getApprovals?application_id=${t.application_id}`, outsider))
        .statusCode,
      403,
    );
  });
});

describe('queries, snooze, getConfigs, notes, related', () => {
  it('lists, reopens, refuses outsiders', async () => {
    const t = await officerTask();
    const created = await call(s.app, 'POST', '/v3/application/queries/requestUserInfo', officer, {
      application_id: t.application_id,
      taskId: t.taskId,
      title: 'PAN card',
      description: 'Upload a clear PAN card image',
      fields: ['panNumber'],
    });
    assert.equal(created.statusCode, 200, created.body);
    const page = await call(s.app, 'GET', `/v3/taskconfigs/subTaskList/${t.application_id}/ALL/OPEN/0`, officer);
    assert.equal(page.json().count, 1);
    assert.equal(page.json().data[0].recipient, 'APPLICANT');
    const { subTaskId } = created.json();
    assert.equal(
      (await call(s.app, 'POST', '/v3/taskconfigs/closeSubTask', officer, { subTaskId })).json().status,
      'CLOSED',
    );
    assert.equal((await call(s.app, 'POST', '/v3/taskconfigs/reopenSubTask', lead, { subTaskId })).statusCode, 403);
    assert.equal(
      (await call(s.app, 'POST', '/v3/taskconfigs/reopenSubTask', officer, { subTaskId })).json().status,
      'OPEN',
    );
    const all = await call(s.app, 'GET', `/v3/queries/${t.application_id}`, officer);
    assert.equal(all.json().data.length, 1);
    assert.equal((await call(s.app, 'GET', `/v3/queries/${t.application_id}`, outsider)).statusCode, 403);
    assert.deepEqual(
      labels(await call(s.app, 'GET', `/v3/taskconfigs/subTaskList/${t.application_id}/ALL/WHATEVER/0`, officer)),
      ['status'],
    );
    assert.deepEqual(
      labels(
        await call(s.app, 'POST', '/v3/application/queries/requestInfo', officer, {
          application_id: t.application_id,
          taskId: t.taskId,
          title: 't',
          description: 'd',
        }),
      ),
      ['fields'],
    );
  });

  it('snooze needs TASK_REVIEW_DATE and a future date; getConfigs shows SNOOZED and the tabs', async () => {
    const t = await officerTask();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const body = { application_id: t.application_id, taskId: t.taskId, reviewDate: future };
    assert.equal((await call(s.app, 'POST', '/v3/taskconfigs/updateSnoozeTime', approver, body)).statusCode, 403);
    assert.deepEqual(
      labels(
        await call(s.app, 'POST', '/v3/taskconfigs/updateSnoozeTime', officer, {
          ...body,
          reviewDate: '2001-01-01T00:00:00Z',
        }),
      ),
      ['reviewDate'],
    );
    assert.equal((await call(s.app, 'POST', '/v3/taskconfigs/updateSnoozeTime', officer, body)).statusCode, 200);
    const configs = await call(s.app, 'GET', `/v3/taskconfigs/getConfigs?application_id=${t.application_id}`, officer);
    assert.equal(configs.statusCode, 200, configs.body);
    const c = configs.json();
    assert.equal(c.subStatus, 'SNOOZED');
    assert.equal(c.assigned, true);
    // The header's assignee and SLA: the name, and the same SLA parts the lists compute.
    assert.equal(c.task.assignedToName, 'Rahul Verma');
    assert.deepEqual(Object.keys(c.task.operationalLevelAgreement), ['overall', 'queued', 'assigned']);
    assert.equal(c.task.due_time, c.task.operationalLevelAgreement.overall.timeLimit.expectedEndTS);
    assert.equal(c.editingDisabled, false);
    assert.ok(c.tabs.includes('Snooze') && c.tabs.includes('Save') && c.tabs.includes('Actions'));
    assert.ok(c.actions.includes('complete_step/user') && !c.actions.includes('assign'));
    const lead_ = (
      await call(s.app, 'GET', `/v3/taskconfigs/getConfigs?application_id=${t.application_id}`, lead)
    ).json();
    assert.equal(lead_.assigned, false);
    assert.ok(!lead_.tabs.includes('Save') && lead_.taskActions.includes('Reassign'));
    const removed = await call(s.app, 'POST', '/v3/taskconfigs/removeSnoozeTime', officer, {
      application_id: t.application_id,
      taskId: t.taskId,
    });
    assert.equal(removed.json().reviewDate, null);
    assert.equal(
      (
        await call(
          s.app,
          'GET',
          `/v3/taskconfigs/getConfigs?application_id=${t.application_id}&taskId=x&stepNumber=1`,
          officer,
        )
      ).statusCode,
      400,
    );
  });

  it('notes: added and listed by staff with access, refused to others', async () => {
    const t = await anyApplication();
    const url = `/v3/application/${t.application_id}/notes`;
    assert.equal((await call(s.app, 'POST', url, admin, { text: 'Called the applicant' })).statusCode, 200);
    assert.equal((await call(s.app, 'GET', url, admin)).json().data[0].text, 'Called the applicant');
    assert.deepEqual(labels(await call(s.app, 'POST', url, admin, { text: '' })), ['text']);
    assert.equal((await call(s.app, 'POST', url, outsider, { text: 'x' })).statusCode, 403);
    assert.equal((await call(s.app, 'POST', url, undefined, { text: 'x' })).statusCode, 401);
    const [{ n } = { n: 0 }] = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM notes WHERE application_id = $1',
      [t.application_id],
    );
    assert.equal(n, 1);
  });

  it('related applications share the primary applicant mobile or e-mail', async () => {
    const [a, b] = await q<{ application_id: string; applicant: Record<string, unknown> }>(
      "SELECT application_id, applicant FROM applications WHERE status = 'ACTIVE' ORDER BY application_id LIMIT 2",
    );
    assert.ok(a && b);
    await q(
      `UPDATE applications SET applicant = jsonb_set(applicant, '{primary,mobile}', $2::jsonb) WHERE application_id = $1`,
      [b.application_id, JSON.stringify((a.applicant.primary as { mobile: string }).mobile)],
    );
    const res = await call(s.app, 'GET', `/v3/application/${a.application_id}/related`, admin);
    assert.deepEqual(
      res.json().data.map((r: { application_id: string }) => r.application_id),
      [b.application_id],
    );
  });
});

describe('live list socket', () => {
  it('staff sockets hear APPLICATION_CHANGED with the id only; a bad token is refused', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}${APPLICATIONS_NAMESPACE}`;
    const opts = { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false };
    const refused = io(url, { ...opts, auth: { token: 'nope', sessionId: 'nope' } });
    const error = await new Promise<Error>((resolve) => refused.on('connect_error', resolve));
    assert.equal(error.message, 'Unauthorized');
    refused.close();
    const socket = io(url, { ...opts, auth: { token: lead.access_token, sessionId: lead.sessionid } });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const heard = new Promise<Record<string, unknown>>((resolve) =>
      socket.on(ApplicationEvents.APPLICATION_CHANGED, resolve),
    );
    const t = await anyApplication();
    await call(s.app, 'POST', `/v3/application/${t.application_id}/notes`, admin, { text: 'changes the list' });
    const payload = await heard;
    assert.deepEqual(Object.keys(payload).sort(), ['application_id', 'mod_time']);
    assert.equal(payload.application_id, t.application_id);
    socket.close();
  });
});
