// Starts the composed system: mock-server (embedded PGlite) and the static origins of deploy/src/serve.ts.
// Used by `npm start`, the e2e globalSetup and the benchmarks, so all three run the same thing.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildableApps } from './build.mjs';
import { startJanusIfPossible } from './janus.mjs';
import { restartDecision, restartLine } from './restart-policy.mjs';
import { ROOT, run } from './run.mjs';

/** Defaults of the architecture guide (deploy/ports.json); start.mjs, e2e and bench pass their own. */
/** @type {{ SERVER_PORT: number, SHELL_PORT: number, MFE_APPLICATIONS_PORT: number, MFE_LEADS_PORT: number, MFE_CUSTOMER_FLOW_PORT: number, MFE_NOTIFICATIONS_PORT: number, MFE_VIDEO_PORT: number, MFE_REPORTS_PORT: number, JANUS_PORT: number }} */
const DEFAULT_PORTS = JSON.parse(readFileSync(path.join(ROOT, 'deploy', 'ports.json'), 'utf8'));

/**
 * JANUS_PORT (the video gateway's websocket) may be left out: startSystem then takes a free port, so a test
 * run's gateway never meets the one `npm start` runs on 8188.
 * @typedef {Record<Exclude<keyof typeof DEFAULT_PORTS, 'JANUS_PORT'>, number> & { JANUS_PORT?: number }} Ports
 */

