// Approvals by the product's approval matrix (modules/tasks/approvals.ts, seed/approval-matrices.ts):
// approve within and above a level's limit, a level that needs two distinct approvers, each four-eyes
// refusal (403 with the reason, nothing changed), forward and send back, access and bad bodies; and the
// contract's shared approval cases, with the SQL that finds a level's approvers held to isLevelApprover.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  afterApprove,
  approvalLevelFor,
  bankDayOf,
  FOUR_EYES_REASONS,
  fourEyesRefusal,
  isLevelApprover,
  PORTAL_APP_NAME,
} from '@originate/contract';
import {
  AFTER_APPROVE_CASES,
  APPROVAL_LEVEL_CASES,
  CASES_MATRIX,
  FOUR_EYES_CASES,
  LEVEL_APPROVER_CASES,
} from '@originate/contract/cases';
import { levelApprovers } from '../src/modules/tasks/approval-matrix';
import { findUserById } from '../src/modules/users';
import { seed } from '../src/seed';
import { APPROVAL_MATRICES } from '../src/seed/approval-matrices';
import { call, type Login, labels, login, loginRaw, startServer, type TestServer } from './helpers';

let s: TestServer;
const as: Record<string, Login> = {};

/** The committee members are not among the helpers' passwords: logged in with their own. */
async function loginAs(username: string, password: string): Promise<Login> {
  const res = await loginRaw(s.app, username, password);
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  return { ...body, xsrf: '', headers: { access_token: body.access_token, sessionid: body.sessionid } };
}

before(async () => {
  s = await startServer();
  for (const name of ['officer', 'teamlead', 'approver', 'opsadmin', 'developer']) as[name] = await login(s.app, name);
  as.creditchief = await loginAs('creditchief', 'Chief@123');
  as.riskhead = await loginAs('riskhead', 'Risk@123');
});
after(() => s.close());

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);
const who = (name: string) => as[name] as Login;

/** The open task of an application and who holds it. */
async function openTask(applicationId: string) {
  const [task] = await q<{ task_id: string; assigned_to: string | null }>(
    `SELECT task_id, assigned_to FROM tasks WHERE application_id = $1 AND progress IN ('In Progress', 'Pending')
      ORDER BY start_time DESC LIMIT 1`,
    [applicationId],
  );
  if (!task) throw new Error(`${applicationId} has no open task`);
  return task;
}

const request = async (asker: string, applicationId: string, extra: Record<string, unknown> = {}) => {
  const task = await openTask(applicationId);
  return call(s.app, 'POST', '/v3/application/approvals/request', who(asker), {
    application_id: applicationId,
    taskId: task.task_id,
    kind: 'APPROVAL',
    reason: 'Sanction of the loan',
    ...extra,
  });
};

/** Asks for an approval and answers its id (the request must succeed). */
async function asked(asker: string, applicationId: string, extra: Record<string, unknown> = {}) {
  const res = await request(asker, applicationId, extra);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { approvalId: string; level: number; approver: string | null; approverTeams: string[] };
}

const decide = (action: string, actor: string, body: Record<string, unknown>) =>
  call(s.app, 'POST', `/v3/application/approvals/${action}`, who(actor), body);

interface ApprovalView {
  approvalId: string;
  status: string;
  level: number;
  levelName: string;
  maxAmount: number | null;
  approver: { userid: string } | null;
  approverTeams: { id: string; name: string }[];
  decisions: {
    level: number;
    action: string;
    by: { userid: string };
    toLevel: number | null;
    comment: string | null;
  }[];
  fourEyes: Record<string, string[]>;
  canAct: boolean;
  cannotActReason: string | null;
}

async function approvalAs(viewer: string, applicationId: string, approvalId: string): Promise<ApprovalView> {
  const res = await call(
    s.app,
    'GET',
    `/v3/application/approvals/getApprovals?application_id=${applicationId}`,
    who(viewer),
  );
  assert.equal(res.statusCode, 200, res.body);
  const found = (res.json().data as ApprovalView[]).find((a) => a.approvalId === approvalId);
  assert.ok(found, `approval ${approvalId} not answered`);
  return found;
}

