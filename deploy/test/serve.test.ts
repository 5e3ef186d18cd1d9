import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DEFAULT_LOGIN_KEY } from '@originate/contract';
import { answerUntilClosed } from '@originate/testing';
import { type Env, listApps, originsFrom, REPO_ROOT, resolvePort } from '../src/apps';
import { cacheControlFor, IMMUTABLE, NO_CACHE } from '../src/headers';
import { buildRemotesManifest, readDeclaration, writeOriginFiles } from '../src/manifest';
import { publish, sync } from '../src/release-cli';
import { currentId, deployedApps, releaseFileUrl, releasesRoot } from '../src/releases';
import { createAppServer, isPageRequest, parseAppArgs } from '../src/serve';

const NOTIFICATIONS_DECLARATION = {
  displayName: 'Notifications',
  unavailableMessage: 'Notifications are unavailable right now.',
  requiredRoles: ['NOTIFICATION'],
  slots: { headerBell: './NotificationBell' },
  menu: [{ id: 'notification', label: 'Notification', path: 'notifications', module: './Page', order: 80 }],
};

const DENIED = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
const ALLOWED = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()';

/** The CSP as a map of directive → sources. */
const csp = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

const MAIN_JS = `console.log(${JSON.stringify('originate '.repeat(300))});`;

/** A remote whose pages an applicant opens: framable, camera, blob: previews and workers (like the portal). */
const PORTAL_DECLARATION = {
  displayName: 'Application form',
  requiredRoles: [],
  slots: { customerArea: './CustomerFlow', flowForm: './FlowForm' },
  menu: [],
  pages: {
    framable: ['omni-embed'],
    camera: ['newapplication', 'omni-embed', 'dynamic-resume', 'backstage/newapplication'],
    blob: ['img-src', 'worker-src'],
  },
};

interface Declared {
  slots?: Record<string, string>;
  menu: { module: string }[];
}

/** What a build's mf-manifest.json says about the modules it exposes. */
function federationManifest(declaration?: Declared): string {
  const modules = [...Object.values(declaration?.slots ?? {}), ...(declaration?.menu ?? []).map((m) => m.module)];
  return JSON.stringify({ exposes: modules.map((module) => ({ path: module })) });
}

/** A build of an app in the fixture repo (dist/), as webpack leaves it. */
function writeBuild(root: string, dir: string, declaration?: Declared): void {
  mkdirSync(path.join(root, dir, 'dist', 'chunks'), { recursive: true });
  mkdirSync(path.join(root, dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(path.join(root, dir, 'dist', 'mf-manifest.json'), federationManifest(declaration));
  writeFileSync(path.join(root, dir, 'dist', 'index.html'), `<html>${dir}</html>`);
  for (const file of ['remoteEntry.js', 'chunks/12.abcdef012345.js', 'assets/a.1.png']) {
    writeFileSync(path.join(root, dir, 'dist', file), '{}');
  }
  // What the build writes for a file over 1 KiB: the file, and its .gz and .br beside it.
  for (const file of ['main.js', 'chunks/34.0123456789ab.js']) {
    writeFileSync(path.join(root, dir, 'dist', file), MAIN_JS);
    writeFileSync(path.join(root, dir, 'dist', `${file}.gz`), gzipSync(MAIN_JS));
    writeFileSync(path.join(root, dir, 'dist', `${file}.br`), brotliCompressSync(MAIN_JS));
  }
}

/**
 * A miniature repo: a built shell, a built remote, and a remote with sources but no build; with
 * `portal`, also a built remote declaring page rules. Its builds are released into root/releases.
 */
function fixtureRepo(opts: { portal?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'deploy-test-'));
  const app = (dir: string, version: string, built: boolean, declaration?: Declared & Record<string, unknown>) => {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name: `@originate/${dir}`, version }));
    if (declaration) writeFileSync(path.join(root, dir, 'remote.json'), JSON.stringify(declaration));
    if (built) writeBuild(root, dir, declaration);
  };
  app('shell', '0.1.0', true);
  if (opts.portal) app('mfe-customer-flow', '0.2.0', true, PORTAL_DECLARATION);
  app('mfe-notifications', '1.4.2', true, NOTIFICATIONS_DECLARATION);
  app('mfe-leads', '0.3.0', false, { displayName: 'Leads', requiredRoles: [], menu: [] });
  mkdirSync(path.join(root, 'mock-server'));
  sync(root, envOf(root), () => {});
  return root;
}