/** @param {NodeJS.ProcessEnv} env @returns {Ports} */
export function portsFrom(env) {
  /** @type {Record<string, number>} */
  const ports = {};
  for (const [name, fallback] of Object.entries(DEFAULT_PORTS)) {
    const raw = env[name];
    const port = raw ? Number(raw) : fallback;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}: '${raw}' is not a port number`);
    ports[name] = port;
  }
  return /** @type {Ports} */ (ports);
}

/** 'mfe-customer-flow' → 'MFE_CUSTOMER_FLOW_PORT' */
export function portEnvName(/** @type {string} */ dir) {
  return `${dir.replace(/-/g, '_').toUpperCase()}_PORT`;
}

/** Built apps (dist/mf-manifest.json present) with their ports. */
function builtApps(/** @type {Ports} */ ports) {
  return buildableApps()
    .filter((dir) => existsSync(path.join(ROOT, dir, 'dist', 'mf-manifest.json')))
    .map((dir) => ({ dir, port: /** @type {Record<string, number>} */ (ports)[portEnvName(dir)] }))
    .filter((/** @type {{ dir: string, port: number | undefined }} */ a) => a.port !== undefined);
}

/** @param {Ports} ports */
export function portsEnv(ports) {
  return Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)]));
}

/** @param {string} dir @param {string} name */
function openLog(dir, name) {
  mkdirSync(dir, { recursive: true });
  return openSync(path.join(dir, `${name}.log`), 'a');
}

/** The API drains for up to DRAIN_TIMEOUT_MS after SIGTERM (mock-server README); a static origin within a moment. */
const DEFAULT_DRAIN_MS = 10_000;

/** How long a stopped process may take before it is killed: its drain, and a little more to close. @param {NodeJS.ProcessEnv} env */
function stopGraceMs(env) {
  const drain = Number(env.DRAIN_TIMEOUT_MS ?? process.env.DRAIN_TIMEOUT_MS);
  return (Number.isInteger(drain) && drain > 0 ? drain : DEFAULT_DRAIN_MS) + 2000;
}

/**
 * One child process in its own process group, so stopping it also stops anything it started.
 * @param {string} name
 * @param {string[]} args node arguments
 * @param {{ env: NodeJS.ProcessEnv, logDir?: string, ipc?: boolean }} opts
 *   ipc: a message channel to the child (send, onMessage); it does not keep this process alive.
 */
export function startProcess(name, args, opts) {
  // With a log file the child writes to it directly: it then outlives a parent that exits (a
  // test worker restarting one remote) without a broken pipe.
  const logFd = opts.logDir ? openLog(opts.logDir, name) : null;
  /** @type {import('node:child_process').StdioOptions} */
  const stdio = logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...opts.env },
    stdio: opts.ipc ? [...stdio, 'ipc'] : stdio,
    detached: true,
  });
  child.channel?.unref();
  if (logFd === null) {
    const prefix = (/** @type {NodeJS.WriteStream} */ sink) => (/** @type {Buffer} */ chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) sink.write(`[${name}] ${line}\n`);
    };
    child.stdout?.on('data', prefix(process.stdout));
    child.stderr?.on('data', prefix(process.stderr));
  } else {
    closeSync(logFd);
    child.unref();
  }
  let exited = false;
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
  });
  return {
    name,
    pid: child.pid,
    get exited() {
      return exited;
    },
    done,
    /** Sends over the IPC channel; a child that is gone or has none is not an error. */
    send(/** @type {unknown} */ message) {
      if (child.connected) child.send(/** @type {import('node:child_process').Serializable} */ (message), () => {});
    },
    /** @param {(message: any) => void} listener */
    onMessage(listener) {
      child.on('message', listener);
    },
    /** Stops the whole process group and waits until the process is gone. */
    async stop() {
      if (exited || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, stopGraceMs(opts.env));
      await done;
      clearTimeout(timer);
    },
  };
}

/** @typedef {ReturnType<typeof startProcess>} Proc */

/** The last lines of a log file (read from its last 4 KiB), to say why a process stopped. */
function logTail(/** @type {string} */ file, lines = 15) {
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.alloc(Math.min(size, 4096));
      readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      return buffer.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * Keeps a process running until stop() is called: restarted after every exit as restartDecision
 * says, with a line saying why it stopped, after how long, and when it serves again. Supervision
 * starts with ready(): a process that dies before it ever served (a bad setting, a port in use) is
 * not restarted, so the start fails at once with its log.
 *
 * The child talks to the supervisor over IPC (env SUPERVISOR_IPC=1): it sends { supervisor: 'serving' }
 * once it serves. With standby, a second process (env SUPERVISOR_STANDBY=1) is kept warm: it loads its
 * code, sends { supervisor: 'standby' } and waits for { supervisor: 'start' }; a restart promotes it,
 * so the code is never loaded while the service is down. It is started with the first run and with
 * each restart, so even a run that dies soon finds it (nearly) loaded; a child that does not speak IPC
 * is restarted cold.
 * @param {string} name
 * @param {string[]} args node arguments
 * @param {{ env: NodeJS.ProcessEnv, logDir?: string, standby?: boolean, firstArgs?: string[], onStart?: (pid: number | undefined) => void, log?: (message: string) => void }} opts
 *   firstArgs: node arguments of the first start only (restarts and the standby use args)
 *   onStart: called with the pid of each restarted process
 */
export function superviseProcess(name, args, opts) {
  const log = opts.log ?? console.error;
  const launch = (/** @type {boolean} */ standby, first = false) =>
    startProcess(name, first ? (opts.firstArgs ?? args) : args, {
      ...opts,
      env: { ...opts.env, SUPERVISOR_IPC: '1', ...(standby ? { SUPERVISOR_STANDBY: '1' } : {}) },
      ipc: true,
    });
  let stopped = false;
  let supervising = false;
  let delay = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** When the last run stopped, until its successor serves. */
  let downSince = 0;
  /** @type {{ proc: Proc, loaded: boolean, promoted: boolean } | null} */
  let spare = null;
  /** @type {{ proc: Proc, startedAt: number, served: boolean }} */
  let current = { proc: launch(false, true), startedAt: Date.now(), served: false };

  const keepSpare = () => {
    if (!opts.standby || spare || stopped) return;
    const proc = launch(true);
    const warm = { proc, loaded: false, promoted: false };
    spare = warm;
    proc.onMessage((message) => {
      if (message?.supervisor !== 'standby') return;
      warm.loaded = true;
      if (warm.promoted) proc.send({ supervisor: 'start' });
    });
    proc.done.then(() => {
      if (spare === warm) spare = null;
    });
  };

  const run = (/** @type {Proc} */ proc) => {
    const thisRun = { proc, startedAt: Date.now(), served: false };
    current = thisRun;
    watch(thisRun);
    keepSpare();
  };

  const served = (/** @type {typeof current} */ thisRun) => {
    if (thisRun.served) return;
    thisRun.served = true;
    if (downSince) {
      log(`[supervisor] ${name} serves again, ${((Date.now() - downSince) / 1000).toFixed(1)} s after it stopped`);
      downSince = 0;
    }
  };

  const watch = (/** @type {typeof current} */ thisRun) => {
    thisRun.proc.onMessage((message) => {
      if (message?.supervisor === 'serving') served(thisRun);
    });
    thisRun.proc.done.then((/** @type {{ code: number | null, signal: string | null }} */ { code, signal }) => {
      if (!supervising && !stopped) {
        stopped = true;
        spare?.proc.stop();
      }
      if (stopped) return;
      const uptimeMs = Date.now() - thisRun.startedAt;
      const decision = restartDecision({ previousDelayMs: delay, served: thisRun.served, uptimeMs });
      delay = decision.delayMs;
      downSince ||= Date.now();
      const tail = opts.logDir ? logTail(path.join(opts.logDir, `${name}.log`)) : '';
      const line = restartLine({
        name,
        code,
        signal,
        uptimeMs,
        served: thisRun.served,
        decision,
        standby: spare !== null,
      });
      log(`${line}${tail ? `. The end of its log:\n${tail}` : ''}`);
      timer = setTimeout(() => {
        const warm = spare;
        spare = null;
        if (warm) {
          warm.promoted = true;
          if (warm.loaded) warm.proc.send({ supervisor: 'start' });
        }
        const proc = warm?.proc ?? launch(false);
        opts.onStart?.(proc.pid);
        run(proc);
      }, delay);
    });
  };
  watch(current);
  // Loaded alongside the first start: a crash soon after it serves finds the standby ready.
  keepSpare();
  return {
    name,
    get pid() {
      return current.proc.pid;
    },
    /** The warm standby's pid, while there is one. */
    get standbyPid() {
      return spare?.proc.pid;
    },
    /** Once ready(), only stop() ends supervision; waitForHttp keeps waiting through restarts. */
    get exited() {
      return stopped;
    },
    /** The process has served once: from now on every exit is restarted. */
    ready() {
      supervising = true;
      served(current);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([current.proc.stop(), spare?.proc.stop()]);
    },
  };
}

/** A port nothing listens on now (loopback only). @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Resolves once the URL answers HTTP at all; rejects if the process exits or time runs out.
 * @param {string} url @param {{ name: string, exited: boolean }} proc what answers there (a Proc, nginx) @param {number} timeoutMs
 */
export async function waitForHttp(url, proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${proc.name} exited before ${url} answered (see its log)`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${proc.name}: ${url} did not answer within ${timeoutMs / 1000} s`);
}

const SERVE = path.join('deploy', 'src', 'serve.ts');
const SERVER = path.join('mock-server', 'src', 'main.ts');

/**
 * The API server (mock-server) under supervision, as startSystem and the crash bench run it.
 * @param {{ env: NodeJS.ProcessEnv, logDir?: string, onStart?: (pid: number | undefined) => void, log?: (message: string) => void }} opts
 */
export function superviseServer(opts) {
  // The first start seeds the database (an empty one gets its configuration and demo bank); restarts do not.
  return superviseProcess('server', ['--import', 'tsx', SERVER], {
    ...opts,
    standby: true,
    firstArgs: ['--import', 'tsx', SERVER, '--seed'],
  });
}

const RELEASE_CLI = path.join('deploy', 'src', 'release-cli.ts');

/**
 * Every built app's dist becomes its current release unless it already is one (deploy/src/release-cli.ts
 * sync), and the origin files follow the configuration.
 * @param {NodeJS.ProcessEnv} env
 */
export async function syncReleases(env) {
  const { code } = await run(process.execPath, ['--import', 'tsx', RELEASE_CLI, 'sync'], { env });
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
 * @param {{ ports: Ports, dataDir: string, releasesDir?: string, logDir?: string, env?: NodeJS.ProcessEnv, separateApps?: boolean, onRestart?: (name: string, pid: number | undefined) => void }} opts
 *   releasesDir: the release store the origins serve (RELEASES_DIR; default deploy/releases).
 *   separateApps: one process per origin, so a test can stop and restart one remote on its own.
 *   onRestart: the supervised server was restarted with a new pid.
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
  const env = {
    DATA_DIR: opts.dataDir,
    CORS_ORIGINS: origins.join(','),
    CUSTOMER_PORTAL_URL: `${shellPage.replace(/\/$/, '')}/newapplication?product=PL`,
    ...configured,
  };
  await syncReleases(env);
  const logDir = opts.logDir;
  // The video gateway first: it and the API share <DATA_DIR>/janus/keys.json. Optional: without it the
  // back office runs and the video pages say the gateway is unavailable (deploy README "Video gateway").
  const janus = await startJanusIfPossible({ dataDir: opts.dataDir, port: janusPort, logDir, env });
  /** @type {Map<string, Proc>} */
  const appProcs = new Map();

  // One crash of the API must not take the origins down: it is restarted.
  const server = superviseServer({ env, logDir, onStart: (pid) => opts.onRestart?.('server', pid) });

  /** @param {string} dir */
  async function startApp(dir) {
    const app = apps.find((a) => a.dir === dir);
    if (!app) throw new Error(`${dir}: not a built app`);
    const proc = startProcess(dir, ['--import', 'tsx', SERVE, '--app', dir], { env, logDir });
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
  }

  try {
    if (opts.separateApps) {
      await Promise.all(apps.map((a) => startApp(a.dir)));
    } else {
      const all = startProcess('web', ['--import', 'tsx', SERVE], { env, logDir });
      appProcs.set('*', all);
      await Promise.all(apps.map((a) => waitForHttp(`http://127.0.0.1:${a.port}/env.json`, all)));
    }
    await waitForHttp(`http://127.0.0.1:${opts.ports.SERVER_PORT}/`, server, 180_000);
    server.ready();
  } catch (error) {
    await stop();
    throw error;
  }
  return { apps, env, server, janus, appProcs, startApp, stopApp, stop };
}
