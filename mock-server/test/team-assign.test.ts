// Assignment by team permissions (spec §6: team leads use the team permissions): a team lead who may open
// another branch's application (he held its earlier steps) may not assign or reassign its task, and the
// shared ASSIGN_CASES run against POST /v3/application/action/assign|reassign, the candidate picker and
// getConfigs' offered actions, as the contract's and mfe-applications' jest tests run them against the rule.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, type Team } from '@originate/contract';
import { ASSIGN_CASES } from '@originate/contract/cases';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let lead: Login;
let officer: Login;
let admin: Login;

before(async () => {
  s = await startServer();
  lead = await login(s.app, 'teamlead');
  officer = await login(s.app, 'officer');
  admin = await login(s.app, 'opsadmin');
});
after(() => s.close());

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.app.ctx.db.query<T>(sql, params);

const LEAD = 'USR-1002';
const OFFICER = 'USR-1001';
const APPROVER = 'USR-1003';

/** Everything an assignment changes: the tasks, their assignment history, notifications, worklog and audits. */
async function snapshot(applicationId: string) {
  return {
    app: await q('SELECT status, stage, mod_time FROM applications WHERE application_id = $1', [applicationId]),
    tasks: await q(
      'SELECT task_id, progress, assigned_to, assigned_at FROM tasks WHERE application_id = $1 ORDER BY task_id',
      [applicationId],
    ),
    assignments: await q('SELECT count(*)::int AS n FROM assignments WHERE application_id = $1', [applicationId]),
    notifications: await q("SELECT count(*)::int AS n FROM notifications WHERE message LIKE '%' || $1 || '%'", [
      applicationId,
    ]),
    worklogs: await q('SELECT count(*)::int AS n FROM worklogs WHERE application_id = $1', [applicationId]),
    audits: await q('SELECT count(*)::int AS n FROM audits WHERE application_id = $1', [applicationId]),
  };
}

const assignAction = (action: 'assign' | 'reassign', who: Login, body: Record<string, unknown>) =>
  call(s.app, 'POST', apiPath('applicationAction', { action }), who, body);

const candidates = (who: Login, purpose: string, applicationId: string, taskId: string, search = '') =>
  call(
    s.app,
    'GET',
    `${API_PATHS.userCandidates}?${new URLSearchParams({ purpose, application_id: applicationId, taskId, ...(search ? { search } : {}) })}`,
    who,
  );

const configs = (who: Login, applicationId: string, taskId: string) =>
  call(s.app, 'GET', `${API_PATHS.taskConfigs}?application_id=${applicationId}&taskId=${taskId}`, who);

/** The officer's reads of an application's notes, documents and audits: their status codes. */
async function officerReads(applicationId: string): Promise<number[]> {
  const paths = [
    apiPath('applicationNotes', { applicationId }),
    apiPath('applicationDocuments', { applicationId }),
    `${API_PATHS.getAudits}?application_id=${applicationId}`,
  ];
  return Promise.all(paths.map(async (p) => (await call(s.app, 'GET', p, officer)).statusCode));
}

const ROW_ACTIONS = ['AssignToSelf', 'Assign', 'Reassign'];

describe("PL-2026-000116: a team lead and another branch's queued task", () => {
  const id = 'PL-2026-000116';

  it('he may open it (he held its earlier steps) but not assign it to his officer: 403, nothing changes', async () => {
    const tasks = await q<{ task_id: string; progress: string; assigned_to: string | null; assigned_team: Team[] }>(
      'SELECT task_id, progress, assigned_to, assigned_team FROM tasks WHERE application_id = $1 ORDER BY step_number',
      [id],
    );
    const open = tasks.at(-1);
    assert.ok(open && tasks.length > 1);
    assert.deepEqual(
      { progress: open.progress, assignedTo: open.assigned_to, team: open.assigned_team },
      { progress: 'Pending', assignedTo: null, team: [{ type: 'HIERARCHY', id: 'TEAM-PUNE-CENTRAL' }] },
    );
    for (const earlier of tasks.slice(0, -1)) assert.equal(earlier.assigned_to, LEAD);
    assert.equal((await call(s.app, 'GET', apiPath('application', { applicationId: id }), lead)).statusCode, 200);
    assert.deepEqual(await officerReads(id), [403, 403, 403]);

    const before = await snapshot(id);
    const reason =
      "the task's team (TEAM-PUNE-CENTRAL) is not one of yours; TEAM_APPLICATIONS_ASSIGN reaches only tasks of your teams";
    const body = { application_id: id, taskId: open.task_id, assignTo: OFFICER };
    const assigned = await assignAction('assign', lead, body);
    assert.equal(assigned.statusCode, 403, assigned.body);
    assert.deepEqual(assigned.json(), { code: 403, message: `You may not assign this application: ${reason}` });
    // Nor himself, nor by reassign; the picker offers nobody and says why.
    assert.equal((await assignAction('assign', lead, { ...body, assignTo: LEAD })).statusCode, 403);
    assert.equal((await assignAction('reassign', lead, body)).statusCode, 403);
    const picker = await candidates(lead, 'assign', id, open.task_id);
    assert.equal(picker.statusCode, 403);
    assert.equal(picker.json().message, `You may not assign this application: ${reason}`);
    // getConfigs offers him neither.
    const c = (await configs(lead, id, open.task_id)).json<{ actions: string[]; taskActions: string[] }>();
    assert.deepEqual(
      c.actions.filter((a) => a === 'assign' || a === 'reassign'),
      [],
    );
    assert.deepEqual(
      c.taskActions.filter((a) => ROW_ACTIONS.includes(a)),
      [],
    );

    assert.deepEqual(await snapshot(id), before);
    assert.deepEqual(await officerReads(id), [403, 403, 403]);
  });

  it('an ALL_APPLICATIONS_ASSIGN holder may assign it to the officer, who then reads it', async () => {
    const [open] = await q<{ task_id: string }>(
      "SELECT task_id FROM tasks WHERE application_id = $1 AND progress = 'Pending'",
      [id],
    );
    assert.ok(open);
    const res = await assignAction('assign', admin, { application_id: id, taskId: open.task_id, assignTo: OFFICER });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await officerReads(id), [200, 200, 200]);
  });
});

