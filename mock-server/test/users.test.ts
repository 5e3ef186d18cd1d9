import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, type Login, labels, login, loginStaff, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let lead: Login;
let admin: Login;
let approver: Login;

before(async () => {
  // The demo people only: generated staff (SEED_APPLICATIONS) would change the counts asserted below.
  s = await startServer({ SEED_APPLICATIONS: '0' });
  ({ officer, lead, admin, approver } = await loginStaff(s.app));
});
after(() => s.close());

async function shortToken(who: Login): Promise<string> {
  return (await call(s.app, 'POST', '/tokenApi/getToken', who)).json().token;
}

describe('GET /v3/users/{userid}', () => {
  it('self: 200; another user: 403; ops admin: anyone, 404 for unknown', async () => {
    const self = await call(s.app, 'GET', `/v3/users/${officer.user.userid}`, officer);
    assert.equal(self.statusCode, 200);
    assert.equal(self.json().userName, 'officer');
    assert.equal(self.json().password_hash, undefined);
    assert.equal((await call(s.app, 'GET', `/v3/users/${lead.user.userid}`, officer)).statusCode, 403);
    const byAdmin = await call(s.app, 'GET', `/v3/users/${officer.user.userid}`, admin);
    assert.equal(byAdmin.json().displayName, 'Rahul Verma');
    assert.equal((await call(s.app, 'GET', '/v3/users/USR-9999', admin)).statusCode, 404);
  });
  it('bad id: 400 naming userid; no token: 401', async () => {
    assert.deepEqual(labels(await call(s.app, 'GET', '/v3/users/bad%20id', admin)), ['userid']);
    assert.equal((await call(s.app, 'GET', '/v3/users/USR-1001')).statusCode, 401);
  });
});

describe('GET /v3/users/teams', () => {
  it('answers every team by name with its parent and size, teams nobody is in included', async () => {
    const res = await call(s.app, 'GET', '/v3/users/teams', officer);
    assert.equal(res.statusCode, 200);
    const teams: { id: string; name: string; parentId: string | null; memberCount: number }[] = res.json().teams;
    const stored = await s.app.ctx.db.query<{ id: string; members: number }>(
      'SELECT t.id, (SELECT count(*)::int FROM user_teams ut WHERE ut.team_id = t.id) AS members FROM teams t',
    );
    assert.deepEqual(teams.map((t) => t.id).sort(), stored.map((r) => r.id).sort());
    assert.deepEqual(
      Object.fromEntries(teams.map((t) => [t.id, t.memberCount])),
      Object.fromEntries(stored.map((r) => [r.id, r.members])),
    );
    const mumbaiWest = teams.find((t) => t.id === 'TEAM-MUM-WEST');
    assert.equal(mumbaiWest?.parentId, 'TEAM-WEST-REGION');
    assert.ok(teams.find((t) => t.id === 'TEAM-WEST-REGION')?.name, 'the parent team is offered by name');
    assert.equal((await call(s.app, 'GET', '/v3/users/teams')).statusCode, 401);
  });
});

describe('GET /v3/users/roles and /v3/users/groupsByUserId', () => {
  it('answer the caller’s own roles and teams', async () => {
    const roles = await call(s.app, 'GET', '/v3/users/roles', lead);
    assert.deepEqual(roles.json().roles, lead.user.roles);
    assert.ok(roles.json().roles.includes('TEAM_APPLICATIONS_ASSIGN'));
    const groups = await call(s.app, 'GET', '/v3/users/groupsByUserId', lead);
    const teams = groups.json().teams as { id: string; type: string; isLead: boolean }[];
    assert.deepEqual(teams.map((t) => t.id).sort(), ['TEAM-MUM-WEST', 'TEAM-RETAIL-LENDING']);
    assert.ok(teams.every((t) => t.isLead));
  });
  it('no token: 401; a user without the portal app: 403', async () => {
    assert.equal((await call(s.app, 'GET', '/v3/users/roles')).statusCode, 401);
    assert.equal((await call(s.app, 'GET', '/v3/users/groupsByUserId')).statusCode, 401);
    // The portal app is taken away after login: every non-auth route refuses.
    const dev = await login(s.app, 'debugger');
    await s.app.ctx.db.query(`UPDATE users SET applications = '["other"]' WHERE userid = $1`, [dev.user.userid]);
    const res = await call(s.app, 'GET', '/v3/users/roles', dev);
    assert.deepEqual(res.json(), { code: 403, message: 'Access denied. Your account is not enabled for this portal.' });
    assert.equal((await call(s.app, 'POST', '/v3/auth/logout', dev)).statusCode, 200);
  });
});

