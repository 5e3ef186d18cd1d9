// Settings › History and Users' search: GET /setup/audits pages the configuration changes newest first (who,
// when, what it replaced and became), filtered by kind, admins only; GET /v3/users?search= finds users by
// name or user name and pages them; a consent's new wording saved as a new version shows in both the public
// consent set and the history.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  CONSENT_CONFIG_TYPE,
  type ConfigAuditsAnswer,
  type ConsentSet,
  type ConsentSetAnswer,
  type UsersPageAnswer,
} from '@originate/contract';
import { issues } from './flow-helpers';
import { call, type Login, login, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let admin: Login;
let officer: Login;
before(async () => {
  s = await startServer();
  admin = await login(s.app, 'opsadmin');
  officer = await login(s.app, 'officer');
});
after(() => s.close());

const consentUrl = (product: string) => apiPath('setupConfig', { type: CONSENT_CONFIG_TYPE, name: product });
const history = async (query = '') => {
  const res = await call(s.app, 'GET', `${API_PATHS.configAudits}${query}`, admin);
  assert.equal(res.statusCode, 200, res.body);
  // Answers under /setup/ come enveloped, encrypted with the caller's token.
  return opened<ConfigAuditsAnswer>(res, admin);
};

describe('GET /setup/audits', () => {
  it("a consent's new wording, saved as a new version, is what applicants read and the newest history row", async () => {
    const stored = await opened<ConsentSet>(await call(s.app, 'GET', consentUrl('PL'), admin), admin);
    const [first, ...rest] = stored.consents;
    assert.ok(first);
    const sameVersion = { ...stored, consents: [{ ...first, text: `${first.text} (revised)` }, ...rest] };
    assert.deepEqual(issues(await call(s.app, 'PUT', consentUrl('PL'), admin, sameVersion)), [
      {
        label: 'consents[0].version',
        reason: `must be higher than ${first.version}: the wording of '${first.consentId}' changed`,
      },
    ]);
    const next = {
      ...stored,
      consents: [{ ...first, text: `${first.text} (revised)`, version: first.version + 1 }, ...rest],
    };
    const saved = await call(s.app, 'PUT', consentUrl('PL'), admin, next);
    assert.equal(saved.statusCode, 200, saved.body);

    const published = (await call(s.app, 'GET', apiPath('consentSet', { productCode: 'PL' }))).json<ConsentSetAnswer>();
    assert.equal(published.consents[0]?.version, first.version + 1);
    assert.match(published.consents[0]?.text ?? '', /\(revised\)$/);

    const page = await history('?kind=CONFIG&size=5');
    const [newest] = page.items;
    assert.equal(newest?.key, `${CONSENT_CONFIG_TYPE}/PL`);
    assert.deepEqual(newest?.before, stored);
    assert.deepEqual(newest?.after, next);
    assert.equal(newest?.userid, admin.user.userid);
    assert.equal(newest?.userName, admin.user.displayName);
    assert.ok(page.items.every((i) => i.kind === 'CONFIG'));
  });

  it('pages newest first: each page its own rows, the count of them all', async () => {
    const body = { roles: ['CPA'], teams: [] };
    for (const roles of [['CPA'], ['CPA', 'BCM'], ['CPA']]) {
      const res = await call(s.app, 'PUT', apiPath('userAccess', { userid: officer.user.userid }), admin, {
        ...body,
        roles,
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    const one = await history('?kind=USER_ACCESS&size=5&page=1');
    assert.equal(one.count, 3);
    assert.deepEqual(
      one.items.map((i) => (i.after as { roles: string[] }).roles),
      [['CPA'], ['CPA', 'BCM'], ['CPA']],
    );
    assert.ok(one.items.every((i, n) => n === 0 || (one.items[n - 1]?.id ?? 0) > i.id));
    const all = await history('?size=5');
    assert.ok(all.count >= 4);
    const second = await history('?size=5&page=2');
    assert.deepEqual(
      second.items.map((i) => i.id),
      (await history('?size=10')).items.slice(5).map((i) => i.id),
    );
  });

  it('refuses an unknown kind and extra fields by name; an officer may not read it', async () => {
    const wrong = await call(s.app, 'GET', `${API_PATHS.configAudits}?kind=COLOUR`, admin);
    assert.equal(issues(wrong)[0]?.label, 'kind');
    const extra = await call(s.app, 'GET', `${API_PATHS.configAudits}?colour=red`, admin);
    assert.deepEqual(issues(extra), [{ label: 'colour', reason: 'is not allowed' }]);
    const denied = await call(s.app, 'GET', API_PATHS.configAudits, officer);
    assert.equal(denied.statusCode, 403, denied.body);
  });
});

describe('GET /v3/users?search=', () => {
  const users = async (query: string) => {
    const res = await call(s.app, 'GET', `${API_PATHS.users}?${query}`, admin);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<UsersPageAnswer>();
  };

  it('finds users by part of their name or user name, any case, and pages what it found', async () => {
    const byUserName = await users('search=OFFIC&size=100');
    assert.ok(byUserName.users.some((u) => u.userid === officer.user.userid));
    assert.ok(byUserName.users.every((u) => /offic/i.test(`${u.displayName} ${u.userName}`)));
    const part = officer.user.displayName.split(' ')[0] ?? '';
    const byName = await users(`search=${encodeURIComponent(part.toLowerCase())}&size=100`);
    assert.ok(byName.users.some((u) => u.userid === officer.user.userid));
    assert.equal(byName.count, byName.users.length);

    const everyone = await users('size=5&page=1');
    const second = await users('size=5&page=2');
    assert.equal(everyone.count, second.count);
    assert.ok(everyone.count > 5);
    assert.deepEqual(
      second.users.map((u) => u.userid),
      (await users('size=10')).users.slice(5).map((u) => u.userid),
    );
    const none = await users('search=%25_nobody_%25');
    assert.deepEqual([none.count, none.users], [0, []]);
  });

  it('refuses a search over 100 characters, or not well-formed, by name', async () => {
    for (const search of ['a'.repeat(101), '%ED%A0%80', '%FF%FE']) {
      const res = await call(s.app, 'GET', `${API_PATHS.users}?search=${search}`, admin);
      assert.equal(issues(res)[0]?.label, 'search', search);
    }
  });
});