const env = { SERVER_PORT: '4100', SHELL_PORT: '3100', MFE_NOTIFICATIONS_PORT: '3104', MFE_CUSTOMER_FLOW_PORT: '3103' };

/** The fixture's deployment: its own release store. */
function envOf(root: string, extraEnv: Record<string, string> = {}): Env {
  return { ...env, RELEASES_DIR: path.join(root, 'releases'), ...extraEnv };
}

function serverFor(root: string, dir: string, extraEnv: Record<string, string> = {}) {
  const deployment = envOf(root, extraEnv);
  const app = deployedApps(deployment).find((a) => a.dir === dir);
  assert.ok(app, `${dir} is deployed`);
  return createAppServer(app, { env: deployment });
}

/** The id of an app's current release, e.g. '1.4.2-0123456789ab'. */
function currentOf(root: string, dir: string): string {
  const id = currentId(envOf(root), dir);
  assert.ok(id, `${dir} has a current release`);
  return id;
}

/** Where a file of an app's build is served in its current release, e.g. '/files/main.1.4.2-0123456789ab.js'. */
function fileUrl(root: string, dir: string, buildFile: string): string {
  return releaseFileUrl(currentOf(root, dir), buildFile);
}

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
  const declarationsIn = (declaration: unknown) => {
    const root = mkdtempSync(path.join(tmpdir(), 'deploy-declaration-'));
    mkdirSync(path.join(root, 'mfe-x'));
    const file = path.join(root, 'mfe-x', 'remote.json');
    writeFileSync(file, JSON.stringify(declaration));
    const logged: string[] = [];
    const app = {
      dir: 'mfe-x',
      name: 'mfe_x',
      kind: 'remote',
      portEnv: 'MFE_X_PORT',
      port: 3107,
      publicUrl: 'http://127.0.0.1:3107',
      distDir: '',
    } as const;
    const source = {
      app,
      entry: 'http://127.0.0.1:3107/mf-manifest.json',
      version: '2.0.0',
      declaration: () => readDeclaration(file, 'mfe-x/remote.json'),
    };
    try {
      return { manifest: buildRemotesManifest([source], (line) => logged.push(line)), logged };
    } finally {
      rmSync(root, { recursive: true });
    }
  };

  it('carries the declaration, display name included, into the manifest entry', () => {
    assert.deepEqual(declarationsIn(NOTIFICATIONS_DECLARATION), {
      manifest: {
        remotes: [
          {
            name: 'mfe_x',
            entry: 'http://127.0.0.1:3107/mf-manifest.json',
            version: '2.0.0',
            ...NOTIFICATIONS_DECLARATION,
          },
        ],
      },
      logged: [],
    });
  });

  it('leaves a wrong declaration out, naming the file, each field and the reason', () => {
    const refused = (declaration: unknown) => {
      const { manifest, logged } = declarationsIn(declaration);
      assert.deepEqual(manifest.remotes, []);
      return logged.join('\n');
    };
    assert.equal(
      refused({ displayName: 'X', requiredRoles: 'NOTIFICATION', menu: [] }),
      '[deploy] mfe-x left out of remotes.json: mfe-x/remote.json: requiredRoles: must be array',
    );
    assert.match(refused({ requiredRoles: [], menu: [] }), /mfe-x\/remote\.json: displayName: missing$/);
    assert.match(refused({ ...NOTIFICATIONS_DECLARATION, menu: [{ id: 'a' }] }), /menu\[0\]\.label: missing/);
    assert.match(refused({ ...NOTIFICATIONS_DECLARATION, slots: { footer: './X' } }), /slots\.footer: is not allowed$/);
    assert.match(
      refused({ ...NOTIFICATIONS_DECLARATION, pages: { blob: ['script-src'] } }),
      /pages\.blob\[0\]: is not one of the allowed shapes$/,
    );
  });
});

