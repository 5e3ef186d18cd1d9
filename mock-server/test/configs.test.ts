import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import { DEFAULT_FEATURES, DEFAULT_THEME } from '../src/seed/base';
import { call, type Login, labels, login, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;

before(async () => {
  s = await startServer({ CUSTOMER_PORTAL_URL: 'http://127.0.0.1:3100/newapplication?product=HL' });
  officer = await login(s.app, 'officer');
  admin = await login(s.app, 'opsadmin');
});
after(() => s.close());

describe('read routes', () => {
  it('GET /api/getCustomeStyle: the seeded theme; 401 without token', async () => {
    const theme = await opened(await call(s.app, 'GET', '/api/getCustomeStyle', officer), officer);
    assert.deepEqual(theme, DEFAULT_THEME);
    assert.equal(theme.primaryColor, '#0d3b66');
    assert.equal((await call(s.app, 'GET', '/api/getCustomeStyle')).statusCode, 401);
  });

  it('GET /setup/configs/Admin/Features', async () => {
    assert.deepEqual(
      await opened(await call(s.app, 'GET', '/setup/configs/Admin/Features', officer), officer),
      DEFAULT_FEATURES,
    );
    assert.equal((await call(s.app, 'GET', '/setup/configs/Admin/Features')).statusCode, 401);
  });

  it('GET /setup/configs/Environment/Domain is public and follows CUSTOMER_PORTAL_URL', async () => {
    const res = await call(s.app, 'GET', '/setup/configs/Environment/Domain');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), [{ customerportal: 'http://127.0.0.1:3100/newapplication?product=HL' }]);
  });

  it('GET /api/getAdminConfigurations', async () => {
    const res = await call(s.app, 'GET', '/api/getAdminConfigurations', officer);
    assert.deepEqual(await opened(res, officer), {
      chatbotScriptUrl: null,
      portalAppName: 'originate-backoffice',
      bankTimeZone: 'Asia/Kolkata',
    });
    assert.equal((await call(s.app, 'GET', '/api/getAdminConfigurations')).statusCode, 401);
  });

  it('GET /setup/configs/{type}/{name}: any stored config, 404 unknown, 400 bad names', async () => {
    assert.deepEqual(
      await opened(await call(s.app, 'GET', '/setup/configs/Theme/Default', officer), officer),
      DEFAULT_THEME,
    );
    assert.equal((await call(s.app, 'GET', '/setup/configs/Nope/Nothing', officer)).statusCode, 404);
    assert.deepEqual(labels(await call(s.app, 'GET', '/setup/configs/Bad%20Type/x', officer)), ['type']);
    assert.equal((await call(s.app, 'GET', '/setup/configs/Theme/Default')).statusCode, 401);
  });
});

describe('PUT /setup/configs/{type}/{name}', () => {
  const theme = { ...DEFAULT_THEME, primaryColor: '#1b5e20' };

  it('an ops admin changes the theme; everyone reads the new one', async () => {
    const res = await call(s.app, 'PUT', '/setup/configs/Theme/Default', admin, theme);
    assert.equal(res.statusCode, 200);
    assert.equal(
      (await opened(await call(s.app, 'GET', '/api/getCustomeStyle', officer), officer)).primaryColor,
      '#1b5e20',
    );
  });

  it('a non-admin: 403; no token: 401', async () => {
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Theme/Default', officer, theme)).statusCode, 403);
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Theme/Default', undefined, theme)).statusCode, 401);
  });

  it('bad colours are named field by field and nothing changes', async () => {
    const res = await call(s.app, 'PUT', '/setup/configs/Theme/Default', admin, {
      ...theme,
      primaryColor: 'red',
      surfaceColor: '#fff',
    });
    assert.deepEqual(labels(res), ['primaryColor', 'surfaceColor']);
    assert.equal(res.json().errors[0].reason, 'must be a colour in #rrggbb form');
    assert.equal(
      (await opened(await call(s.app, 'GET', '/api/getCustomeStyle', officer), officer)).primaryColor,
      '#1b5e20',
    );
  });

  it('validates features and domain; stores unknown configs as given', async () => {
    assert.deepEqual(labels(await call(s.app, 'PUT', '/setup/configs/Admin/Features', admin, { MultiLingual: 1 })), [
      'MultiLingual',
      'ApplicationFormPreview',
    ]);
    const domain = [{ customerportal: 'http://127.0.0.1:3000/newapplication?product=CL' }];
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Environment/Domain', admin, domain)).statusCode, 200);
    assert.deepEqual((await call(s.app, 'GET', '/setup/configs/Environment/Domain')).json(), domain);
    const custom = { reports: ['disbursals'] };
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Analytics/Disbursals', admin, custom)).statusCode, 200);
    assert.deepEqual(
      await opened(await call(s.app, 'GET', '/setup/configs/Analytics/Disbursals', officer), officer),
      custom,
    );
    // Analytics/Reports configures the dashboard, which reads it as ReportsConfigSchema: a save is checked against it.
    assert.deepEqual(labels(await call(s.app, 'PUT', '/setup/configs/Analytics/Reports', admin, custom)), [
      'dashboard',
      'reports[0]',
    ]);
    const text = await s.app.inject({
      method: 'PUT',
      url: '/setup/configs/Analytics/Disbursals',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '"text"',
    });
    assert.deepEqual(labels(text), ['body']);
  });

  it('a key with a line break is answered like any other: a stored config and a translation', async () => {
    const notes = { 'Line one\nLine two': 'kept', plain: 'kept' };
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Analytics/Notes', admin, notes)).statusCode, 200);
    assert.deepEqual(await opened(await call(s.app, 'GET', '/setup/configs/Analytics/Notes', officer), officer), notes);
    const texts = ['Line one\nLine two', 'Line\u2028separated'];
    const t = await call(s.app, 'POST', `${API_PATHS.translate}?lang=en`, undefined, { texts });
    assert.deepEqual(t.json().translations, Object.fromEntries(texts.map((text) => [text, text])));
  });
});

