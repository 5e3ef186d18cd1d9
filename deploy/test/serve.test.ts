import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_LOGIN_KEY } from '@originate/shared/node';
import { listApps, resolvePort } from '../src/apps';
import { parseDeclaration } from '../src/manifest';
import { cacheControlFor, createAppServer, IMMUTABLE, isPageRequest, NO_CACHE, parseAppArgs } from '../src/serve';

const NOTIFICATIONS_DECLARATION = {
  requiredRoles: ['NOTIFICATION'],
  slots: { headerBell: './NotificationBell' },
  menu: [{ id: 'notification', label: 'Notification', path: 'notifications', module: './Page', order: 80 }],
};

/** A miniature repo: a built shell, a built remote, and a remote with sources but no build. */
function fixtureRepo(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'deploy-test-'));
  const app = (dir: string, version: string, built: boolean, declaration?: unknown) => {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name: `@originate/${dir}`, version }));
    if (declaration) writeFileSync(path.join(root, dir, 'remote.json'), JSON.stringify(declaration));
    if (!built) return;
    mkdirSync(path.join(root, dir, 'dist', 'chunks'), { recursive: true });
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'main.js', 'index.html', 'chunks/12.abcdef012345.js']) {
      writeFileSync(path.join(root, dir, 'dist', file), file.endsWith('.html') ? `<html>${dir}</html>` : '{}');
    }
  };
  app('shell', '0.1.0', true);
  app('mfe-notifications', '1.4.2', true, NOTIFICATIONS_DECLARATION);
  app('mfe-leads', '0.3.0', false, { requiredRoles: [], menu: [] });
  mkdirSync(path.join(root, 'mock-server'));
  return root;
}

const env = { SERVER_PORT: '4100', SHELL_PORT: '3100', MFE_NOTIFICATIONS_PORT: '3104' };

describe('ports and app discovery', () => {
  it('reads ports from env with the documented defaults', () => {
    assert.equal(resolvePort('MFE_VIDEO_PORT', {}), 3005);
    assert.equal(resolvePort('SHELL_PORT', { SHELL_PORT: '3100' }), 3100);
    assert.throws(() => resolvePort('SHELL_PORT', { SHELL_PORT: 'abc' }), /SHELL_PORT: must be a port number/);
  });

  it('lists only built apps, the shell first', () => {
    const root = fixtureRepo();
    try {
      assert.deepEqual(
        listApps(root, env, { built: true }).map((a) => [a.dir, a.name, a.kind, a.port]),
        [
          ['shell', 'shell', 'host', 3100],
          ['mfe-notifications', 'mfe_notifications', 'remote', 3104],
        ],
      );
      assert.deepEqual(
        listApps(root, env, { built: false }).map((a) => a.dir),
        ['shell', 'mfe-leads', 'mfe-notifications'],
      );
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});

describe('remote.json declaration', () => {
  it('accepts the contract shape', () => {
    assert.deepEqual(parseDeclaration(NOTIFICATIONS_DECLARATION, 'x'), NOTIFICATIONS_DECLARATION);
  });

  it('names the field and the reason when it is wrong', () => {
    assert.throws(() => parseDeclaration({ requiredRoles: 'NOTIFICATION' }, 'r.json'), /r.json: requiredRoles must be/);
    assert.throws(() => parseDeclaration({ menu: [{ id: 'a' }] }, 'r.json'), /menu\[0\]\.label must be a non-empty/);
    assert.throws(() => parseDeclaration({ slots: { footer: './X' } }, 'r.json'), /slots\.footer is not a known slot/);
  });
});

describe('cache policy', () => {
  it('keeps mutable entry files no-cache and hashed chunks immutable', () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'main.js', 'index.html']) {
      assert.equal(cacheControlFor(file), NO_CACHE, file);
    }
    assert.equal(cacheControlFor('chunks/12.abcdef012345.js'), IMMUTABLE);
  });

  it('treats extension-less paths as page navigations', () => {
    assert.equal(isPageRequest('/backstage/application?x=1.2'), true);
    assert.equal(isPageRequest('/chunks/missing.js'), false);
  });

  it('parses --app arguments', () => {
    assert.deepEqual(parseAppArgs(['--app', 'shell', '--app=mfe-notifications']), ['shell', 'mfe-notifications']);
    assert.throws(() => parseAppArgs(['--app']), /--app: needs an app folder name/);
  });
});