/** Everything a refused decision could have changed. */
async function snapshot(applicationId: string) {
  return {
    app: await q('SELECT status, stage, mod_time FROM applications WHERE application_id = $1', [applicationId]),
    approvals: await q('SELECT * FROM approvals WHERE application_id = $1 ORDER BY approval_id', [applicationId]),
    tasks: await q('SELECT task_id, progress, assigned_to, allowed_users FROM tasks WHERE application_id = $1', [
      applicationId,
    ]),
    worklogs: await q('SELECT count(*)::int AS n FROM worklogs WHERE application_id = $1', [applicationId]),
    notifications: await q('SELECT count(*)::int AS n FROM notifications WHERE application_id = $1', [applicationId]),
  };
}

/** A refusal: 403 with the reason, nothing changed. */
async function refused(action: string, actor: string, body: Record<string, unknown>, applicationId: string) {
  const before = await snapshot(applicationId);
  const res = await decide(action, actor, body);
  assert.equal(res.statusCode, 403, res.body);
  assert.deepEqual(await snapshot(applicationId), before);
  return res.json().message as string;
}

const setAmount = (applicationId: string, amount: number) =>
  q('UPDATE applications SET loan_amount = $2 WHERE application_id = $1', [applicationId, amount]);

const notified = (applicationId: string, userId: string) =>
  q<{ status_name: string; kind: string; message: string }>(
    'SELECT status_name, kind, message FROM notifications WHERE application_id = $1 AND user_id = $2 ORDER BY created_at',
    [applicationId, userId],
  );