describe('cache policy', () => {
  it('keeps the pointer files no-cache and every release file immutable', () => {
    for (const file of ['env.json', 'remotes.json', 'current/index.html', 'index.html']) {
      assert.equal(cacheControlFor(file), NO_CACHE, file);
    }
    for (const file of [
      'files/mf-manifest.1.0.0-0123456789ab.json',
      'files/remoteEntry.1.0.0-0123456789ab.js',
      'files/main.1.0.0-0123456789ab.js.br',
      'files/chunks/12.abcdef012345.js.gz',
      'files/assets/chime.0123456789ab.mp3',
    ]) {
      assert.equal(cacheControlFor(file), IMMUTABLE, file);
    }
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

  const server = (dir: string) => serverFor(root, dir);

  it('serves the runtime env on every origin', async () => {
    for (const dir of ['shell', 'mfe-notifications']) {
      const res = await server(dir).inject({ url: '/env.json' });
      assert.equal(res.headers['cache-control'], NO_CACHE);
      assert.deepEqual(res.json(), {
        apiBaseUrl: 'http://127.0.0.1:4100',
        remotesManifestUrl: 'http://127.0.0.1:3100/remotes.json',
        loginKey: DEFAULT_LOGIN_KEY,
        portalAppName: 'originate-backoffice',
        // The API's relay, never Janus's own port.
        videoGatewayUrl: 'ws://127.0.0.1:4100/v3/video/gateway/socket',
      });
    }
  });

  it("lists each remote's current release in remotes.json and picks up a new publish without restart", async () => {
    const shell = server('shell');
    const first = await shell.inject({ url: '/remotes.json' });
    assert.equal(first.headers['cache-control'], NO_CACHE);
    assert.ok(first.headers.etag, 'an ETag, so a running shell asks cheaply whether it changed');
    assert.deepEqual(first.json(), {
      remotes: [
        {
          name: 'mfe_notifications',
          entry: `http://127.0.0.1:3104${fileUrl(root, 'mfe-notifications', 'mf-manifest.json')}`,
          version: '1.4.2',
          ...NOTIFICATIONS_DECLARATION,
        },
      ],
    });
    assert.match(currentOf(root, 'mfe-notifications'), /^1\.4\.2-[0-9a-f]{12}$/);
    // Publishing mfe-leads: its build becomes a release and the pointer file is rewritten.
    writeBuild(root, 'mfe-leads');
    const leads = listApps(root, envOf(root), { built: true }).find((a) => a.dir === 'mfe-leads');
    assert.ok(leads);
    publish(root, envOf(root), leads, leads.distDir);
    const second = await shell.inject({ url: '/remotes.json' });
    assert.deepEqual(
      second.json().remotes.map((r: { name: string; entry: string }) => [r.name, r.entry]),
      [
        ['mfe_leads', `http://127.0.0.1:3002${fileUrl(root, 'mfe-leads', 'mf-manifest.json')}`],
        ['mfe_notifications', `http://127.0.0.1:3104${fileUrl(root, 'mfe-notifications', 'mf-manifest.json')}`],
      ],
    );
    assert.notEqual(second.headers.etag, first.headers.etag);
  });

  it('sends cache headers per file: a release immutable, the pointer files revalidated', async () => {
    const remote = server('mfe-notifications');
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'chunks/12.abcdef012345.js', 'main.js']) {
      const url = fileUrl(root, 'mfe-notifications', file);
      assert.equal((await remote.inject({ url })).headers['cache-control'], IMMUTABLE, url);
    }
    const shell = server('shell');
    assert.equal(
      (await shell.inject({ url: `${fileUrl(root, 'shell', 'main.js')}` })).headers['cache-control'],
      IMMUTABLE,
    );
    for (const url of ['/', '/env.json', '/remotes.json']) {
      assert.equal((await shell.inject({ url })).headers['cache-control'], NO_CACHE, url);
    }
  });

  it("falls back to the current release's page for navigations and 404s for anything else", async () => {
    const shell = server('shell');
    const page = await shell.inject({ url: '/invalidURL' });
    assert.equal(page.statusCode, 200);
    assert.equal(page.body, '<html>shell</html>');
    assert.equal(page.headers['cache-control'], NO_CACHE);
    for (const url of [
      '/chunks/gone.js',
      '/main.js',
      `${fileUrl(root, 'shell', 'chunks/gone.js')}`,
      '/current/main.js',
      '/releases/0.0.0-000000000000/main.js',
      '/history.json',
    ]) {
      assert.equal((await shell.inject({ url })).statusCode, 404, url);
    }
    // Only the shell serves remotes.json.
    assert.equal((await server('mfe-notifications').inject({ url: '/remotes.json' })).statusCode, 404);
  });

  it('answers the health and readiness probes', async () => {
    const shell = server('shell');
    assert.deepEqual((await shell.inject({ url: '/healthz' })).json(), { status: 'ok' });
    const ready = await shell.inject({ url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready', release: currentOf(root, 'shell') });
  });

  it('names the configured public URLs, not 127.0.0.1, in env.json, remotes.json and the CSP', async () => {
    const publicEnv = {
      SHELL_PUBLIC_URL: 'https://bank.example.com',
      API_PUBLIC_URL: 'https://api.bank.example.com',
      MFE_NOTIFICATIONS_PUBLIC_URL: 'https://notifications.bank.example.com',
      MFE_LEADS_PUBLIC_URL: 'https://leads.bank.example.com',
      VIDEO_GATEWAY_URL: 'wss://video.bank.example.com',
    };
    writeOriginFiles(envOf(root, publicEnv), () => {});
    try {
      const shell = serverFor(root, 'shell', publicEnv);
      assert.deepEqual((await shell.inject({ url: '/env.json' })).json(), {
        apiBaseUrl: 'https://api.bank.example.com',
        remotesManifestUrl: 'https://bank.example.com/remotes.json',
        loginKey: DEFAULT_LOGIN_KEY,
        portalAppName: 'originate-backoffice',
        videoGatewayUrl: 'wss://video.bank.example.com',
      });
      const remotes = (await shell.inject({ url: '/remotes.json' })).json().remotes as { entry: string }[];
      assert.ok(remotes.length > 0);
      for (const { entry } of remotes) assert.doesNotMatch(entry, /127\.0\.0\.1/);
      const policy = (await shell.inject({ url: '/' })).headers['content-security-policy'];
      assert.match(
        String(policy),
        /connect-src 'self' https:\/\/api\.bank\.example\.com wss:\/\/api\.bank\.example\.com\/socket\.io\/ wss:\/\/video\.bank\.example\.com/,
      );
      assert.doesNotMatch(String(policy), /127\.0\.0\.1/);
      const remote = serverFor(root, 'mfe-notifications', publicEnv);
      const read = await remote.inject({
        url: `${fileUrl(root, 'mfe-notifications', 'remoteEntry.js')}`,
        headers: { origin: 'https://bank.example.com' },
      });
      assert.equal(read.headers['access-control-allow-origin'], 'https://bank.example.com');
    } finally {
      writeOriginFiles(envOf(root), () => {});
    }
  });
});

describe('13. a second environment on other ports', () => {
  let root: string;
  let base: string;
  before(() => {
    root = fixtureRepo();
    base = mkdtempSync(path.join(tmpdir(), 'deploy-stores-'));
  });
  after(() => {
    rmSync(root, { recursive: true });
    rmSync(base, { recursive: true });
  });

  it('chooses a release store of its own by default: deploy/releases is the store of deploy/ports.json', () => {
    const defaultStore = path.join(REPO_ROOT, 'deploy', 'releases');
    assert.equal(releasesRoot({}), defaultStore);
    assert.equal(releasesRoot({ SHELL_PORT: '3000', HOST: '0.0.0.0' }), defaultStore);
    const other = releasesRoot(env);
    assert.equal(path.dirname(other), defaultStore, 'below deploy/releases (ignored by git)');
    assert.equal(path.basename(other), 'ports-4100-3100-3001-3002-3103-3104-3005-3006-8188');
    assert.notEqual(releasesRoot({ ...env, JANUS_PORT: '8189' }), other);
    assert.equal(releasesRoot({ ...env, RELEASES_DIR: '/srv/releases' }), '/srv/releases');
  });

  it("leaves the first environment's env.json and remotes.json as they were when it starts", async () => {
    // Both stores laid out as releasesRoot chooses them, below a temporary folder instead of deploy/releases.
    const storeOf = (ports: Env): Env => ({
      ...ports,
      RELEASES_DIR: path.join(base, path.relative(releasesRoot({}), releasesRoot(ports))),
    });
    const first = storeOf({});
    sync(root, first, () => {});
    const shellOf = (deployment: Env) => {
      const shell = deployedApps(deployment).find((a) => a.dir === 'shell');
      assert.ok(shell);
      return createAppServer(shell, { env: deployment });
    };
    const shell = shellOf(first);
    const origins = async (server: ReturnType<typeof shellOf>) => ({
      api: (await server.inject({ url: '/env.json' })).json().apiBaseUrl,
      remotes: ((await server.inject({ url: '/remotes.json' })).json().remotes as { entry: string }[]).map(
        (r) => new URL(r.entry).origin,
      ),
    });
    assert.deepEqual(await origins(shell), { api: 'http://127.0.0.1:4000', remotes: ['http://127.0.0.1:3004'] });
    // What a second `npm start` with other ports does before serving: sync, then serve.ts writes its origin files.
    const second = storeOf(env);
    sync(root, second, () => {});
    writeOriginFiles(second, () => {});
    assert.deepEqual(await origins(shell), { api: 'http://127.0.0.1:4000', remotes: ['http://127.0.0.1:3004'] });
    assert.deepEqual(await origins(shellOf(second)), {
      api: 'http://127.0.0.1:4100',
      remotes: ['http://127.0.0.1:3104'],
    });
  });
});

describe('security and transport of the app servers', () => {
  let root: string;
  before(() => {
    root = fixtureRepo();
  });
  after(() => rmSync(root, { recursive: true }));

  const server = (dir: string, extraEnv: Record<string, string> = {}) => serverFor(root, dir, extraEnv);

  it('7. pages get a CSP with no inline script, listing the remote, API and socket origins', async () => {
    const shell = server('shell', { CHATBOT_SCRIPT_ORIGINS: 'https://bot.example.com' });
    for (const url of ['/', '/invalidURL', '/newapplication', '/omni-embed', `${fileUrl(root, 'shell', 'main.js')}`]) {
      const res = await shell.inject({ url });
      assert.equal(res.statusCode, 200, url);
      const policy = csp(res.headers['content-security-policy']);
      assert.deepEqual(policy['default-src'], ["'self'"]);
      assert.deepEqual(policy['script-src'], ["'self'", 'http://127.0.0.1:3104', 'https://bot.example.com']);
      assert.deepEqual(policy['style-src'], ["'self'", "'unsafe-inline'"]);
      assert.deepEqual(policy['img-src'], ["'self'", 'data:', 'http://127.0.0.1:3104']);
      assert.deepEqual(policy['font-src'], ["'self'", 'http://127.0.0.1:3104']);
      assert.deepEqual(policy['media-src'], ["'self'", 'http://127.0.0.1:3104']);
      assert.deepEqual(policy['connect-src'], [
        "'self'",
        'http://127.0.0.1:4100',
        'ws://127.0.0.1:4100/socket.io/',
        'ws://127.0.0.1:4100/v3/video/gateway/socket',
        'http://127.0.0.1:3104',
      ]);
      assert.deepEqual(policy['object-src'], ["'none'"]);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.equal(res.headers['x-frame-options'], undefined);
    }
    // Only the shell lets an operator name a chatbot script origin.
    const remotePage = await server('mfe-notifications', { CHATBOT_SCRIPT_ORIGINS: 'https://bot.example.com' }).inject({
      url: '/',
    });
    assert.deepEqual(csp(remotePage.headers['content-security-policy'])['script-src'], [
      "'self'",
      'http://127.0.0.1:3104',
    ]);
  });

  it('7. with no remote declaring page rules, nothing may be framed, use the camera or load blob: URLs', async () => {
    const shell = server('shell', { FRAME_ANCESTORS: 'https://partner.example.com' });
    for (const app of [shell, server('mfe-notifications')]) {
      for (const url of ['/', '/notifications', '/newapplication', '/omni-embed']) {
        const res = await app.inject({ url });
        const policy = csp(res.headers['content-security-policy']);
        assert.deepEqual(policy['frame-ancestors'], ["'none'"], url);
        assert.deepEqual(policy['worker-src'], ["'self'"], url);
        assert.deepEqual(policy['frame-src'], ["'self'"], url);
        assert.ok(!policy['img-src']?.includes('blob:'), url);
        assert.equal(res.headers['permissions-policy'], DENIED, url);
      }
    }
  });

  it('7. an env variable that is not a list of origins is refused, so nothing odd reaches a header', () => {
    assert.deepEqual(originsFrom({ X: ' https://a.example.com/, http://127.0.0.1:8080 ' }, 'X'), [
      'https://a.example.com',
      'http://127.0.0.1:8080',
    ]);
    assert.throws(() => server('shell', { FRAME_ANCESTORS: "'self'; script-src *" }), /FRAME_ANCESTORS: ''self';'/);
    assert.throws(() => server('shell', { CHATBOT_SCRIPT_ORIGINS: 'https://bot.example.com/x.js' }), /not an origin/);
  });

  it('11. a remote lets only the shell origin read its federation files, never its page or env.json', async () => {
    const remote = server('mfe-notifications', { SHELL_ORIGINS: 'https://originate.example.com' });
    const get = (url: string, origin?: string) => remote.inject({ url, headers: origin ? { origin } : {} });
    const release = `/releases/${currentOf(root, 'mfe-notifications')}`;
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'chunks/12.abcdef012345.js', 'assets/a.1.png']) {
      const url = fileUrl(root, 'mfe-notifications', file);
      for (const origin of ['http://127.0.0.1:3100', 'http://localhost:3100', 'https://originate.example.com']) {
        const res = await get(url, origin);
        assert.equal(res.headers['access-control-allow-origin'], origin, `${url} from ${origin}`);
        assert.match(String(res.headers.vary), /\bOrigin\b/, url);
        assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin', url);
      }
      assert.equal((await get(url, 'http://evil.example.com')).headers['access-control-allow-origin'], undefined);
    }
    for (const url of [
      '/env.json',
      '/',
      '/notifications',
      `${release}/index.html`,
      `${release}/release.json`,
      `${release}/remote.json`,
      '/files/chunks/missing.js',
      `/files/main.${currentOf(root, 'shell')}.js`,
    ]) {
      const res = await get(url, 'http://127.0.0.1:3100');
      assert.equal(res.headers['access-control-allow-origin'], undefined, url);
    }
    assert.equal((await get('/env.json')).headers['cross-origin-resource-policy'], 'same-origin');
    const shell = await server('shell').inject({
      url: `${fileUrl(root, 'shell', 'main.js')}`,
      headers: { origin: 'http://127.0.0.1:3104' },
    });
    assert.equal(shell.headers['access-control-allow-origin'], undefined);
  });

  it('9. sends the precompressed file the client accepts, with Vary and the cache policy kept', async () => {
    const remote = server('mfe-notifications');
    for (const [url, cacheControl] of [
      [fileUrl(root, 'mfe-notifications', 'main.js'), IMMUTABLE],
      [fileUrl(root, 'mfe-notifications', 'chunks/34.0123456789ab.js'), IMMUTABLE],
    ] as const) {
      for (const [acceptEncoding, encoding] of [
        ['br, gzip', 'br'],
        ['gzip, deflate', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await remote.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-encoding'], encoding, `${url} ${acceptEncoding}`);
        assert.match(String(res.headers['content-type']), /^(text|application)\/javascript/);
        assert.match(String(res.headers.vary), /Accept-Encoding/);
        assert.equal(res.headers['cache-control'], cacheControl);
        const body =
          encoding === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(res.rawPayload)
              : res.rawPayload;
        assert.equal(body.toString(), MAIN_JS);
        assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
      }
    }
    // Small files have no compressed copy: sent as they are.
    const manifest = await remote.inject({
      url: fileUrl(root, 'mfe-notifications', 'mf-manifest.json'),
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(manifest.headers['content-encoding'], undefined);
    assert.equal(manifest.body, federationManifest(NOTIFICATIONS_DECLARATION));
  });

  it('8. a source map is not served', async () => {
    for (const url of ['/main.js.map', `${fileUrl(root, 'shell', 'chunks/12.abcdef012345.js.map')}`]) {
      assert.equal((await server('shell').inject({ url })).statusCode, 404, url);
    }
  });

  it('6. a path is decoded and its dot segments resolved before any check: the store is never served through /files/..', async () => {
    const remote = server('mfe-notifications');
    await remote.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = remote.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // node:http sends the path as given (fetch and inject would resolve '..' first).
      const raw = (rawPath: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: rawPath, headers }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          });
          req.on('error', reject);
          req.end();
        });
      const id = currentOf(root, 'mfe-notifications');
      for (const [rawPath, status] of [
        ['/files/../current/release.json', 404],
        ['/files/%2e%2e/releases/ID/release.json', 404],
        ['/files/%2E%2E/current/remote.json', 404],
        ['/files/..%2fcurrent%2Frelease.json', 404],
        ['/files/..\\current\\release.json', 404],
        ['/files/..%5Ccurrent/release.json', 404],
        ['/files/chunks/../../releases/ID/release.json', 404],
        ['/files/./%2e/../current/index.html.gz', 404],
        // Decoded once, as nginx does: what is left is a name, not a step up.
        ['/files/%252e%252e/current/release.json', 404],
        ['/files/%25%32%65%25%32%65/current/release.json', 404],
        // Above the origin's folder, undecodable or a NUL byte: no file has that path.
        ['/files/../../shell/current/release.json', 400],
        ['/%2e%2e/%2e%2e/package.json', 400],
        ['/files/%zz/release.json', 400],
        ['/files/%00/../current/release.json', 400],
      ] as const) {
        const res = await raw(rawPath.replace('ID', id));
        assert.equal(res.status, status, rawPath);
        assert.doesNotMatch(res.body, /createdAt|<html>|displayName/, rawPath);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', `${rawPath}: the security headers`);
      }
      // Every check reads the resolved path: env.json reached through a federation file's folder is not readable cross-origin.
      const env = await raw('/files/chunks/../../env.json', { origin: 'http://127.0.0.1:3100' });
      assert.equal(env.status, 200);
      assert.equal(env.headers['access-control-allow-origin'], undefined);
      assert.equal(env.headers['cache-control'], NO_CACHE);
      // A served file reached by a roundabout path is that file, with its own headers.
      const main = await raw(`/files/chunks/..//./main.${id}.js`, { 'accept-encoding': 'identity' });
      assert.equal(main.status, 200);
      assert.equal(main.body, MAIN_JS);
      assert.equal(main.headers['cache-control'], IMMUTABLE);
    } finally {
      await remote.close();
    }
  });

  it('10. a connection sending half the headers or half a body is closed after REQUEST_TIMEOUT_MS', async () => {
    const shell = server('shell', { REQUEST_TIMEOUT_MS: '1000' });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = shell.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const closedAfter = (request: string) => answerUntilClosed(port, request);
      const halfBody = await closedAfter('POST /env.json HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"half');
      // No route takes a body here: the 404 goes out at once, then the unfinished request is cut off.
      assert.match(halfBody, /HTTP\/1\.1 408 Request Timeout/);
      await closedAfter('GET /env.json HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    } finally {
      await shell.close();
    }
  });
});

