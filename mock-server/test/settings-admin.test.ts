// Settings for an operations admin (README "Settings"): a user's roles and teams set through
// PUT /v3/users/{userid}/access, the theme through PUT /setup/configs/Theme/Default; each change audited
// (config_audits) with the old and new values, refused field by field when wrong, and admins only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, apiPath, DEFAULT_THEME_CONFIG, type User } from '@originate/contract';
import { issues } from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

let s: TestServer;
let admin: Login;
let officer: Login;
before(async () => {
  s = await startServer();
  admin = await login(s.app, 'opsadmin');
  officer = await login(s.app, 'officer');
});
after(() => s.close());

const audits = (kind: string, key: string) =>
  s.app.ctx.db.query<{ old_value: unknown; new_value: unknown; user_id: string }>(
    'SELECT old_value, new_value, user_id FROM config_audits WHERE kind = $1 AND config_key = $2 ORDER BY id',
    [kind, key],
  );

describe('PUT /v3/users/{userid}/access', () => {
  const url = (userid: string) => apiPath('userAccess', { userid });

  it("an admin sets a user's roles and teams: the user reads them at once; audited", async () => {
    const before = (await call(s.app, 'GET', apiPath('user', { userid: officer.user.userid }), officer)).json<User>();
    const body = {
      roles: ['NOTIFICATION', 'CPA', 'BCM'],
      teams: [{ id: 'TEAM-MUM-WEST', allTeams: false }],
    };
    const res = await call(s.app, 'PUT', url(officer.user.userid), admin, body);
    assert.equal(res.statusCode, 200, res.body);
    const saved = res.json<User>();
    assert.deepEqual(saved.roles, body.roles);
    assert.deepEqual(
      saved.teams.map((t) => t.id),
      ['TEAM-MUM-WEST'],
    );
    const [audit] = await audits('USER_ACCESS', officer.user.userid);
    assert.deepEqual(audit?.new_value, body);
    assert.ok(audit);
    assert.deepEqual((audit.old_value as { roles: string[] }).roles, before.roles);
    assert.equal(audit?.user_id, admin.user.userid);
  });

  it('unknown roles and teams, extra fields, and an admin dropping their own ADMIN are refused by field', async () => {
    const wrong = await call(s.app, 'PUT', url(officer.user.userid), admin, {
      roles: ['KING'],
      teams: [],
    });
    assert.equal(issues(wrong)[0]?.label, 'roles[0]');
    const teams = await call(s.app, 'PUT', url(officer.user.userid), admin, {
      roles: ['CPA'],
      teams: [{ id: 'TEAM-NOWHERE', allTeams: false }],
    });
    assert.deepEqual(issues(teams), [{ label: 'teams[0].id', reason: "is not a team of the bank ('TEAM-NOWHERE')" }]);
    const extra = await call(s.app, 'PUT', url(officer.user.userid), admin, { roles: [], teams: [], colour: 1 });
    assert.deepEqual(issues(extra), [{ label: 'colour', reason: 'is not allowed' }]);
    const self = await call(s.app, 'PUT', url(admin.user.userid), admin, { roles: ['CPA'], teams: [] });
    assert.deepEqual(issues(self), [{ label: 'roles', reason: 'must keep ADMIN: an admin cannot remove their own' }]);
  });

  it('an officer may not; an unknown user is 404', async () => {
    const body = { roles: ['CPA'], teams: [] };
    assert.equal((await call(s.app, 'PUT', url(admin.user.userid), officer, body)).statusCode, 403);
    assert.equal((await call(s.app, 'PUT', url('USR-9999'), admin, body)).statusCode, 404);
  });
});

describe('PUT /setup/configs/Theme/Default', () => {
  it('the saved theme is audited with what it replaced', async () => {
    const theme = { ...DEFAULT_THEME_CONFIG, primaryColor: '#6a1b9a' };
    const res = await call(
      s.app,
      'PUT',
      API_PATHS.setupConfig.replace(':type', 'Theme').replace(':name', 'Default'),
      admin,
      theme,
    );
    assert.equal(res.statusCode, 200, res.body);
    const rows = await audits('CONFIG', 'Theme/Default');
    assert.deepEqual(rows.at(-1)?.new_value, theme);
    assert.equal(rows.at(-1)?.user_id, admin.user.userid);
  });
});