describe('the assignment cases (ASSIGN_CASES) against the server', () => {
  /** Seeded ACTIVE applications with an open staff task, one per case. */
  let tasks: { application_id: string; task_id: string }[] = [];
  before(async () => {
    tasks = await q<{ application_id: string; task_id: string }>(
      `SELECT t.application_id, t.task_id FROM tasks t JOIN applications a USING (application_id)
        WHERE a.status = 'ACTIVE' AND t.progress IN ('Pending', 'In Progress') AND t.type <> 'CUST_FLOW'
          AND a.application_id LIKE '%-2026-%' AND a.application_id <> 'PL-2026-000116'
        ORDER BY t.application_id`,
    );
    assert.ok(tasks.length >= ASSIGN_CASES.length, `${tasks.length} open tasks for ${ASSIGN_CASES.length} cases`);
  });

  const setTeams = async (userid: string, teams: readonly Team[]) => {
    await q('DELETE FROM user_teams WHERE user_id = $1', [userid]);
    for (const t of teams) {
      await q('INSERT INTO user_teams (user_id, team_id, all_teams) VALUES ($1, $2, $3)', [
        userid,
        t.id,
        t.allTeams ?? false,
      ]);
    }
  };

  ASSIGN_CASES.forEach((c, n) => {
    it(c.name, async () => {
      const t = tasks[n];
      assert.ok(t);
      // The lead is the caller, with the case's permissions and teams; the officer is any other target. An
      // allowed user of the task, the lead may open it whatever its team (as he could PL-2026-000116).
      await q('UPDATE users SET roles = $2::jsonb WHERE userid = $1', [LEAD, JSON.stringify(c.roles)]);
      await setTeams(LEAD, c.callerTeams);
      if (c.target !== 'self') await setTeams(OFFICER, c.target);
      const assign = c.action === 'assign';
      await q(
        `UPDATE tasks SET assigned_team = $2::jsonb, assigned_to = $3, progress = $4, allowed_users = $5::jsonb,
                callback_requested = false
          WHERE task_id = $1`,
        [
          t.task_id,
          JSON.stringify(c.taskTeams),
          assign ? null : APPROVER,
          assign ? 'Pending' : 'In Progress',
          JSON.stringify([LEAD]),
        ],
      );
      const targetId = c.target === 'self' ? LEAD : OFFICER;

      // What the detail offers him is what the row menu offers (shared taskActionsFor on the server).
      const offered = (await configs(lead, t.application_id, t.task_id)).json<{ taskActions: string[] }>();
      assert.deepEqual(
        offered.taskActions.filter((a) => ROW_ACTIONS.includes(a)),
        c.offered,
      );
      // The picker: refused with the reason where the action is not offered, else it lists the target
      // exactly when the action accepts them.
      // The picker lists the first matches: searching the target's name keeps them among those.
      const [target] = await q<{ display_name: string }>('SELECT display_name FROM users WHERE userid = $1', [
        targetId,
      ]);
      const picker = await candidates(lead, c.action, t.application_id, t.task_id, target?.display_name);
      if (c.offered.length === 0) {
        assert.equal(picker.statusCode, 403, picker.body);
        assert.equal(picker.json().message, `You may not ${c.action} this application: ${c.refused}`);
      } else {
        assert.equal(picker.statusCode, 200, picker.body);
        const ids = (picker.json().users as { userid: string }[]).map((u) => u.userid);
        assert.equal(ids.includes(targetId), c.refused === null, ids.join(', '));
      }

      const before = await snapshot(t.application_id);
      const res = await assignAction(c.action, lead, {
        application_id: t.application_id,
        taskId: t.task_id,
        assignTo: targetId,
      });
      if (c.refused === null) {
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().assignedTo, targetId);
      } else {
        assert.equal(res.statusCode, 403, res.body);
        assert.ok(res.json().message.endsWith(`: ${c.refused}`), res.body);
        assert.deepEqual(await snapshot(t.application_id), before);
      }
    });
  });
});