describe('a remote serving pages on its own origin (the standalone customer portal) and through the shell', () => {
  let root: string;
  before(() => {
    root = fixtureRepo({ portal: true });
  });
  after(() => rmSync(root, { recursive: true }));

  const portalEnv = { MFE_CUSTOMER_FLOW_PORT: '3103', FRAME_ANCESTORS: 'https://partner.example.com' };
  const server = (dir: string) => serverFor(root, dir, portalEnv);
  const get = (dir: string, url: string) => server(dir).inject({ url });

  it('serves its page at every route it answers, revalidated', async () => {
    for (const url of [
      '/newapplication?product=HL',
      '/omni-embed/step',
      '/dynamic-resume?transactionToken=t',
      '/invalidURL',
    ]) {
      const res = await get('mfe-customer-flow', url);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.body, '<html>mfe-customer-flow</html>', url);
      assert.equal(res.headers['cache-control'], NO_CACHE, url);
    }
    assert.equal((await get('mfe-customer-flow', '/chunks/gone.js')).statusCode, 404);
  });

  it('7. lets the framable path be framed by itself and FRAME_ANCESTORS, nothing else', async () => {
    for (const dir of ['mfe-customer-flow', 'shell']) {
      for (const url of ['/omni-embed', '/omni-embed/step/2?hideHeader=true']) {
        const policy = csp((await get(dir, url)).headers['content-security-policy']);
        assert.deepEqual(policy['frame-ancestors'], ["'self'", 'https://partner.example.com'], `${dir} ${url}`);
      }
      for (const url of ['/', '/newapplication', '/omni-embedded', '/invalidURL']) {
        const policy = csp((await get(dir, url)).headers['content-security-policy']);
        assert.deepEqual(policy['frame-ancestors'], ["'none'"], `${dir} ${url}`);
      }
    }
    const notifications = csp((await get('mfe-notifications', '/omni-embed')).headers['content-security-policy']);
    assert.deepEqual(notifications['frame-ancestors'], ["'none'"]);
  });

  it("the portal's page (mfe-customer-flow's origin) hosts remotes too: it reads their federation files and the shell's remotes.json", async () => {
    const portal = 'http://127.0.0.1:3103';
    const manifest = fileUrl(root, 'mfe-notifications', 'mf-manifest.json');
    for (const origin of [portal, 'http://localhost:3103']) {
      const file = await server('mfe-notifications').inject({ url: manifest, headers: { origin } });
      assert.equal(file.headers['access-control-allow-origin'], origin);
      const remotes = await server('shell').inject({ url: '/remotes.json', headers: { origin } });
      assert.equal(remotes.statusCode, 200);
      assert.equal(remotes.headers['access-control-allow-origin'], origin);
      assert.match(String(remotes.headers.vary), /\bOrigin\b/);
    }
    const foreign = await server('shell').inject({
      url: '/remotes.json',
      headers: { origin: 'http://evil.example.com' },
    });
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    // Nothing else of the shell is read cross-origin; the portal's CSP lets its page ask for the manifest.
    const env = await server('shell').inject({ url: '/env.json', headers: { origin: portal } });
    assert.equal(env.headers['access-control-allow-origin'], undefined);
    const page = await server('mfe-customer-flow').inject({ url: '/newapplication' });
    const connect = /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
    assert.ok(connect.split(' ').includes('http://127.0.0.1:3100'), connect);
  });

  it('7. allows camera and microphone on the declared paths only', async () => {
    for (const dir of ['mfe-customer-flow', 'shell']) {
      for (const url of ['/newapplication', '/omni-embed', '/dynamic-resume/1', '/backstage/newapplication?resume=1']) {
        assert.equal((await get(dir, url)).headers['permissions-policy'], ALLOWED, `${dir} ${url}`);
      }
      for (const url of ['/', '/notifications', '/newapplicationx', '/invalidURL', '/backstage/applications']) {
        assert.equal((await get(dir, url)).headers['permissions-policy'], DENIED, `${dir} ${url}`);
      }
    }
    assert.equal((await get('mfe-notifications', '/newapplication')).headers['permissions-policy'], DENIED);
  });

  it("7. allows blob: images and workers on the portal's origin and the shell's, where the remote renders", async () => {
    for (const dir of ['mfe-customer-flow', 'shell']) {
      // Origin-wide: the shell reaches /backstage/newapplication by client-side navigation, under the first page's CSP.
      for (const url of ['/', '/newapplication', '/backstage/applications']) {
        const policy = csp((await get(dir, url)).headers['content-security-policy']);
        assert.deepEqual(
          policy['img-src'],
          ["'self'", 'data:', 'http://127.0.0.1:3103', 'http://127.0.0.1:3104', 'blob:'],
          `${dir} ${url}`,
        );
        assert.deepEqual(policy['worker-src'], ["'self'", 'blob:'], `${dir} ${url}`);
        assert.deepEqual(policy['frame-src'], ["'self'"], `${dir} ${url}`);
        assert.deepEqual(policy['script-src'], ["'self'", 'http://127.0.0.1:3103', 'http://127.0.0.1:3104']);
        assert.deepEqual(policy['connect-src'], [
          "'self'",
          'http://127.0.0.1:4100',
          'ws://127.0.0.1:4100/socket.io/',
          'ws://127.0.0.1:4100/v3/video/gateway/socket',
          // The portal's page reads the shell's remotes.json (its video call slot).
          ...(dir === 'mfe-customer-flow' ? ['http://127.0.0.1:3100'] : []),
          'http://127.0.0.1:3103',
          'http://127.0.0.1:3104',
        ]);
      }
    }
    // Another remote's origin gets none of it: only its own declaration counts there.
    const notifications = csp((await get('mfe-notifications', '/')).headers['content-security-policy']);
    assert.deepEqual(notifications['worker-src'], ["'self'"]);
    assert.ok(!notifications['img-src']?.includes('blob:'));
  });

  it('lists the portal in remotes.json with its slots and page rules', async () => {
    const manifest = (await get('shell', '/remotes.json')).json();
    assert.deepEqual(manifest.remotes[0], {
      name: 'mfe_customer_flow',
      entry: `http://127.0.0.1:3103${fileUrl(root, 'mfe-customer-flow', 'mf-manifest.json')}`,
      version: '0.2.0',
      ...PORTAL_DECLARATION,
    });
  });
});