/** The dashboard's count of approvals awaiting a decision in the viewer's scope (reports "pending"). */
async function pendingApprovals(viewer: string): Promise<number> {
  const today = bankDayOf(s.app.ctx.now());
  const res = await call(s.app, 'POST', API_PATHS.reportPending, who(viewer), { filter: { from: today, to: today } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().approvals;
}

describe('the credit committee on a database seeded before it', () => {
  it('the next seed adds its team and members, who then log in', async () => {
    await q(`DELETE FROM users WHERE userid IN ('USR-1008', 'USR-1009')`);
    await q(`DELETE FROM teams WHERE id = 'TEAM-CREDIT-COMMITTEE'`);
    await seed(s.app.ctx.db, s.app.ctx.files, s.config, s.app.ctx.now());
    const members = await q<{ user_id: string }>(
      `SELECT user_id FROM user_teams WHERE team_id = 'TEAM-CREDIT-COMMITTEE' ORDER BY user_id`,
    );
    assert.deepEqual(
      members.map((m) => m.user_id),
      ['USR-1008', 'USR-1009'],
    );
    as.creditchief = await loginAs('creditchief', 'Chief@123');
    as.riskhead = await loginAs('riskhead', 'Risk@123');
  });
});

describe('approval rules: the contract shared cases, as the server runs them', () => {
  it('the level that decides, what an approval leads to, who approves at a level, four eyes', () => {
    for (const c of APPROVAL_LEVEL_CASES)
      assert.equal(approvalLevelFor(CASES_MATRIX, c.amount, c.riskGrade).level, c.level, c.name);
    for (const c of AFTER_APPROVE_CASES) assert.deepEqual(afterApprove(CASES_MATRIX, c.state), c.after, c.name);
    for (const c of LEVEL_APPROVER_CASES) {
      const level = CASES_MATRIX.levels.find((l) => l.level === c.level);
      assert.ok(level);
      assert.equal(isLevelApprover(level, c.user), c.approver, c.name);
    }
    for (const c of FOUR_EYES_CASES) assert.equal(fourEyesRefusal(c.userId, c.facts), c.refusal, c.name);
  });

  it("the SQL that finds a level's approvers agrees with isLevelApprover on every seeded user and level", async () => {
    const staff = await q<{ userid: string }>('SELECT userid FROM users WHERE applications ? $1 ORDER BY userid', [
      PORTAL_APP_NAME,
    ]);
    const users = await Promise.all(staff.map((u) => findUserById(s.app.ctx.db, u.userid)));
    const none = { capturedBy: [], editedAfterSubmitBy: [], approvedAtEarlierLevelsBy: [], approvedAtThisLevelBy: [] };
    for (const [product, matrix] of Object.entries(APPROVAL_MATRICES)) {
      for (const level of matrix.levels) {
        const found = (await levelApprovers(s.app.ctx.db, level, none)).map((a) => a.userid);
        const expected = users.filter((u) => u && isLevelApprover(level, u)).map((u) => u?.userid);
        assert.deepEqual(found, expected, `${product} level ${level.level}`);
        assert.ok(found.length >= level.requiredApprovers, `${product} level ${level.level} has enough approvers`);
      }
    }
  });
});

describe('approve within and above a limit', () => {
  it('a loan within the branch limit: the branch credit manager approves it, and that decides it', async () => {
    const id = 'PL-2026-000113';
    await setAmount(id, 400_000);
    const placed = await asked('officer', id);
    // The Mumbai and Pune BCMs are one person, the team lead: the approval is named to her.
    assert.deepEqual(placed, {
      approvalId: placed.approvalId,
      status: 'PENDING',
      level: 1,
      approver: 'USR-1002',
      approverTeams: [],
    });
    assert.deepEqual(
      (await notified(id, 'USR-1002')).map((n) => n.status_name),
      ['AssignedToApprovalUser'],
    );
    const view = await approvalAs('teamlead', id, placed.approvalId);
    assert.equal(view.levelName, 'Branch Credit Manager');
    assert.equal(view.maxAmount, 500_000);
    assert.equal(view.canAct, true);
    const ok = await decide('approve', 'teamlead', { approvalId: placed.approvalId, comment: 'Income verified' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().status, 'APPROVED');
    assert.match(ok.json().message, /Approved at level 1 \(Branch Credit Manager\)/);
    const decided = await approvalAs('officer', id, placed.approvalId);
    assert.equal(decided.status, 'APPROVED');
    assert.deepEqual(
      decided.decisions.map((d) => [d.level, d.action, d.by.userid, d.toLevel, d.comment]),
      [[1, 'approve', 'USR-1002', null, 'Income verified']],
    );
    assert.equal(decided.canAct, false);
    // What was approved is recorded with the decision: the credit summary as the approver saw it.
    const [row] = await q<{
      decisions: { summary?: { application_id: string; figures: { key: string; value: number | null }[] } }[];
    }>('SELECT decisions FROM approvals WHERE approval_id = $1', [placed.approvalId]);
    const [fields] = await q<{ doc: { customFields: Record<string, unknown> } }>(
      'SELECT doc FROM applications WHERE application_id = $1',
      [id],
    );
    const approved = row?.decisions[0]?.summary;
    assert.equal(approved?.application_id, id);
    assert.equal(
      approved?.figures.find((f) => f.key === 'loanAmount')?.value,
      Number(fields?.doc.customFields.pl_loan_amount),
    );
    // Decided: acting again is a conflict, not a second approval.
    assert.equal((await decide('approve', 'teamlead', { approvalId: placed.approvalId })).statusCode, 409);
  });

  it('a 20-lakh loan: the 5-lakh level approves, it goes up to the region, whose approval decides it', async () => {
    const id = 'PL-2026-000101';
    await setAmount(id, 2_000_000);
    const awaitingRegion = await pendingApprovals('approver');
    const placed = await asked('officer', id);
    assert.equal(placed.approver, 'USR-1002');
    // The officer captured it: not offered, and why.
    const officerView = await approvalAs('officer', id, placed.approvalId);
    assert.equal(officerView.canAct, false);
    assert.equal(officerView.cannotActReason, `You may not decide this approval: ${FOUR_EYES_REASONS.captured}`);
    assert.deepEqual(officerView.fourEyes.capturedBy, ['USR-1001']);

    const up = await decide('approve', 'teamlead', { approvalId: placed.approvalId });
    assert.equal(up.statusCode, 200, up.body);
    // The region has several heads (BH): queued to its team, nobody named.
    assert.deepEqual(
      {
        status: up.json().status,
        level: up.json().level,
        approver: up.json().approver,
        teams: up.json().approverTeams,
      },
      { status: 'PENDING', level: 2, approver: null, teams: ['TEAM-WEST-REGION'] },
    );
    assert.match(up.json().message, /above its limit of ₹5,00,000: forwarded to level 2 \(Regional Credit Head\)/);
    const [told] = await notified(id, 'USR-1003');
    assert.deepEqual([told?.status_name, told?.kind], ['AssignedToApprovalTeam', 'TEAM']);
    assert.match(told?.message ?? '', /approved .* at level 1 \(Branch Credit Manager\), above its limit/);
    const [line] = await q<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM worklogs WHERE application_id = $1 AND action = 'approval:approve'`,
      [id],
    );
    assert.equal(line?.detail.toLevel, 2);

    // Queued to the region: it counts among the approvals awaiting the regional head's team.
    assert.equal(await pendingApprovals('approver'), awaitingRegion + 1);
    const leadView = await approvalAs('teamlead', id, placed.approvalId);
    assert.equal(leadView.canAct, false);
    assert.deepEqual(leadView.fourEyes.approvedAtEarlierLevelsBy, ['USR-1002']);
    const approverView = await approvalAs('approver', id, placed.approvalId);
    assert.deepEqual(
      [approverView.level, approverView.levelName, approverView.maxAmount, approverView.canAct],
      [2, 'Regional Credit Head', null, true],
    );
    const done = await decide('approve', 'approver', { approvalId: placed.approvalId });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().status, 'APPROVED');
    assert.equal(await pendingApprovals('approver'), awaitingRegion);
  });

  it('above 25 lakh a home loan climbs to the credit committee, which needs two distinct members', async () => {
    const id = 'HL-2026-000129';
    const placed = await asked('approver', id);
    assert.equal((await decide('approve', 'teamlead', { approvalId: placed.approvalId })).json().level, 2);
    const toCommittee = await decide('approve', 'approver', { approvalId: placed.approvalId });
    assert.equal(toCommittee.statusCode, 200, toCommittee.body);
    // Two members: queued to the committee's team, nobody named.
    assert.deepEqual(
      {
        level: toCommittee.json().level,
        approver: toCommittee.json().approver,
        teams: toCommittee.json().approverTeams,
      },
      { level: 3, approver: null, teams: ['TEAM-CREDIT-COMMITTEE'] },
    );
    for (const member of ['USR-1008', 'USR-1009']) {
      const [n] = await notified(id, member);
      assert.deepEqual([n?.status_name, n?.kind], ['AssignedToApprovalTeam', 'TEAM']);
    }
    const queued = await approvalAs('creditchief', id, placed.approvalId);
    assert.deepEqual(queued.approverTeams, [{ id: 'TEAM-CREDIT-COMMITTEE', name: 'Credit Committee' }]);
    assert.equal(queued.canAct, true);

    const first = await decide('approve', 'creditchief', { approvalId: placed.approvalId });
    assert.equal(first.json().status, 'PENDING');
    assert.equal(first.json().level, 3);
    assert.match(first.json().message, /1 more approver\(s\) of the level needed/);
    // The same member again does not count twice.
    const twice = await refused('approve', 'creditchief', { approvalId: placed.approvalId }, id);
    assert.equal(twice, `You may not approve this approval: ${FOUR_EYES_REASONS.thisLevel}`);
    const second = await decide('approve', 'riskhead', { approvalId: placed.approvalId });
    assert.equal(second.statusCode, 200, second.body);
    assert.equal(second.json().status, 'APPROVED');
    const decided = await approvalAs('approver', id, placed.approvalId);
    assert.deepEqual(
      decided.decisions.map((d) => [d.level, d.by.userid, d.toLevel]),
      [
        [1, 'USR-1002', 2],
        [2, 'USR-1003', 3],
        [3, 'USR-1008', null],
        [3, 'USR-1009', null],
      ],
    );
  });
});

describe('risk grades', () => {
  it("a level that decides only some grades forwards another grade's loan within its amount", async () => {
    // A version of the home loan whose region decides grades A and B up to 30 lakh; the committee the rest.
    const [first, second, committee] = APPROVAL_MATRICES.HL.levels;
    assert.ok(first && second && committee);
    const matrix = {
      sendBackTo: 'Credit Assessment',
      levels: [
        first,
        { ...second, maxAmount: 3_000_000, riskGrades: ['A', 'B'] },
        { ...committee, requiredApprovers: 1 },
      ],
    };
    await q(
      `INSERT INTO lifecycle_versions (product_code, ver_num, doc, created_at)
       SELECT product_code, 90, jsonb_set(doc, '{approvalMatrix}', $1::jsonb), now() FROM lifecycle_versions
        WHERE product_code = 'HL' AND ver_num = 1`,
      [JSON.stringify(matrix)],
    );
    // ₹28,00,000, grade C, on that version.
    const id = 'HL-2026-000111';
    await q(
      `UPDATE applications SET doc = doc || '{"lifecycle": {"product_code": "HL", "verNum": 90}, "riskGrade": "C"}'::jsonb
        WHERE application_id = $1`,
      [id],
    );
    const placed = await asked('approver', id);
    assert.equal((await decide('approve', 'teamlead', { approvalId: placed.approvalId })).json().level, 2);
    const up = await decide('approve', 'approver', { approvalId: placed.approvalId });
    assert.equal(up.statusCode, 200, up.body);
    assert.equal(up.json().level, 3);
    assert.match(up.json().message, /Approved at level 2 \(Regional Credit Head\), outside its risk grades/);
    const done = await decide('approve', 'riskhead', { approvalId: placed.approvalId });
    assert.equal(done.json().status, 'APPROVED');
  });
});

describe('four eyes: 403 with the reason, nothing changed', () => {
  it('who worked the capture step may not approve', async () => {
    const id = 'PL-2026-000119';
    const placed = await asked('officer', id);
    assert.equal(placed.approver, 'USR-1002');
    // The team lead worked the capture task: she captured it too.
    await q(`UPDATE tasks SET assigned_to = 'USR-1002' WHERE application_id = $1 AND step_number = 1`, [id]);
    const reason = await refused('approve', 'teamlead', { approvalId: placed.approvalId }, id);
    assert.equal(reason, `You may not approve this approval: ${FOUR_EYES_REASONS.captured}`);
    const view = await approvalAs('teamlead', id, placed.approvalId);
    assert.deepEqual(
      [view.canAct, view.cannotActReason],
      [false, `You may not decide this approval: ${FOUR_EYES_REASONS.captured}`],
    );
  });

  it('who edited the application after it was submitted may not approve', async () => {
    const id = 'PL-2026-000125';
    const placed = await asked('officer', id);
    await q(
      `INSERT INTO audits (application_id, field_key, old_value, new_value, user_id, source, created_at)
       VALUES ($1, 'pl_loan_amount', '"1405000"', '"1500000"', 'USR-1002', 'staff', now())`,
      [id],
    );
    const reason = await refused('approve', 'teamlead', { approvalId: placed.approvalId }, id);
    assert.equal(reason, `You may not approve this approval: ${FOUR_EYES_REASONS.edited}`);
    // Nor reject, forward or send it back: four eyes is about deciding at all.
    assert.match(await refused('reject', 'teamlead', { approvalId: placed.approvalId }, id), /after it was submitted/);
  });

  it('who approved it at an earlier level may not approve it again above, though they are an approver there', async () => {
    const id = 'PL-2026-000131';
    const task = await openTask(id);
    // An approval the team lead let through at level 1, now queued to the region (where she is made a BH too).
    await q(
      `INSERT INTO approvals (approval_id, application_id, task_id, kind, status, reason, requested_by, approver, level,
                              approver_team, approver_roles, decisions, created_at)
       VALUES ('APR-EARLIER', $1, $2, 'APPROVAL', 'PENDING', 'Sanction', 'USR-1001', NULL, 2, '["TEAM-WEST-REGION"]', '["BH"]',
               jsonb_build_array(jsonb_build_object('level', 1, 'action', 'approve', 'by', 'USR-1002', 'at', now(),
                                 'comment', NULL, 'toLevel', 2, 'to', NULL)), now())`,
      [id, task.task_id],
    );
    await q(`UPDATE tasks SET allowed_users = allowed_users || '["USR-1002", "USR-1003"]' WHERE task_id = $1`, [
      task.task_id,
    ]);
    await q(`UPDATE users SET roles = roles || '["BH"]' WHERE userid = 'USR-1002'`);
    await q(`INSERT INTO user_teams (user_id, team_id) VALUES ('USR-1002', 'TEAM-WEST-REGION')`);
    try {
      const reason = await refused('approve', 'teamlead', { approvalId: 'APR-EARLIER' }, id);
      assert.equal(reason, `You may not approve this approval: ${FOUR_EYES_REASONS.earlierLevel}`);
      // The other regional head may.
      assert.equal((await approvalAs('approver', id, 'APR-EARLIER')).canAct, true);
    } finally {
      await q(`UPDATE users SET roles = roles - 'BH' WHERE userid = 'USR-1002'`);
      await q(`DELETE FROM user_teams WHERE user_id = 'USR-1002' AND team_id = 'TEAM-WEST-REGION'`);
    }
  });

  it('nobody left to approve at the first level: the request is refused and nothing is asked', async () => {
    // The team lead captured it and is the only branch credit manager.
    const id = 'CL-2026-000106';
    const before = await snapshot(id);
    const res = await request('officer', id);
    assert.equal(res.statusCode, 409, res.body);
    assert.match(res.json().message, /Nobody may approve this application at level 1 \(Branch Credit Manager\)/);
    assert.deepEqual(await snapshot(id), before);
    assert.deepEqual(labels(await request('officer', id, { approver: 'USR-1002' })), ['approver']);
  });
});

describe('forward and send back follow the matrix', () => {
  it('forward goes up one level (to a named approver of it or its queue); not above the last; not to a non-approver', async () => {
    const id = 'PL-2026-000107';
    const placed = await asked('officer', id);
    assert.deepEqual(
      labels(await decide('forward', 'teamlead', { approvalId: placed.approvalId, forwardTo: 'USR-1008' })),
      ['forwardTo'],
    );
    const up = await decide('forward', 'teamlead', {
      approvalId: placed.approvalId,
      forwardTo: 'USR-1003',
      comment: 'Above my limit',
    });
    assert.equal(up.statusCode, 200, up.body);
    assert.deepEqual([up.json().status, up.json().level, up.json().approver], ['PENDING', 2, 'USR-1003']);
    const last = await decide('forward', 'approver', { approvalId: placed.approvalId });
    assert.equal(last.statusCode, 409, last.body);
    assert.match(last.json().message, /level 2 \(Regional Credit Head\) is the last level/);
    const view = await approvalAs('approver', id, placed.approvalId);
    assert.deepEqual(
      view.decisions.map((d) => [d.action, d.level, d.toLevel, d.comment]),
      [['forward', 1, 2, 'Above my limit']],
    );
    // Forward candidates: the approvers of the next level the four-eyes rule allows.
    const other = await asked('officer', 'PL-2026-000113');
    const candidates = await call(
      s.app,
      'GET',
      `/v3/users/candidates?purpose=forward&application_id=PL-2026-000113&approvalId=${other.approvalId}`,
      who('teamlead'),
    );
    const offered: string[] = candidates.json().users.map((u: { userid: string }) => u.userid);
    assert.ok(offered.includes('USR-1003') && !offered.includes('USR-1002'), offered.join());
    const level2 = APPROVAL_MATRICES.PL.levels[1];
    assert.ok(level2);
    for (const userid of offered) {
      const user = await findUserById(s.app.ctx.db, userid);
      assert.ok(user && isLevelApprover(level2, user), `${userid} approves at level 2`);
    }
  });

  it('send back needs the reason, returns the task to the requester and writes the reason into the history', async () => {
    const id = 'PL-2026-000101';
    const placed = await asked('officer', id);
    assert.deepEqual(labels(await decide('send_back', 'teamlead', { approvalId: placed.approvalId })), ['comment']);
    const back = await decide('send_back', 'teamlead', {
      approvalId: placed.approvalId,
      comment: 'Salary slips for the last three months are missing',
    });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json().status, 'SENT_BACK');
    assert.equal((await openTask(id)).assigned_to, 'USR-1001');
    const [line] = await q<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM worklogs WHERE application_id = $1 AND action = 'approval:send_back'`,
      [id],
    );
    assert.equal(line?.detail.comment, 'Salary slips for the last three months are missing');
    const told = (await notified(id, 'USR-1001')).at(-1);
    assert.equal(told?.status_name, 'AssignedToUser');
    assert.match(told?.message ?? '', /sent application PL-2026-000101 .* back to you: Salary slips/);
  });

  it("send back past the matrix's step reopens that step to whoever worked it, with the reason", async () => {
    // At Sanction; the home loan's matrix sends back to Credit Assessment, which the officer worked.
    const id = 'HL-2026-000123';
    const sanction = await openTask(id);
    const placed = await asked('approver', id);
    const back = await decide('send_back', 'teamlead', {
      approvalId: placed.approvalId,
      comment: 'Property valuation is below the loan amount',
    });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json().status, 'SENT_BACK');
    assert.match(back.json().message, /Sent back at level 1 \(Branch Credit Manager\) to step Credit Assessment/);
    const reopened = await openTask(id);
    assert.notEqual(reopened.task_id, sanction.task_id);
    const [state] = await q<{ stage: string; step_name: string; progress: string; sanction: string }>(
      `SELECT a.stage, t.step_name, t.progress, (SELECT progress FROM tasks WHERE task_id = $2) AS sanction
         FROM applications a JOIN tasks t ON t.task_id = $3 WHERE a.application_id = $1`,
      [id, sanction.task_id, reopened.task_id],
    );
    assert.deepEqual(state, {
      stage: 'Credit Assessment',
      step_name: 'Credit Assessment',
      progress: 'In Progress',
      sanction: 'Cancelled',
    });
    assert.equal(reopened.assigned_to, 'USR-1001');
    const told = (await notified(id, 'USR-1001')).at(-1);
    assert.match(told?.message ?? '', /sent back to Credit Assessment by Priya Sharma: Property valuation/);
    const [line] = await q<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM worklogs WHERE application_id = $1 AND action = 'approval:send_back'`,
      [id],
    );
    assert.equal(line?.detail.comment, 'Property valuation is below the loan amount');
  });

  it('reject rejects the application', async () => {
    const id = 'PL-2026-000113';
    const placed = await asked('officer', id);
    const res = await decide('reject', 'teamlead', { approvalId: placed.approvalId, comment: 'Over-leveraged' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().status, res.json().application_status], ['REJECTED', 'REJECTED']);
    const [app] = await q<{ status: string }>('SELECT status FROM applications WHERE application_id = $1', [id]);
    assert.equal(app?.status, 'REJECTED');
  });
});

describe('access and bad bodies', () => {
  it('someone who is not an approver of the level: 403, nothing changed; no access: 403; no token: 401', async () => {
    const id = 'HL-2026-000135';
    const placed = await asked('approver', id);
    const notTheirs = await refused('approve', 'opsadmin', { approvalId: placed.approvalId }, id);
    assert.equal(notTheirs, 'Only the current approver may approve this approval');
    assert.equal(
      (await call(s.app, 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`, who('developer')))
        .statusCode,
      403,
    );
    assert.equal(
      (await call(s.app, 'POST', '/v3/application/approvals/approve', undefined, { approvalId: placed.approvalId }))
        .statusCode,
      401,
    );
    assert.equal((await decide('approve', 'teamlead', { approvalId: 'APR-none' })).statusCode, 404);
  });

  it('bad bodies: 400 naming the field', async () => {
    const id = 'HL-2026-000105';
    const placed = await asked('approver', id);
    const approvalId = placed.approvalId;
    assert.deepEqual(labels(await decide('approve', 'teamlead', {})), ['approvalId']);
    assert.deepEqual(labels(await decide('approve', 'teamlead', { approvalId, level: 2 })), ['level']);
    assert.deepEqual(labels(await decide('approve', 'teamlead', { approvalId, forwardTo: 'USR-1003' })), ['forwardTo']);
    assert.deepEqual(labels(await decide('approve', 'teamlead', { approvalId, comment: '' })), ['comment']);
    assert.deepEqual(labels(await decide('overrule', 'teamlead', { approvalId })), ['action']);
    assert.deepEqual(labels(await request('approver', id, { approver: 'USR-nobody' })), ['approver']);
    assert.deepEqual(labels(await request('approver', id, { approver: 'USR-1003' })), ['approver']);
    assert.deepEqual(labels(await request('approver', id, { approver: 'USR-1001' })), ['approver']);
    assert.deepEqual(labels(await request('approver', id, { kind: 'ADVICE' })), ['kind']);
  });
});