describe('app servers', () => {
  let root: string;
  before(() => {
    root = fixtureRepo();
  });
  after(() => rmSync(root, { recursive: true }));

  const server = (dir: string) => {
    const app = listApps(root, env, { built: true }).find((a) => a.dir === dir);
    assert.ok(app);
    return createAppServer(app, { root, env });
  };

  it('serves the runtime env on every origin', async () => {
    for (const dir of ['shell', 'mfe-notifications']) {
      const res = await server(dir).inject({ url: '/env.json' });
      assert.equal(res.headers['cache-control'], NO_CACHE);
      assert.deepEqual(res.json(), {
        apiBaseUrl: 'http://127.0.0.1:4100',
        remotesManifestUrl: 'http://127.0.0.1:3100/remotes.json',
        loginKey: DEFAULT_LOGIN_KEY,
        portalAppName: 'originate-backoffice',
      });
    }
  });

  it('lists deployed remotes in remotes.json and picks up a new publish without restart', async () => {
    const shell = server('shell');
    const first = await shell.inject({ url: '/remotes.json' });
    assert.equal(first.headers['cache-control'], NO_CACHE);
    assert.deepEqual(first.json(), {
      remotes: [
        {
          name: 'mfe_notifications',
          entry: 'http://127.0.0.1:3104/mf-manifest.json',
          version: '1.4.2',
          requiredRoles: ['NOTIFICATION'],
          menu: NOTIFICATIONS_DECLARATION.menu,
          slots: NOTIFICATIONS_DECLARATION.slots,
        },
      ],
    });
    // Publishing mfe-leads: its build lands and its manifest appears last.
    mkdirSync(path.join(root, 'mfe-leads', 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'mfe-leads', 'dist', 'mf-manifest.json'), '{}');
    const second = await shell.inject({ url: '/remotes.json' });
    assert.deepEqual(
      second.json().remotes.map((r: { name: string; entry: string }) => [r.name, r.entry]),
      [
        ['mfe_leads', 'http://127.0.0.1:3002/mf-manifest.json'],
        ['mfe_notifications', 'http://127.0.0.1:3104/mf-manifest.json'],
      ],
    );
  });

  it('sends cache headers per file and CORS on remotes only', async () => {
    const remote = server('mfe-notifications');
    const manifest = await remote.inject({ url: '/mf-manifest.json' });
    assert.equal(manifest.headers['cache-control'], NO_CACHE);
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    const chunk = await remote.inject({ url: '/chunks/12.abcdef012345.js' });
    assert.equal(chunk.headers['cache-control'], IMMUTABLE);
    assert.equal((await remote.inject({ url: '/remoteEntry.js' })).headers['cache-control'], NO_CACHE);
    const shellMain = await server('shell').inject({ url: '/main.js' });
    assert.equal(shellMain.headers['cache-control'], NO_CACHE);
    assert.equal(shellMain.headers['access-control-allow-origin'], undefined);
  });

  it('falls back to index.html for pages and 404s for missing files', async () => {
    const shell = server('shell');
    const page = await shell.inject({ url: '/invalidURL' });
    assert.equal(page.statusCode, 200);
    assert.equal(page.body, '<html>shell</html>');
    assert.equal(page.headers['cache-control'], NO_CACHE);
    assert.equal((await shell.inject({ url: '/chunks/gone.js' })).statusCode, 404);
  });
});
