import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignRefusal, DEFAULT_LOGIN_KEY } from '@originate/contract';
import { TEAM_ACCESS_CASES } from '@originate/contract/cases';
import { loadConfig } from '../src/config';
import { type Actor, canAccessApplication, type TaskAccess } from '../src/modules/applications/access';
import { validateConfigValue } from '../src/modules/configs/value-rules';

const mumbai = [
  { type: 'HIERARCHY' as const, id: 'MUM' },
  { type: 'DEPT' as const, id: 'RETAIL' },
];
const officer: Actor = { userid: 'U1', userName: 'officer', roles: ['CPA'], teams: mumbai };
const task = (over: Partial<TaskAccess> = {}): TaskAccess => ({
  assignedTo: null,
  assignedTeam: [],
  allowedUsers: [],
  ...over,
});

describe('canAccessApplication', () => {
  it('lets the assignee, a team member and an allowed user in', () => {
    assert.equal(canAccessApplication(officer, [task({ assignedTo: 'U1' })]), true);
    assert.equal(canAccessApplication(officer, [task({ assignedTeam: [{ type: 'DEPT', id: 'RETAIL' }] })]), true);
    assert.equal(canAccessApplication(officer, [task({ allowedUsers: ['officer'] })]), true);
  });
  it('keeps others out unless they hold an ALL_APPLICATIONS_* permission', () => {
    const pune = [task({ assignedTo: 'U9', assignedTeam: [{ type: 'HIERARCHY', id: 'PUNE' }] })];
    assert.equal(canAccessApplication(officer, pune), false);
    assert.equal(canAccessApplication({ ...officer, roles: ['ALL_APPLICATIONS_REASSIGN'] }, pune), true);
  });
  it('team access: the same cases as shared inTaskTeam (one matching team of the task is enough)', () => {
    for (const c of TEAM_ACCESS_CASES) {
      const actor = { ...officer, teams: c.userTeams };
      assert.equal(canAccessApplication(actor, [task({ assignedTeam: c.taskTeams })]), c.inTeam, c.name);
      const self = { ...actor, roles: ['TEAM_APPLICATIONS_ASSIGN_SELF'] };
      assert.equal(assignRefusal('assign', self, c.taskTeams, self) === null, c.inTeam, c.name);
    }
  });
});

describe('validateConfigValue', () => {
  const theme = {
    primaryColor: '#0b3d91',
    secondaryColor: '#f2a900',
    backgroundColor: '#ffffff',
    surfaceColor: '#fafafa',
  };
  it('accepts a complete theme and names each bad colour', () => {
    assert.deepEqual(validateConfigValue('Theme', 'Default', theme), []);
    assert.deepEqual(
      validateConfigValue('Theme', 'Default', {
        ...theme,
        primaryColor: 'blue',
        typography: { primaryColor: '#12345' },
      }),
      [
        { label: 'primaryColor', reason: 'must be a colour in #rrggbb form' },
        { label: 'typography.primaryColor', reason: 'must be a colour in #rrggbb form' },
      ],
    );
    assert.deepEqual(validateConfigValue('Theme', 'Dark', { ...theme, surfaceColor: undefined, extra: 1 }), [
      { label: 'extra', reason: 'is not allowed' },
      { label: 'surfaceColor', reason: 'is required' },
    ]);
  });
  it('checks features, domain and admin configurations', () => {
    assert.deepEqual(validateConfigValue('Admin', 'Features', { MultiLingual: 'yes', ApplicationFormPreview: true }), [
      { label: 'MultiLingual', reason: 'must be true or false' },
    ]);
    assert.deepEqual(validateConfigValue('Environment', 'Domain', [{ customerportal: 'ftp://x' }]), [
      { label: '[0].customerportal', reason: 'must be an absolute http(s) URL' },
    ]);
    assert.deepEqual(validateConfigValue('Admin', 'Configurations', { chatbotScriptUrl: null }), []);
    assert.deepEqual(validateConfigValue('Other', 'Thing', 5), [
      { label: 'body', reason: 'must be a JSON object or list' },
    ]);
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 4000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.accessTokenTtlSeconds, 900);
    assert.equal(c.refreshTokenTtlSeconds, 28800);
    assert.equal(c.loginKey, DEFAULT_LOGIN_KEY);
    assert.equal(c.customerPortalUrl, 'http://127.0.0.1:3000/newapplication?product=PL');
    assert.equal(c.corsOrigins.length, 14);
    assert.ok(c.corsOrigins.includes('http://localhost:3006'));
    assert.match(c.dataDir, /mock-server\/\.data\/pglite$/);
  });
  it('accepts a comma list of origins and rejects bad values naming the variable', () => {
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'http://a.test:1, http://b.test:2' }).corsOrigins, [
      'http://a.test:1',
      'http://b.test:2',
    ]);
    assert.throws(() => loadConfig({ SERVER_PORT: 'abc' }), /SERVER_PORT/);
    assert.throws(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '0' }), /ACCESS_TOKEN_TTL_SECONDS/);
    assert.throws(() => loadConfig({ LOGIN_KEY: 'short' }), /LOGIN_KEY/);
    assert.throws(() => loadConfig({ CORS_ORIGINS: 'not an origin' }), /CORS_ORIGINS/);
  });
});
