// The real server as a child process (src/main.ts built to JavaScript: built-server.ts), for tests that must
// kill it hard; plus the small HTTP client and PostgreSQL helpers they need. Everything stays on 127.0.0.1.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOGIN_KEY, encryptPayload, type LoginResponse } from '@originate/contract';
import pg from 'pg';
import { PASSWORDS } from '../helpers';
import { builtServer } from './built-server';
import { TEST_PGLITE } from './seeded';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOST = '127.0.0.1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  url: string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill9(): Promise<void>;
  /** SIGTERM: the server's own clean close. */
  stop(): Promise<void>;
  /** Sends a signal and returns at once. */
  signal(name: NodeJS.Signals): void;
  /** How the process ended, once it has. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the output holds `text`. */
  printed(text: string): Promise<void>;
  output(): string;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts the server --seed (as npm start does; src/main.ts built: built-server.ts) with `env` on a free port and
 * resolves once it prints its URL.
 * The timeout is a net for a server that never starts, not a speed check: seeding a fresh PGlite on a 2-core
 * machine shared with other runs took 3 min 20 s (19 CPU-s), so anything shorter failed sound servers.
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 300_000): Promise<ChildServer> {
  const port = await freePort();
  const { DATABASE_URL: _inherited, DATA_DIR: _dir, ...base } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', await builtServer(), '--seed'], {
    cwd: PACKAGE_ROOT,
    // No SLA sweep unless the test asks for one (helpers.ts startServer says why).
    env: {
      ...base,
      ...TEST_PGLITE,
      HOST,
      SERVER_PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SLA_SWEEP_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running (and seeding) after the test that gave up on it.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const check = () => {
      if (log.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${log}`));
    });
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    url: `http://${HOST}:${port}`,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    signal(name) {
      child.kill(name);
    },
    exit,
    printed: (text) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!log.includes(text)) return false;
          child.stdout?.off('data', check);
          resolve();
          return true;
        };
        if (!check()) child.stdout?.on('data', check);
      }),
    output: () => log,
  };
}

export interface Session {
  headers: Record<string, string>;
}

/** One real login over HTTP (the login rate limit allows one per start easily). */
export async function httpLogin(url: string, username: string): Promise<Session> {
  const password = await encryptPayload(PASSWORDS[username] ?? '', DEFAULT_LOGIN_KEY);
  const res = await fetch(`${url}/v3/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as LoginResponse;
  return { headers: { access_token: body.access_token, sessionid: body.sessionid } };
}

export const PG_HOST = '127.0.0.1';
export const PG_PORT = 5432;
export const REDIS_HOST = '127.0.0.1';
export const REDIS_PORT = 6379;

/** One try: 'yes', 'no' (refused or failed at once), or 'slow' (no answer within `timeoutMs`). */
function tcpTry(host: string, port: number, timeoutMs: number): Promise<'yes' | 'no' | 'slow'> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => {
      socket.destroy();
      resolve('yes');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('slow');
    });
    socket.once('error', () => resolve('no'));
  });
}

/**
 * Whether something accepts a TCP connection on host:port. A refusal answers at once; a timeout is tried
 * again (3 × 5 s), because on a loaded machine a niced test process can miss a 1 s timer while the service
 * is up (a CI run once skipped the PostgreSQL tests that way). With CI=true the production path must run
 * (tools/scripts/test.mjs checks it before starting), so a service that does not answer fails the file
 * instead of skipping it.
 */
async function tcpAnswers(host: string, port: number, what: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await tcpTry(host, port, 5_000);
    if (answer === 'yes') return true;
    if (answer === 'no') break;
  }
  if (process.env.CI === 'true') throw new Error(`CI=true: ${what} must answer on ${host}:${port}, and it does not`);
  return false;
}

export const pgAnswers = () => tcpAnswers(PG_HOST, PG_PORT, 'PostgreSQL');
export const redisAnswers = () => tcpAnswers(REDIS_HOST, REDIS_PORT, 'Redis');

/**
 * A fresh database for one run, empty or a copy of the database `template` (harness/pg-templates.ts); `drop`
 * removes it (forcing out any connection a killed server left).
 */
export async function scratchDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@${PG_HOST}:${PG_PORT}/postgres` });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres@${PG_HOST}:${PG_PORT}/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: `postgres://postgres@${PG_HOST}:${PG_PORT}/postgres` });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
