// The production topology run here (README "nginx topology"), as real processes: the built apps synced into
// a temporary release store, nginx serving every origin from it and proxying the API to two mock-server
// processes on a scratch PostgreSQL database and one Redis. Through nginx: the same headers as deploy's own
// server for the same paths, the probes, a login, a notification raised through either API process reaching
// a socket held through nginx, and requests still served after one process is killed. Then the origins
// with configured public URLs, through nginx and deploy's server. Builds nothing: skipped, saying why,
// without the shell's build, nginx, PostgreSQL or Redis.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  DEFAULT_LOGIN_KEY,
  encryptPayload,
  type FromServerPayloads,
  type LoginResponse,
  type RemotesManifest,
  type RuntimeEnv,
  SOCKET_PATH,
} from '@originate/contract';
import { syncReleases } from '@originate/tools/lib/composed-system.mjs';
import { DEMO_USERS } from '@originate/tools/lib/demo-users.mjs';
import { BROTLI_STATIC_MODULE, hasNginx, NGINX, startNginx } from '@originate/tools/lib/nginx-process.mjs';
import { type Proc, startNode, waitForHttp } from '@originate/tools/lib/process.mjs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { type AppInfo, type Env, listApps, publicUrlEnvName, REPO_ROOT } from '../src/apps';
import { recentPageRules } from '../src/headers';
import { writeNginxConfig } from '../src/nginx';
import { deployedApps, FILES_DIR, originRoot, readRelease, releaseFileUrl } from '../src/releases';
import { createAppServer } from '../src/serve';

const HOST = '127.0.0.1';
const PG = { host: HOST, port: 5432 };
const REDIS = { host: HOST, port: 6379 };
/** Ports of this test alone (other runs use 30xx, 31xx, 4000 and 4100). */
const NGINX_ORIGINS = 3200;
const OWN_SERVER_ORIGINS = 3210;
const PUBLIC_NGINX_ORIGINS = 3220;
const PUBLIC_OWN_SERVER_ORIGINS = 3230;
const API = { nginx: 4200, a: 4201, b: 4202 };
/** A missed event or a hung process fails its test instead of hanging the run. */
const EACH = { timeout: 120_000 };

function tcpAnswers({ host, port }: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const builtRemotes = listApps(REPO_ROOT, {}, { built: true }).filter((a) => a.kind === 'remote');
const staticSkip = !hasNginx()
  ? `nginx or its brotli static module is missing (${NGINX}, ${BROTLI_STATIC_MODULE}; npm test installs them)`
  : !existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json'))
    ? 'the shell is not built (shell/dist/mf-manifest.json is missing; npx lerna run build)'
    : builtRemotes.length === 0
      ? 'no remote is built (no mfe-*/dist/mf-manifest.json; npx lerna run build)'
      : false;
const skip =
  staticSkip ||
  (!(await tcpAnswers(PG))
    ? `nothing answers on ${PG.host}:${PG.port} (PostgreSQL)`
    : !(await tcpAnswers(REDIS))
      ? `nothing answers on ${REDIS.host}:${REDIS.port} (Redis)`
      : false);
if (skip) console.log(`# topology test skipped: ${skip}`);

/** Every app of the repo on consecutive ports from `base`, in listApps order. */
function portsFrom(base: number): Record<string, string> {
  return Object.fromEntries(listApps(REPO_ROOT, {}, { built: false }).map((a, i) => [a.portEnv, String(base + i)]));
}

/** A world-readable temporary folder: nginx's workers run as nobody when it is started as root. */
function readableTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One GET as sent on the wire: the path as it is (a URL would have its '..' and '%2e%2e' resolved first), the
 * body not decoded, so a .br answer is compared as sent.
 */
function get(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ hostname: HOST, port, path: urlPath, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Headers that belong to the server or the connection, not to what is served: the date, the server's name,
 * keep-alive and framing, the ETag (both send one for the same file, each in its own format) and range
 * support (nginx's brotli_static serves no ranges of a .br file, so it sends no Accept-Ranges there).
 */
const TRANSPORT = new Set(['date', 'server', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'accept-ranges']);

const served = (answer: Answer) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !TRANSPORT.has(name)));

/** The deployed apps' own servers (serve.ts) with this configuration, each on the port at `offset` from its own. */
async function startOwnServers(env: Record<string, string>, offset: number): Promise<FastifyInstance[]> {
  return Promise.all(
    deployedApps(env).map(async (app) => {
      const server = createAppServer(app, { env });
      await server.listen({ port: app.port + offset, host: HOST });
      return server;
    }),
  );
}

/** A chunk of the app's current release with a .br copy beside it, as its URL path (/files/chunks/12.abc.js). */
function compressedChunk(app: AppInfo, env: Env): string {
  const release = readRelease(env, app.dir, path.basename(app.distDir));
  const name = release.files.find(
    (f) => f.startsWith('chunks/') && f.endsWith('.js') && release.files.includes(`${f}.br`),
  );
  assert.ok(name, `${app.dir}'s release has a chunk with a .br copy`);
  return `/${FILES_DIR}/${name}`;
}

/** The URL path of the current release's federation manifest. */
const manifestOf = (app: AppInfo) => releaseFileUrl(path.basename(app.distDir), 'mf-manifest.json');

/** The paths an app's page rules name (framable, camera). */
function declared(app: AppInfo, env: Env): string[] {
  const rules = recentPageRules(app, env)();
  return [...new Set([...rules.framable, ...rules.camera])];
}

/** The same requests to nginx and to deploy's server answer alike: status, body and every header that is not transport. */
async function assertSameAnswers(
  apps: readonly AppInfo[],
  ownOffset: number,
  cases: readonly { app: AppInfo; path: string; headers?: Record<string, string> }[],
): Promise<Answer[]> {
  assert.ok(apps.length > 0);
  const answers: Answer[] = [];
  for (const { app, path: url, headers } of cases) {
    const viaNginx = await get(app.port, url, headers);
    const viaOwn = await get(app.port + ownOffset, url, headers);
    const what = `${app.dir} ${url} ${JSON.stringify(headers ?? {})}`;
    assert.equal(viaNginx.status, viaOwn.status, what);
    assert.deepEqual(served(viaNginx), served(viaOwn), what);
    assert.ok(viaNginx.body.equals(viaOwn.body), `${what}: the same body`);
    answers.push(viaNginx);
  }
  return answers;
}

function password(username: string): string {
  const user = DEMO_USERS.find((u) => u.username === username);
  assert.ok(user, `${username} is a demo user`);
  return user.password;
}

/** A real login, as the shell sends it (the password encrypted with the login key). */
async function login(apiUrl: string, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${apiUrl}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: await encryptPayload(password(username), DEFAULT_LOGIN_KEY) }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as LoginResponse;
  return { access_token: body.access_token, sessionid: body.sessionid };
}

