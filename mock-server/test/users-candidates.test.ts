// GET /v3/users/candidates: the users a picker offers for one action are those the action accepts, only to a
// caller who may take it; good input, bad input, no token, a user who may not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, type Login, labels, login, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let admin: Login;
let outsider: Login;

before(async () => {
  // The demo people only, so the candidate lists below are known.
  s = await startServer({ SEED_APPLICATIONS: '0' });
  ({ officer, lead, admin } = await loginStaff(s.app));
  outsider = await login(s.app, 'developer');
});
after(() => s.close());

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

interface Candidate {
  userid: string;
  userName: string;
  displayName: string;
  teams: { id: string; name: string }[];
}

/**
 * An ACTIVE application whose open staff task the officer holds, not used by another test; `capturedBy`: one
 * that user started (the four-eyes rule keeps whoever captured it from approving it).
 */
const used = new Set<string>();
async function officerTask(capturedBy?: string): Promise<{ application_id: string; taskId: string }> {
  const rows = await q<{ application_id: string; task_id: string }>(
    `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
      WHERE t.assigned_to = 'USR-1001' AND t.progress = 'In Progress' AND a.status = 'ACTIVE'
        AND t.type <> 'CUST_FLOW' AND ($1::text IS NULL OR a.doc -> 'initiatedBy' ->> 'id' = $1)
      ORDER BY t.application_id`,
    [capturedBy ?? null],
  );
  const row = rows.find((r) => !used.has(r.application_id));
  if (!row) throw new Error('no officer task left');
  used.add(row.application_id);
  return { application_id: row.application_id, taskId: row.task_id };
}

const candidates = (who: Login | undefined, query: Record<string, string>) =>
  call(s.app, 'GET', `/v3/users/candidates?${new URLSearchParams(query)}`, who);
const names = (users: Candidate[]) => users.map((u) => u.userName);

