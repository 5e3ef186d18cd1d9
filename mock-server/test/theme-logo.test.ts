// The bank's logo in the theme config: an operations admin saves a PNG, JPEG or WebP data URL (never SVG,
// at most 100 KB, the bytes what the URL names); the portal reads it before any session.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, THEME_LOGO_MAX_BYTES } from '@originate/contract';
import { DEFAULT_THEME } from '../src/seed/base';
import { call, type Login, labels, login, opened, startServer, type TestServer } from './helpers';

let s: TestServer;
let officer: Login;
let admin: Login;

before(async () => {
  s = await startServer();
  officer = await login(s.app, 'officer');
  admin = await login(s.app, 'opsadmin');
});
after(() => s.close());

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) =>
  `data:image/png;base64,${Buffer.from([...PNG_HEADER, ...new Array(size - PNG_HEADER.length).fill(7)]).toString('base64')}`;
const branding = async () => {
  const res = await call(s.app, 'GET', API_PATHS.portalBranding);
  assert.equal(res.statusCode, 200);
  return res.json() as { logo: string | null; bankTimeZone: string };
};

describe('the theme config’s logo', () => {
  it('none seeded: the portal’s branding answers null, without a session', async () => {
    assert.deepEqual(await branding(), { logo: null, bankTimeZone: 'Asia/Kolkata' });
  });

  it('an ops admin saves a PNG logo: the theme and the public branding carry it; removing it clears it', async () => {
    const logo = png();
    const res = await call(s.app, 'PUT', '/setup/configs/Theme/Default', admin, { ...DEFAULT_THEME, logo });
    assert.equal(res.statusCode, 200);
    assert.equal((await opened(await call(s.app, 'GET', '/api/getCustomeStyle', officer), officer)).logo, logo);
    assert.deepEqual(await branding(), { logo, bankTimeZone: 'Asia/Kolkata' });

    assert.equal((await call(s.app, 'PUT', '/setup/configs/Theme/Default', admin, DEFAULT_THEME)).statusCode, 200);
    assert.deepEqual(await branding(), { logo: null, bankTimeZone: 'Asia/Kolkata' });
  });

  it('refuses SVG, a disguised SVG, a URL and an image over the cap, naming logo; nothing changes', async () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;
    const disguised = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const cases: [unknown, RegExp][] = [
      [svg, /no SVG/],
      [disguised, /must be the PNG image its data URL names/],
      ['https://evil.example/logo.png', /data URL/],
      [png(THEME_LOGO_MAX_BYTES + 3), /at most 100 KB/],
      [{ src: png() }, /data URL/],
    ];
    for (const [logo, reason] of cases) {
      const res = await call(s.app, 'PUT', '/setup/configs/Theme/Default', admin, { ...DEFAULT_THEME, logo });
      assert.equal(res.statusCode, 400, String(logo).slice(0, 40));
      assert.deepEqual(labels(res), ['logo']);
      assert.match(res.json().errors[0].reason, reason);
    }
    assert.deepEqual(await branding(), { logo: null, bankTimeZone: 'Asia/Kolkata' });
  });

  it('only an operations admin saves one', async () => {
    const body = { ...DEFAULT_THEME, logo: png() };
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Theme/Default', officer, body)).statusCode, 403);
    assert.equal((await call(s.app, 'PUT', '/setup/configs/Theme/Default', undefined, body)).statusCode, 401);
    assert.deepEqual(await branding(), { logo: null, bankTimeZone: 'Asia/Kolkata' });
  });
});
