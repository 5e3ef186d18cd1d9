import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
    assert.deepEqual(await opened(res, officer), { chatbotScriptUrl: null, portalAppName: 'originate-backoffice' });
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
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Analytics/Reports', admin, custom)).statusCode, 200);
    assert.deepEqual(
      await opened(await call(s.app, 'GET', '/setup/configs/Analytics/Reports', officer), officer),
      custom,
    );
    const text = await s.app.inject({
      method: 'PUT',
      url: '/setup/configs/Analytics/Reports',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '"text"',
    });
    assert.deepEqual(labels(text), ['body']);
  });
});