describe('GET /v3/users', () => {
  it('ops admin lists everyone; a team lead lists the members of led teams; others 403', async () => {
    const all = await call(s.app, 'GET', '/v3/users?page=1&size=50', admin);
    assert.equal(all.statusCode, 200);
    assert.equal(all.json().count, 9);
    const team = await call(s.app, 'GET', '/v3/users', lead);
    assert.deepEqual(
      team
        .json()
        .users.map((u: { userName: string }) => u.userName)
        .sort(),
      ['officer', 'teamlead'],
    );
    const paged = await call(s.app, 'GET', '/v3/users?page=2&size=5', admin);
    assert.equal(paged.json().users.length, 4);
    assert.equal((await call(s.app, 'GET', '/v3/users', officer)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', '/v3/users')).statusCode, 401);
  });
  it('bad paging: 400 naming the field', async () => {
    assert.deepEqual(labels(await call(s.app, 'GET', '/v3/users?size=7', admin)), ['size']);
    assert.deepEqual(labels(await call(s.app, 'GET', '/v3/users?page=0', admin)), ['page']);
  });
});

describe('POST /v3/users/update_selected_teams', () => {
  it('stores a subset of the user’s teams', async () => {
    const res = await call(s.app, 'POST', '/v3/users/update_selected_teams', officer, { teams: ['TEAM-MUM-WEST'] });
    assert.deepEqual(res.json(), { selectedTeams: ['TEAM-MUM-WEST'] });
    const groups = await call(s.app, 'GET', '/v3/users/groupsByUserId', officer);
    assert.deepEqual(groups.json().selectedTeams, ['TEAM-MUM-WEST']);
  });
  it('refuses teams the user is not in, and bad input, naming teams', async () => {
    const res = await call(s.app, 'POST', '/v3/users/update_selected_teams', officer, { teams: ['TEAM-OPERATIONS'] });
    assert.deepEqual(labels(res), ['teams']);
    assert.match(res.json().errors[0].reason, /TEAM-OPERATIONS/);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/users/update_selected_teams', officer, { teams: [] })), [
      'teams',
    ]);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/users/update_selected_teams', officer, { teams: [1] })), [
      'teams[0]',
    ]);
    assert.equal(
      (await call(s.app, 'POST', '/v3/users/update_selected_teams', undefined, { teams: ['x'] })).statusCode,
      401,
    );
  });
});

describe('token-guarded team look-ups', () => {
  it('POST /v3/users/getGroup: the caller’s teams; a token of another user is 403; a dead token 400', async () => {
    const res = await call(s.app, 'POST', '/v3/users/getGroup', officer, { token: await shortToken(officer) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().teams.length, 2);
    assert.equal(
      (await call(s.app, 'POST', '/v3/users/getGroup', officer, { token: await shortToken(lead) })).statusCode,
      403,
    );
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/users/getGroup', officer, { token: 'made-up' })), ['token']);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/users/getGroup', officer, {})), ['token']);
    assert.equal((await call(s.app, 'POST', '/v3/users/getGroup', undefined, { token: 'x' })).statusCode, 401);
  });

  it('POST /v3/users/getGroupMembers: members for a member or admin; 403 otherwise', async () => {
    const res = await call(s.app, 'POST', '/v3/users/getGroupMembers', officer, {
      groupid: 'TEAM-MUM-WEST',
      token: await shortToken(officer),
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res
        .json()
        .members.map((m: { userName: string }) => m.userName)
        .sort(),
      ['officer', 'teamlead'],
    );
    const denied = await call(s.app, 'POST', '/v3/users/getGroupMembers', officer, {
      groupid: 'TEAM-OPERATIONS',
      token: await shortToken(officer),
    });
    assert.equal(denied.statusCode, 403);
    const byAdmin = await call(s.app, 'POST', '/v3/users/getGroupMembers', admin, {
      groupid: 'TEAM-PLATFORM',
      token: await shortToken(admin),
    });
    assert.equal(byAdmin.json().members.length, 2);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/users/getGroupMembers', officer, { token: 'x' })), [
      'groupid',
    ]);
    assert.equal(
      (await call(s.app, 'POST', '/v3/users/getGroupMembers', undefined, { groupid: 'x', token: 'x' })).statusCode,
      401,
    );
  });

  it('POST /v3/users/roles: self, team members for a lead, anyone for admin; 403 otherwise', async () => {
    const self = await call(s.app, 'POST', '/v3/users/roles', officer, {
      userName: 'officer',
      token: await shortToken(officer),
    });
    assert.deepEqual(self.json().roles, officer.user.roles);
    const byLead = await call(s.app, 'POST', '/v3/users/roles', lead, {
      userName: 'officer',
      token: await shortToken(lead),
    });
    assert.equal(byLead.statusCode, 200);
    const denied = await call(s.app, 'POST', '/v3/users/roles', officer, {
      userName: 'approver',
      token: await shortToken(officer),
    });
    assert.equal(denied.statusCode, 403);
    const byAdmin = await call(s.app, 'POST', '/v3/users/roles', admin, {
      userName: 'approver',
      token: await shortToken(admin),
    });
    assert.deepEqual(byAdmin.json().roles, approver.user.roles);
    assert.deepEqual(labels(await call(s.app, 'POST', '/v3/users/roles', officer, { userName: '', token: 'x' })), [
      'userName',
    ]);
    assert.equal(
      (await call(s.app, 'POST', '/v3/users/roles', undefined, { userName: 'a', token: 'x' })).statusCode,
      401,
    );
  });

  it('POST /v3/users/getGroupDetailByGroupName: the team, its lead and size', async () => {
    const res = await call(s.app, 'POST', '/v3/users/getGroupDetailByGroupName', officer, {
      team: 'Mumbai West Branch',
      token: await shortToken(officer),
    });
    assert.deepEqual(res.json(), {
      id: 'TEAM-MUM-WEST',
      name: 'Mumbai West Branch',
      type: 'HIERARCHY',
      lead: { userid: 'USR-1002', userName: 'teamlead', displayName: 'Priya Sharma' },
      memberCount: 2,
    });
    const denied = await call(s.app, 'POST', '/v3/users/getGroupDetailByGroupName', officer, {
      team: 'Credit Approvals',
      token: await shortToken(officer),
    });
    assert.equal(denied.statusCode, 403);
    const unknown = await call(s.app, 'POST', '/v3/users/getGroupDetailByGroupName', admin, {
      team: 'No Such Team',
      token: await shortToken(admin),
    });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(
      labels(await call(s.app, 'POST', '/v3/users/getGroupDetailByGroupName', officer, { token: 'x' })),
      ['team'],
    );
    assert.equal((await call(s.app, 'POST', '/v3/users/getGroupDetailByGroupName', undefined, {})).statusCode, 401);
  });
});