describe('GET /setup/configs/{type}/{name}?isenabled=true&configId=', () => {
  const actions = [
    { configId: 'approve', label: 'Approve', isEnabled: true },
    { configId: 'hold', label: 'Put on hold', isEnabled: false },
    { configId: 7, label: 'Send back' },
  ];
  const read = (query: string) => call(s.app, 'GET', `/setup/configs/Action/Actions${query}`, officer);

  before(async () => {
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Action/Actions', admin, actions)).statusCode, 200);
  });

  it('no query: every entry; isenabled=true: only enabled ones (no flag counts as enabled); false: all', async () => {
    assert.deepEqual(await opened(await read(''), officer), actions);
    assert.deepEqual(await opened(await read('?isenabled=true'), officer), [actions[0], actions[2]]);
    assert.deepEqual(await opened(await read('?isenabled=false'), officer), actions);
  });

  it('configId answers the one entry (numbers match by their text); with isenabled=true a disabled one is 404', async () => {
    assert.deepEqual(await opened(await read('?configId=hold'), officer), actions[1]);
    assert.deepEqual(await opened(await read('?configId=7'), officer), actions[2]);
    assert.deepEqual(await opened(await read('?configId=approve&isenabled=true'), officer), actions[0]);
    const disabled = await read('?configId=hold&isenabled=true');
    assert.equal(disabled.statusCode, 404);
    assert.equal(disabled.json().message, 'Config Action/Actions has no enabled entry with configId hold');
    assert.equal((await read('?configId=nope')).statusCode, 404);
  });

  it('a single-object config is its own entry; the named routes take the same query', async () => {
    const features = '/setup/configs/Admin/Features';
    assert.deepEqual(
      await opened(await call(s.app, 'GET', `${features}?isenabled=true`, officer), officer),
      DEFAULT_FEATURES,
    );
    assert.equal((await call(s.app, 'GET', `${features}?configId=x`, officer)).statusCode, 404);
    const report = { configId: 'r1', isEnabled: false, name: 'Disbursals' };
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Analytics/Daily', admin, report)).statusCode, 200);
    assert.deepEqual(
      await opened(await call(s.app, 'GET', '/setup/configs/Analytics/Daily?configId=r1', officer), officer),
      report,
    );
    const off = await call(s.app, 'GET', '/setup/configs/Analytics/Daily?isenabled=true', officer);
    assert.equal(off.statusCode, 404);
    assert.equal(off.json().message, 'Config Analytics/Daily is not enabled');
    const domain = await call(s.app, 'GET', '/setup/configs/Environment/Domain?isenabled=true');
    assert.equal(domain.statusCode, 200);
    assert.equal(domain.json().length, 1);
  });

  it('bad query: 400 1101 naming the field; extra fields refused; no token: 401', async () => {
    assert.deepEqual(labels(await read('?isenabled=yes')), ['isenabled']);
    assert.deepEqual(labels(await read('?isenabled=1')), ['isenabled']);
    assert.deepEqual(labels(await read('?configId=a%20b')), ['configId']);
    assert.deepEqual(labels(await read(`?configId=${'x'.repeat(65)}`)), ['configId']);
    assert.deepEqual(labels(await read('?isenabled=true&isAdmin=true')), ['isAdmin']);
    assert.deepEqual(labels(await read('?configId=a&configId=b')), ['configId']);
    assert.deepEqual(labels(await call(s.app, 'GET', '/setup/configs/Admin/Features?enabled=true', officer)), [
      'enabled',
    ]);
    assert.deepEqual(labels(await call(s.app, 'GET', '/setup/configs/Environment/Domain?isenabled=maybe')), [
      'isenabled',
    ]);
    assert.equal((await read('?isenabled=yes')).json().errors[0].reason, 'must be one of "true", "false"');
    assert.equal((await call(s.app, 'GET', '/setup/configs/Action/Actions?isenabled=true')).statusCode, 401);
    assert.equal((await call(s.app, 'GET', '/setup/configs/Admin/Features?isenabled=true')).statusCode, 401);
  });

  it('PUT refuses entries a selection could not tell apart: duplicate or malformed configId, non-boolean isEnabled', async () => {
    const res = await call(s.app, 'PUT', '/setup/configs/Action/Actions', admin, [
      { configId: 'a', isEnabled: 'yes' },
      { configId: 'a' },
      { configId: 'b c' },
      { configId: 1.5 },
    ]);
    assert.deepEqual(labels(res), ['[0].isEnabled', '[1].configId', '[2].configId', '[3].configId']);
    assert.equal(res.json().errors[1].reason, 'is used by another entry');
    assert.deepEqual(await opened(await read(''), officer), actions, 'nothing changed');
  });
});