describe('GET /v3/users/candidates', () => {
  it('query: the assignee gets the staff but themselves, by name, with teams and nothing more', async () => {
    const t = await officerTask();
    for (const purpose of ['query']) {
      const res = await candidates(officer, { purpose, ...t });
      assert.equal(res.statusCode, 200, res.body);
      const users = res.json().users as Candidate[];
      assert.ok(!names(users).includes('officer'));
      assert.ok(names(users).includes('teamlead') && names(users).includes('approver'));
      const displayNames = users.map((u) => u.displayName);
      assert.deepEqual(
        displayNames,
        [...displayNames].sort((a, b) => a.localeCompare(b)),
      );
      for (const u of users) assert.deepEqual(Object.keys(u).sort(), ['displayName', 'teams', 'userName', 'userid']);
      const priya = users.find((u) => u.userName === 'teamlead');
      assert.deepEqual(priya?.teams.map((team) => team.name).sort(), ['Mumbai West Branch', 'Retail Lending']);
    }
    // The search narrows by display name or username; LIKE wildcards are literal.
    const byName = await candidates(officer, { purpose: 'query', ...t, search: 'pri' });
    assert.deepEqual(names(byName.json().users), ['teamlead']);
    const byUsername = await candidates(officer, { purpose: 'query', ...t, search: 'APPROV' });
    assert.deepEqual(names(byUsername.json().users), ['approver']);
    assert.deepEqual((await candidates(officer, { purpose: 'query', ...t, search: '%' })).json().users, []);

    // The server takes what it offered: a query raised to the first candidate.
    const first = (await candidates(officer, { purpose: 'query', ...t })).json().users[0] as Candidate;
    const raised = await call(s.app, 'POST', '/v3/taskconfigs/createSubTask', officer, {
      ...t,
      title: 'Salary slip',
      description: 'Please check the salary slip',
      assignTo: first.userid,
    });
    assert.equal(raised.statusCode, 200, raised.body);
  });

  it("approval: the assignee gets the matrix's first-level approvers whom the four-eyes rule allows", async () => {
    // Captured by the officer: the team lead, Mumbai West's branch credit manager (BCM), decides level 1.
    const t = await officerTask('USR-1001');
    const res = await candidates(officer, { purpose: 'approval', ...t });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(names(res.json().users), ['teamlead']);
    assert.deepEqual(names((await candidates(officer, { purpose: 'approval', ...t, search: 'vik' })).json().users), []);
    // The server takes whom it offered.
    const asked = await call(s.app, 'POST', '/v3/application/approvals/request', officer, {
      ...t,
      approver: res.json().users[0].userid,
      kind: 'APPROVAL',
      reason: 'Loan above the branch limit',
    });
    assert.equal(asked.statusCode, 200, asked.body);
    // Captured by the team lead: she may not approve it, and nobody else is a branch credit manager.
    const hers = await officerTask('USR-1002');
    assert.deepEqual((await candidates(officer, { purpose: 'approval', ...hers })).json().users, []);
  });

  it('query and approval: anyone but the assignee gets 403 and the reason', async () => {
    const t = await officerTask();
    const lead403 = await candidates(lead, { purpose: 'approval', ...t });
    assert.equal(lead403.statusCode, 403);
    assert.match(lead403.body, /Only the assignee of the task may ask for an approval/);
    const query403 = await candidates(lead, { purpose: 'query', ...t });
    assert.match(query403.body, /Only the assignee of the task may raise a query on it/);
    // No access to the application at all.
    assert.equal((await candidates(outsider, { purpose: 'query', ...t })).statusCode, 403);
  });

  it('reassign: a lead gets the members of their teams but the assignee; each one the action accepts', async () => {
    const t = await officerTask();
    const res = await candidates(lead, { purpose: 'reassign', ...t });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(names(res.json().users), ['teamlead']);
    // An operations admin (ALL_APPLICATIONS_REASSIGN) may reassign to any staff member.
    const all = names((await candidates(admin, { purpose: 'reassign', ...t })).json().users);
    assert.ok(all.includes('approver') && all.includes('teamlead') && !all.includes('officer'));
    const reassigned = await call(s.app, 'POST', '/v3/application/action/reassign', lead, {
      ...t,
      assignTo: 'USR-1002',
    });
    assert.equal(reassigned.statusCode, 200, reassigned.body);
    // The officer holds no reassign permission: 403 with the reason.
    const refused = await candidates(officer, { purpose: 'reassign', ...t });
    assert.equal(refused.statusCode, 403);
    assert.match(refused.body, /You may not reassign this application/);
  });

  it("forward: who may act on the approval gets the next level's approvers; others 403", async () => {
    // The officer captured it and asks: the team lead, the branch credit manager, decides at level 1.
    const t = await officerTask('USR-1001');
    const asked = await call(s.app, 'POST', '/v3/application/approvals/request', officer, {
      ...t,
      kind: 'APPROVAL',
      reason: 'Loan above the branch limit',
    });
    assert.equal(asked.statusCode, 200, asked.body);
    assert.equal(asked.json().approver, 'USR-1002');
    const approvalId = asked.json().approvalId as string;
    const query = { purpose: 'forward', application_id: t.application_id, approvalId };
    const res = await candidates(lead, query);
    assert.equal(res.statusCode, 200, res.body);
    // Level 2 of the personal loan: the West Region's head.
    assert.deepEqual(names(res.json().users), ['approver']);
    const refused = await candidates(admin, query);
    assert.equal(refused.statusCode, 403);
    assert.match(refused.body, /Only the current approver may forward this approval/);
    const captured = await candidates(officer, query);
    assert.equal(captured.statusCode, 403);
    assert.match(captured.body, /you captured this application/);
    const other = await officerTask();
    assert.deepEqual(labels(await candidates(lead, { ...query, application_id: other.application_id })), [
      'approvalId',
    ]);
    assert.equal((await candidates(lead, { ...query, approvalId: 'APR-none' })).statusCode, 404);
  });

  it('bad input: 400 naming the field; no token: 401', async () => {
    const t = await officerTask();
    assert.deepEqual(labels(await candidates(officer, { purpose: 'everyone', ...t })), ['purpose']);
    assert.deepEqual(labels(await candidates(officer, { purpose: 'query', application_id: 'bad id' })), [
      'application_id',
    ]);
    assert.deepEqual(labels(await candidates(officer, { purpose: 'query', ...t, search: 'x'.repeat(101) })), [
      'search',
    ]);
    assert.deepEqual(labels(await candidates(officer, { purpose: 'forward', ...t })), ['approvalId']);
    assert.deepEqual(labels(await candidates(officer, { purpose: 'query', ...t, approvalId: 'APR-1' })), [
      'approvalId',
    ]);
    assert.equal((await candidates(officer, { purpose: 'query', ...t, role: 'ADMIN' })).statusCode, 400);
    assert.equal((await candidates(undefined, { purpose: 'query', ...t })).statusCode, 401);
  });
});
