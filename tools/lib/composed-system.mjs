// Starts the composed system: mock-server (embedded PGlite, supervised), the video gateway, the mail catcher and
// SMS sink (unless the operator named their own servers) and the static origins of deploy/src/serve.ts. Used by
// `npm start`, the e2e globalSetup and the benchmarks, so all three run the same thing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildableApps } from './app-builds.mjs';
import { startVideoGatewayIfPossible } from './janus-process.mjs';
import { freeMessagePorts, startMessageSinks } from './message-sinks.mjs';
import { freePort, portEnvName, portsEnv } from './ports.mjs';
import { runCommand, startNode, waitForHttp } from './process.mjs';
import { ROOT } from './repo.mjs';
import { superviseServer } from './supervise.mjs';

/** @typedef {import('./ports.mjs').Ports} Ports */
/** @typedef {import('./process.mjs').Proc} Proc */

/** Built apps (dist/mf-manifest.json present) with their ports. */
function builtApps(/** @type {Ports} */ ports) {
  return buildableApps()
    .filter((dir) => existsSync(path.join(ROOT, dir, 'dist', 'mf-manifest.json')))
    .map((dir) => ({ dir, port: /** @type {Record<string, number>} */ (ports)[portEnvName(dir)] }))
    .filter((/** @type {{ dir: string, port: number | undefined }} */ a) => a.port !== undefined);
}

const SERVE = path.join('deploy', 'src', 'serve.ts');
const RELEASE_CLI = path.join('deploy', 'src', 'release-cli.ts');

/**
 * Every built app's dist becomes its current release unless it already is one (deploy/src/release-cli.ts
 * sync), and the origin files follow the configuration.
 * @param {NodeJS.ProcessEnv} env
 */
export async function syncReleases(env) {
  const { code } = await runCommand(process.execPath, ['--import', 'tsx', RELEASE_CLI, 'sync'], { env });
  if (code !== 0) throw new Error(`releasing the built apps failed with exit code ${code}`);
}

/** Where browsers reach an app: <FOLDER>_PUBLIC_URL, else its loopback origin (also as localhost). @param {NodeJS.ProcessEnv} env @param {{ dir: string, port: number }} app */
function publicOrigins(env, app) {
  const configured = env[`${app.dir.replace(/-/g, '_').toUpperCase()}_PUBLIC_URL`];
  return configured
    ? [configured.replace(/\/$/, '')]
    : [`http://127.0.0.1:${app.port}`, `http://localhost:${app.port}`];
}

/**
 * @param {{ ports: Ports, dataDir: string, releasesDir?: string, logDir?: string, env?: NodeJS.ProcessEnv, separateApps?: string[], onRestart?: (name: string, pid: number | undefined) => void, messagePorts?: import('./message-sinks.mjs').MessagePorts, replaceMessageSinks?: boolean, builtServer?: string }} opts
 *   releasesDir: the release store the origins serve (RELEASES_DIR; default deploy/releases).
 *   messagePorts: the mail catcher's SMTP and web ports and the SMS sink's (default: free ports).
 *   replaceMessageSinks: start the catcher and the sink even when SMTP_URL / SMS_GATEWAY_URL are set (e2e).
 *   separateApps: the apps served each by a process of its own, so a test can stop and restart one alone; the
 *   others share one process (a serve.ts each cost the e2e run a few CPU-seconds to start).
 *   onRestart: the supervised server was restarted with a new pid.
 *   builtServer: the API server built to JavaScript (mock-server test/harness/built-server.ts), run by plain node
 *   instead of src/main.ts under tsx (the e2e run: each of its server processes loads in less CPU, supervise.mjs).
 */
