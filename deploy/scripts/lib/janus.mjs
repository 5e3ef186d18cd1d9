// Debian's Janus (the one-to-one video gateway, issue 21) as the project's own process (deploy README
// "Video gateway"): installed with apt-get when missing, its configuration generated from deploy/janus
// into <DATA_DIR>/janus/config with the install's keys, run as `janus -F <that folder>` in the foreground.
// Started by `npm start`, `npm run dev` and the e2e global setup (startSystem), stopped with them. The back
// office does not depend on it: when it cannot start, the rest starts anyway and says so.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { aptInstall } from './apt.mjs';
import { ROOT } from './run.mjs';

export const JANUS = '/usr/bin/janus';
const TEMPLATES = path.join(ROOT, 'deploy', 'janus');
/** Websocket port of the gateway unless JANUS_PORT says otherwise (deploy/ports.json). */
export const DEFAULT_JANUS_PORT = 8188;

export function hasJanus() {
  return existsSync(JANUS);
}

/** Installs Debian's janus (1.1.2 on Debian 12: websockets transport and videoroom plugin) when missing. */
export async function ensureJanus() {
  await aptInstall('Debian janus (the video gateway)', ['janus'], [JANUS]);
}

/**
 * The install's gateway keys, shared by Janus's configuration and the API server (which derives the call
 * tokens and the Admin API's admin_secret from the token secret, and alone uses the admin key to create
 * rooms): JANUS_ADMIN_KEY and JANUS_TOKEN_SECRET when
 * both are set, else <dataDir>/janus/keys.json, made once (128 random bits each, mode 0600). The API
 * reads the same file (mock-server src/modules/video/keys.ts), whichever of the two starts first makes it.
 * @param {string} dataDir @param {NodeJS.ProcessEnv} env
 * @returns {{ adminKey: string, tokenSecret: string }}
 */
export function gatewayKeys(dataDir, env = process.env) {
  if (env.JANUS_ADMIN_KEY && env.JANUS_TOKEN_SECRET) {
    return { adminKey: env.JANUS_ADMIN_KEY, tokenSecret: env.JANUS_TOKEN_SECRET };
  }
  const file = path.join(dataDir, 'janus', 'keys.json');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fresh = { adminKey: randomBytes(16).toString('hex'), tokenSecret: randomBytes(32).toString('hex') };
  try {
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof stored.adminKey !== 'string' || typeof stored.tokenSecret !== 'string') {
    throw new Error(`${file}: must hold { adminKey, tokenSecret }`);
  }
  return { adminKey: stored.adminKey, tokenSecret: stored.tokenSecret };
}

/**
 * The Admin API's admin_secret, derived from the token secret as the API derives it (mock-server
 * src/modules/video/keys.ts adminSecretOf). @param {string} tokenSecret
 */
function adminSecretOf(tokenSecret) {
  return createHmac('sha256', tokenSecret).update('janus admin_secret').digest('hex');
}

/** The Admin API's unix socket (the API's src/modules/video/gateway-admin.ts). @param {string} dataDir */
function adminSocketOf(dataDir) {
  return path.join(dataDir, 'janus', 'admin.sock');
}

/** Debian's folder of Janus's plugins, transports, event handlers and loggers (per architecture). */
function janusLibDir() {
  for (const triplet of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    const dir = path.join('/usr/lib', triplet, 'janus');
    if (existsSync(path.join(dir, 'plugins'))) return dir;
  }
  return '/usr/lib/x86_64-linux-gnu/janus';
}