describe('the production topology: nginx before every origin and two API processes', { skip }, () => {
  const env: Record<string, string> = {};
  let base: string;
  let database: string;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let own: FastifyInstance[] = [];
  const api: Proc[] = [];
  const sockets: Socket[] = [];
  const admin = () => new pg.Client({ ...PG, user: 'postgres', database: 'postgres' });

  before(async () => {
    base = readableTempDir('originate-topology-');
    database = `originate_topology_${randomBytes(6).toString('hex')}`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`).finally(() => client.end());
    Object.assign(env, {
      HOST,
      ...portsFrom(NGINX_ORIGINS),
      SERVER_PORT: String(API.nginx),
      RELEASES_DIR: path.join(base, 'releases'),
    });
    await syncReleases(env);
    const serverEnv = {
      HOST,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: `postgres://postgres@${PG.host}:${PG.port}/${database}`,
      DATA_DIR: path.join(base, 'uploads'),
      REDIS_URL: `redis://${REDIS.host}:${REDIS.port}`,
      // This run's own keys and channels: a Redis shared with other runs sees nothing of theirs.
      REDIS_KEY_PREFIX: `originate-topology-${randomBytes(6).toString('hex')}:`,
      SEED_APPLICATIONS: '0',
      // nginx's X-Forwarded-For is believed: the per-address limits count the client, not nginx.
      TRUST_PROXY: HOST,
    };
    // One after the other: the first migrates and seeds, the second finds both done.
    for (const [port, args] of [
      [API.a, ['--seed']],
      [API.b, []],
    ] as const) {
      const proc = startNode(`api-${port}`, ['--import', 'tsx', 'mock-server/src/main.ts', ...args], {
        env: { ...serverEnv, SERVER_PORT: String(port) },
      });
      api.push(proc);
      await waitForHttp(`http://${HOST}:${port}/healthz`, proc, 180_000);
    }
    const conf = writeNginxConfig(env, {
      outDir: path.join(base, 'nginx'),
      apiUpstreams: [`${HOST}:${API.a}`, `${HOST}:${API.b}`],
    });
    nginx = await startNginx(path.dirname(conf), conf);
    for (const app of deployedApps(env)) await waitForHttp(`http://${HOST}:${app.port}/healthz`, nginx, 30_000);
    await waitForHttp(`http://${HOST}:${API.nginx}/healthz`, nginx, 30_000);
    own = await startOwnServers(env, OWN_SERVER_ORIGINS - NGINX_ORIGINS);
  });

  after(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.allSettled([nginx?.stop(), ...api.map((p) => p.stop()), ...own.map((s) => s.close())]);
    if (database) {
      const client = admin();
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => client.end());
    }
    if (base) rmSync(base, { recursive: true, force: true });
  });

  it('answers every path with the headers and body of deploy’s own server', EACH, async () => {
    const apps = deployedApps(env);
    const shell = apps.find((a) => a.kind === 'host');
    const remote = apps.find((a) => a.kind === 'remote');
    assert.ok(shell && remote);
    const shellOrigin = shell.publicUrl;
    const manifest = manifestOf(remote);
    const [page, , , chunkBr, chunkGzip, , manifestRead, manifestRefused] = await assertSameAnswers(
      apps,
      OWN_SERVER_ORIGINS - NGINX_ORIGINS,
      [
        { app: shell, path: '/', headers: { 'accept-encoding': 'br, gzip' } },
        { app: shell, path: '/env.json' },
        { app: shell, path: '/remotes.json' },
        { app: shell, path: compressedChunk(shell, env), headers: { 'accept-encoding': 'br, gzip' } },
        { app: shell, path: compressedChunk(shell, env), headers: { 'accept-encoding': 'gzip' } },
        { app: shell, path: compressedChunk(shell, env) },
        { app: remote, path: manifest, headers: { origin: shellOrigin } },
        { app: remote, path: manifest, headers: { origin: 'http://elsewhere.example' } },
        { app: remote, path: compressedChunk(remote, env), headers: { origin: shellOrigin, 'accept-encoding': 'br' } },
        { app: remote, path: '/env.json', headers: { origin: shellOrigin } },
        { app: remote, path: '/applications/42' },
        { app: shell, path: '/current/index.html' },
        { app: shell, path: `/${FILES_DIR}/nothing-here.js` },
        { app: shell, path: `/${FILES_DIR}/chunks` },
        { app: remote, path: '/missing.js', headers: { origin: shellOrigin } },
        { app: shell, path: '/healthz' },
        // The paths the deployed remotes' declarations name, on their own origins and the shell's.
        ...apps.flatMap((app) =>
          declared(app, env).flatMap((p) =>
            [`/${p}`, `/${p}/step`, `/${p}/chunk.js`].map((url) => ({ app, path: url })),
          ),
        ),
      ],
    );
    const framable = recentPageRules(shell, env)().framable;
    for (const p of framable) {
      const framed = await get(shell.port, `/${p}`);
      assert.match(framed.headers['content-security-policy'] ?? '', /frame-ancestors 'self'/, `/${p} is framable`);
    }
    // What the comparison held, so it is no comparison of two empty answers.
    assert.equal(page?.headers['cache-control'], 'no-cache');
    assert.match(page?.headers['content-security-policy'] ?? '', /script-src 'self' http:\/\/127\.0\.0\.1:32/);
    assert.equal(chunkBr?.headers['content-encoding'], 'br');
    assert.equal(chunkBr?.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(chunkGzip?.headers['content-encoding'], 'gzip');
    assert.equal(manifestRead?.headers['access-control-allow-origin'], shellOrigin);
    assert.equal(manifestRead?.headers.vary, 'Accept-Encoding, Origin');
    assert.equal(manifestRefused?.headers['access-control-allow-origin'], undefined);
  });

  it('answers the probes: live, and ready while the app has a current release', EACH, async () => {
    for (const app of deployedApps(env)) {
      const live = await get(app.port, '/healthz');
      assert.deepEqual([live.status, JSON.parse(live.body.toString())], [200, { status: 'ok' }], app.dir);
      const ready = await get(app.port, '/readyz');
      assert.deepEqual([ready.status, JSON.parse(ready.body.toString())], [200, { status: 'ready' }], app.dir);
      assert.equal(ready.headers['cache-control'], 'no-store');
    }
    // Without its pointer the origin has nothing to serve: not ready, saying why.
    const shellFolder = originRoot(env, 'shell');
    renameSync(path.join(shellFolder, 'current'), path.join(shellFolder, 'current.away'));
    try {
      const notReady = await get(Number(env.SHELL_PORT), '/readyz');
      assert.equal(notReady.status, 503);
      assert.deepEqual(JSON.parse(notReady.body.toString()), {
        status: 'not-ready',
        reasons: ['shell has no current release'],
      });
    } finally {
      renameSync(path.join(shellFolder, 'current.away'), path.join(shellFolder, 'current'));
    }
    const api = await get(API.nginx, '/readyz');
    assert.deepEqual([api.status, JSON.parse(api.body.toString())], [200, { status: 'ready' }]);
  });

  /** Unassigned tasks of the team the team lead and the officer share: one per assignment below. */
  async function unassignedTasks(count: number): Promise<{ application_id: string; task_id: string }[]> {
    const client = new pg.Client({ ...PG, user: 'postgres', database });
    await client.connect();
    try {
      const { rows } = await client.query<{ application_id: string; task_id: string }>(
        `SELECT application_id, task_id FROM tasks WHERE assigned_to IS NULL AND progress = 'Pending'
            AND assigned_team @> '[{"id":"TEAM-MUM-WEST"}]' ORDER BY application_id LIMIT $1`,
        [count],
      );
      assert.equal(rows.length, count, `the demo bank has ${count} unassigned tasks in TEAM-MUM-WEST`);
      return rows;
    } finally {
      await client.end();
    }
  }

  it(
    'a user logs in through nginx; a notification raised through either API process reaches the socket held through nginx; with one process killed, the next requests succeed',
    EACH,
    async () => {
      const apiUrl = `http://${HOST}:${API.nginx}`;
      const officer = await login(apiUrl, 'officer');
      const lead = await login(apiUrl, 'teamlead');
      const bell = io(apiUrl, {
        path: SOCKET_PATH,
        auth: { token: officer.access_token, sessionId: officer.sessionid },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(bell);
      await new Promise((resolve) => bell.once('NOTIFICATION', resolve));

      const assign = (url: string, task: { application_id: string; task_id: string }) =>
        fetch(`${url}${API_PATHS.assignApplication}`, {
          method: 'POST',
          headers: { ...lead, 'content-type': 'application/json' },
          body: JSON.stringify({ application_id: task.application_id, taskId: task.task_id, assignTo: 'USR-1001' }),
        });
      const [first, second, third] = await unassignedTasks(3);
      assert.ok(first && second && third);
      // The socket is held by one of the two processes: raised through each in turn, one of the two crosses
      // from one process to the other (through Redis) and both reach it.
      for (const [port, task] of [
        [API.a, first],
        [API.b, second],
      ] as const) {
        const notified = new Promise<FromServerPayloads['NEW']>((resolve) => bell.once('NEW', resolve));
        const res = await assign(`http://${HOST}:${port}`, task);
        assert.equal(res.status, 200, await res.clone().text());
        const { notificationId } = (await res.json()) as { notificationId: string };
        assert.equal((await notified).notification.notificationId, notificationId, `raised through ${port}`);
      }

      const [killed] = api;
      assert.ok(killed?.pid);
      process.kill(killed.pid, 'SIGKILL');
      await killed.done;
      // nginx finds the dead process refusing, marks it failed and sends each request to the live one.
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${apiUrl}${API_PATHS.adminFeatures}`, { headers: officer });
        assert.equal(res.status, 200, `request ${i + 1} after the kill: ${await res.clone().text()}`);
      }
      const res = await assign(apiUrl, third);
      assert.equal(res.status, 200, `an assignment after the kill: ${await res.clone().text()}`);
    },
  );
});

describe('every origin with configured public URLs, through nginx and deploy’s own server', {
  skip: staticSkip,
}, () => {
  const env: Record<string, string> = {};
  let base: string;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let own: FastifyInstance[] = [];
  const publicUrl = (dir: string, port: string | undefined) => `http://${dir}.originate.test:${port}`;

  before(async () => {
    base = readableTempDir('originate-topology-public-');
    const ports = portsFrom(PUBLIC_NGINX_ORIGINS);
    const apps = listApps(REPO_ROOT, ports, { built: false });
    Object.assign(env, {
      HOST,
      ...ports,
      SERVER_PORT: String(API.nginx),
      API_PUBLIC_URL: publicUrl('api', String(API.nginx)),
      ...Object.fromEntries(apps.map((a) => [publicUrlEnvName(a.dir), publicUrl(a.dir, ports[a.portEnv])])),
      // The video gateway as a public deployment names it (deploy README "Video gateway").
      VIDEO_GATEWAY_URL: 'wss://gateway.originate.test',
      RELEASES_DIR: path.join(base, 'releases'),
    });
    await syncReleases(env);
    const conf = writeNginxConfig(env, { outDir: path.join(base, 'nginx'), apiUpstreams: [] });
    nginx = await startNginx(path.dirname(conf), conf);
    for (const app of deployedApps(env)) await waitForHttp(`http://${HOST}:${app.port}/healthz`, nginx, 30_000);
    own = await startOwnServers(env, PUBLIC_OWN_SERVER_ORIGINS - PUBLIC_NGINX_ORIGINS);
  });

  after(async () => {
    await Promise.allSettled([nginx?.stop(), ...own.map((s) => s.close())]);
    if (base) rmSync(base, { recursive: true, force: true });
  });

  it(
    '6. resolves a path through /files/.. as deploy’s server does: the store’s folders are never served',
    EACH,
    async () => {
      const apps = deployedApps(env);
      const ownOffset = PUBLIC_OWN_SERVER_ORIGINS - PUBLIC_NGINX_ORIGINS;
      for (const app of apps.filter((a, i) => a.kind === 'host' || i === 1)) {
        const release = path.basename(app.distDir);
        const notFound = [
          '/files/../current/release.json',
          `/files/%2e%2e/releases/${release}/release.json`,
          '/files/%2E%2E/current/index.html.br',
          '/files/..%2fcurrent%2Frelease.json',
          '/files/..\\current\\release.json',
          `/files/chunks/../../releases/${release}/release.json`,
          '/files/%252e%252e/current/release.json',
        ];
        for (const answer of await assertSameAnswers(
          apps,
          ownOffset,
          notFound.map((p) => ({ app, path: p })),
        )) {
          assert.equal(answer.status, 404);
        }
        // No file has these paths; nginx answers its own 400 page.
        for (const p of [
          '/files/../../current/release.json',
          '/%2e%2e/%2e%2e/etc/passwd',
          '/files/%zz',
          '/files/%00',
        ]) {
          assert.deepEqual(
            [(await get(app.port, p)).status, (await get(app.port + ownOffset, p)).status],
            [400, 400],
            `${app.dir} ${p}: nginx, deploy's server`,
          );
        }
      }
    },
  );

  it('env.json, remotes.json, the CSP and CORS name the public URLs, never 127.0.0.1', EACH, async () => {
    const apps = deployedApps(env);
    const shell = apps.find((a) => a.kind === 'host');
    const remotes = apps.filter((a) => a.kind === 'remote');
    assert.ok(shell && remotes[0]);
    const remote = remotes[0];
    const manifest = manifestOf(remote);
    const [envJson, remotesJson, page, remoteEnv, federation] = await assertSameAnswers(
      apps,
      PUBLIC_OWN_SERVER_ORIGINS - PUBLIC_NGINX_ORIGINS,
      [
        { app: shell, path: '/env.json' },
        { app: shell, path: '/remotes.json' },
        { app: shell, path: '/' },
        { app: remote, path: '/env.json' },
        { app: remote, path: manifest, headers: { origin: env.SHELL_PUBLIC_URL ?? '' } },
      ],
    );
    for (const answer of [envJson, remoteEnv]) {
      const runtime = JSON.parse(String(answer?.body)) as RuntimeEnv;
      assert.equal(runtime.apiBaseUrl, env.API_PUBLIC_URL);
      assert.equal(runtime.remotesManifestUrl, `${env.SHELL_PUBLIC_URL}/remotes.json`);
      assert.equal(runtime.videoGatewayUrl, env.VIDEO_GATEWAY_URL);
    }
    const listed = (JSON.parse(String(remotesJson?.body)) as RemotesManifest).remotes;
    assert.deepEqual(
      listed.map((r) => r.entry),
      remotes.map((r) => `${r.publicUrl}${manifestOf(r)}`),
    );
    assert.ok(remotes.every((r) => r.publicUrl.includes('.originate.test:')));
    const csp = page?.headers['content-security-policy'] ?? '';
    for (const r of remotes) assert.ok(csp.includes(r.publicUrl), `the CSP names ${r.publicUrl}`);
    assert.ok(csp.includes(`${env.API_PUBLIC_URL} ${env.API_PUBLIC_URL?.replace(/^http/, 'ws')}${SOCKET_PATH}/`));
    assert.ok(csp.includes(` ${env.VIDEO_GATEWAY_URL} `), 'the CSP names the video gateway');
    assert.equal(federation?.headers['access-control-allow-origin'], env.SHELL_PUBLIC_URL);
    for (const answer of [envJson, remotesJson, page, remoteEnv, federation]) {
      const text = `${JSON.stringify(answer?.headers)}${answer?.body.toString()}`;
      assert.ok(!text.includes('127.0.0.1'), `no loopback origin in ${text.slice(0, 200)}`);
    }
  });
});