export async function startSystem(opts) {
  const apps = builtApps(opts.ports);
  if (!apps.some((a) => a.dir === 'shell')) throw new Error('shell is not built (npx lerna run build)');
  const janusPort = opts.ports.JANUS_PORT ?? (await freePort());
  const configured = {
    ...portsEnv(opts.ports),
    JANUS_PORT: String(janusPort),
    ...(opts.releasesDir ? { RELEASES_DIR: opts.releasesDir } : {}),
    ...opts.env,
  };
  const origins = apps.flatMap((a) => publicOrigins({ ...process.env, ...configured }, a));
  const shellPage =
    configured.SHELL_PUBLIC_URL || process.env.SHELL_PUBLIC_URL || `http://127.0.0.1:${opts.ports.SHELL_PORT}`;
  const logDir = opts.logDir;
  const env = {
    DATA_DIR: opts.dataDir,
    CORS_ORIGINS: origins.join(','),
    CUSTOMER_PORTAL_URL: `${shellPage.replace(/\/$/, '')}/newapplication?product=PL`,
    ...configured,
  };
  // Mail and SMS leave through the operator's servers when SMTP_URL / SMS_GATEWAY_URL are set, else through
  // the local catcher and sink, which the API is pointed at. They load while the releases sync.
  const [messagesStarted, synced] = await Promise.allSettled([
    startMessageSinks({
      ports: opts.messagePorts ?? (await freeMessagePorts()),
      dataDir: opts.dataDir,
      configured: { ...process.env, ...configured },
      replaceConfigured: opts.replaceMessageSinks,
      logDir,
    }),
    syncReleases(env),
  ]);
  if (messagesStarted.status === 'rejected' || synced.status === 'rejected') {
    if (messagesStarted.status === 'fulfilled') await messagesStarted.value.stop();
    throw messagesStarted.status === 'rejected'
      ? messagesStarted.reason
      : /** @type {PromiseRejectedResult} */ (synced).reason;
  }
  const messages = messagesStarted.value;
  Object.assign(env, messages.env);
  // The video gateway first: it and the API share <DATA_DIR>/janus/keys.json. Optional: without it the
  // back office runs and the video pages say the gateway is unavailable (deploy README "Video gateway").
  const janus = await startVideoGatewayIfPossible({ dataDir: opts.dataDir, port: janusPort, logDir, env });
  /** @type {Map<string, Proc>} */
  const appProcs = new Map();

  // One crash of the API must not take the origins down: it is restarted.
  const server = superviseServer({
    env,
    logDir,
    built: opts.builtServer,
    onStart: (pid) => opts.onRestart?.('server', pid),
  });

  /** @param {string} dir */
  async function startApp(dir) {
    const app = apps.find((a) => a.dir === dir);
    if (!app) throw new Error(`${dir}: not a built app`);
    const proc = startNode(dir, ['--import', 'tsx', SERVE, '--app', dir], { env, logDir });
    appProcs.set(dir, proc);
    await waitForHttp(`http://127.0.0.1:${app.port}/env.json`, proc);
    return proc;
  }

  /** @param {string} dir */
  async function stopApp(dir) {
    await appProcs.get(dir)?.stop();
    appProcs.delete(dir);
  }

  async function stop() {
    await Promise.all([...appProcs.values(), server, ...(janus ? [janus] : [])].map((p) => p.stop()));
    // Last: mail the API was still sending while it drained reaches the catcher.
    await messages.stop();
  }

  try {
    const separate = apps.filter((a) => opts.separateApps?.includes(a.dir));
    const together = apps.filter((a) => !separate.includes(a));
    /** @type {Promise<unknown>[]} */
    const started = separate.map((a) => startApp(a.dir));
    if (together.length > 0) {
      // With none apart, no --app: serve.ts then serves every app with a release, as npm start always has.
      const named = separate.length > 0 ? together.flatMap((a) => ['--app', a.dir]) : [];
      const shared = startNode('web', ['--import', 'tsx', SERVE, ...named], { env, logDir });
      appProcs.set('web', shared);
      started.push(...together.map((a) => waitForHttp(`http://127.0.0.1:${a.port}/env.json`, shared)));
    }
    await Promise.all(started);
    await waitForHttp(`http://127.0.0.1:${opts.ports.SERVER_PORT}/`, server, 180_000);
    server.ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return { apps, env, server, janus, messages, appProcs, startApp, stopApp, stop };
}