/** A value that goes between the quotes of a jcfg string. @param {string} name @param {string} value */
function jcfgString(name, value) {
  if (/["\\\n\r]/.test(value)) throw new Error(`${name}: '${value}' cannot go into a Janus configuration`);
  return value;
}

/**
 * Writes deploy/janus/*.jcfg into <dataDir>/janus/config with the values filled in; answers the folder.
 * Written again on every start, so a permanent room Janus saved there is gone after a restart (an agent's
 * join creates its room again).
 * @param {{ dataDir: string, port: number, env?: NodeJS.ProcessEnv }} opts
 */
export function writeJanusConfig(opts) {
  const env = opts.env ?? process.env;
  const keys = gatewayKeys(opts.dataDir, env);
  const configDir = path.join(opts.dataDir, 'janus', 'config');
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const host = env.JANUS_INTERFACE || '127.0.0.1';
  const rtp = env.JANUS_RTP_PORT_RANGE || '20000-40000';
  if (!/^\d{1,5}-\d{1,5}$/.test(rtp)) throw new Error(`JANUS_RTP_PORT_RANGE: '${rtp}' is not <min>-<max>`);
  /** @type {Record<string, string>} */
  const values = {
    CONFIG_DIR: jcfgString('DATA_DIR', configDir),
    ADMIN_KEY: jcfgString('JANUS_ADMIN_KEY', keys.adminKey),
    ADMIN_SECRET: adminSecretOf(keys.tokenSecret),
    ADMIN_SOCKET: jcfgString('DATA_DIR', adminSocketOf(opts.dataDir)),
    WS_PORT: String(opts.port),
    WS_IP: jcfgString('JANUS_INTERFACE', host),
    ICE_ENFORCE_LIST: jcfgString('JANUS_ICE_ENFORCE_LIST', env.JANUS_ICE_ENFORCE_LIST || host),
    RTP_PORT_RANGE: rtp,
    LIB_DIR: janusLibDir(),
  };
  for (const name of readdirSync(TEMPLATES).filter((f) => f.endsWith('.jcfg'))) {
    const text = readFileSync(path.join(TEMPLATES, name), 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, key) => {
      const value = values[key];
      if (value === undefined) throw new Error(`deploy/janus/${name}: unknown placeholder {{${key}}}`);
      return value;
    });
    writeFileSync(path.join(configDir, name), text, { mode: 0o600 });
  }
  return configDir;
}

/** Whether something accepts TCP connections on 127.0.0.1:port. @param {number} port @returns {Promise<boolean>} */
function listening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port (or rejects after timeoutMs). @param {number} port @param {{ exited: boolean }} proc */
async function waitForPort(port, proc, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exited) throw new Error('janus exited before it listened');
    if (await listening(port)) return;
    if (Date.now() > deadline) throw new Error(`janus did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Generates the configuration and runs `janus -F <config>` until stop(); resolves once the websocket port
 * listens. Its output goes to <logDir>/janus.log, or prefixed to this process's stderr.
 * @param {{ dataDir: string, port: number, logDir?: string, env?: NodeJS.ProcessEnv }} opts
 */
export async function startJanus(opts) {
  // Another gateway (a running `npm start`, Debian's service) would answer in this one's place.
  if (await listening(opts.port)) throw new Error(`127.0.0.1:${opts.port} is in use (JANUS_PORT)`);
  const configDir = writeJanusConfig(opts);
  // A socket file left by a gateway that did not end cleanly would keep the Admin API from listening.
  rmSync(adminSocketOf(opts.dataDir), { force: true });
  const recordings = path.join(opts.dataDir, 'recordings');
  mkdirSync(recordings, { recursive: true });
  /** @type {import('node:child_process').StdioOptions} */
  let stdio = ['ignore', 'pipe', 'pipe'];
  if (opts.logDir) {
    mkdirSync(opts.logDir, { recursive: true });
    const { openSync } = await import('node:fs');
    const fd = openSync(path.join(opts.logDir, 'janus.log'), 'a');
    stdio = ['ignore', fd, fd];
  }
  const child = spawn(JANUS, ['-F', configDir, '--disable-colors'], { cwd: opts.dataDir, stdio, detached: true });
  if (!opts.logDir) {
    const prefix = (/** @type {Buffer} */ chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[janus] ${line}\n`);
    };
    child.stdout?.on('data', prefix);
    child.stderr?.on('data', prefix);
  } else {
    child.unref();
  }
  let exited = false;
  /** @type {Promise<{ code: number | null, signal: string | null }>} */
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.on('error', () => {
      exited = true;
      resolve({ code: 127, signal: null });
    });
  });
  const proc = {
    name: 'janus',
    pid: child.pid,
    port: opts.port,
    get exited() {
      return exited;
    },
    done,
    /** Ends Janus (SIGTERM, then SIGKILL after 5 s) and waits until it is gone. */
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
      }, 5000);
      await done;
      clearTimeout(timer);
    },
  };
  try {
    await waitForPort(opts.port, proc);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return proc;
}

/**
 * Janus for the composed system, as an extra: installed when missing and started; a failure is printed and
 * answers null (the back office runs without video; the API's GET /v3/video/gateway says the gateway is down).
 * @param {{ dataDir: string, port: number, logDir?: string, env?: NodeJS.ProcessEnv }} opts
 */
export async function startJanusIfPossible(opts) {
  try {
    await ensureJanus();
    return await startJanus(opts);
  } catch (error) {
    console.error(`[janus] not started, video calls are unavailable: ${/** @type {Error} */ (error).message}`);
    return null;
  }
}
