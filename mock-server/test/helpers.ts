// Test harness: a fresh copy of the seeded template per server (its database restored in memory), a movable clock, and small request helpers.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGIN_KEY, decryptPayload, encryptPayload, type LoginResponse } from '@originate/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BuildOptions } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { seededScratchDatabase } from './harness/pg-templates';
import { buildSeeded, TEST_PGLITE } from './harness/seeded';
import { pgAnswers } from './harness/server';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(seconds: number): void;
  close(): Promise<void>;
}

/**
 * Where a test's server keeps its data unless the test says: PostgreSQL where it answers on 127.0.0.1:5432 (npm
 * test's machines), a scratch copy of a seeded template database (harness/pg-templates.ts); PGlite restored in
 * memory elsewhere. Both are PostgreSQL: the embedded one runs as WebAssembly in the test's own process, and the
 * same three files cost 42 CPU-s there against 32 with the server's (in the process and its backends together).
 * MOCK_SERVER_TEST_DATABASE=pglite|postgres chooses. The files about the embedded database ask for 'pglite'.
 */
let defaultEngine: Promise<'postgres' | 'pglite'> | undefined;
export function defaultTestEngine(): Promise<'postgres' | 'pglite'> {
  defaultEngine ??= (async () => {
    const chosen = process.env.MOCK_SERVER_TEST_DATABASE;
    if (chosen === 'pglite' || chosen === 'postgres') return chosen;
    return (await pgAnswers()) ? 'postgres' : 'pglite';
  })();
  return defaultEngine;
}

/**
 * A test's server on a fresh copy of the seeded data: on the default engine (above) unless `database` says
 * 'pglite' (restored in memory) or 'on-disk' (PGlite on disk, when a test starts another server on the same
 * data after this one: harness/seeded.ts). A test that brings its own database (`DATABASE_URL`, `DATA_DIR`,
 * `options.db`) gets it.
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  options: BuildOptions = {},
  database: 'default' | 'pglite' | 'on-disk' = 'default',
): Promise<TestServer> {
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs), ...options };
  const advance = (seconds: number) => {
    offsetMs += seconds * 1000;
  };
  const ownDatabase = Boolean(options.db || env.DATABASE_URL || env.DATA_DIR);
  if (database === 'default' && !ownDatabase && (await defaultTestEngine()) === 'postgres') {
    const scratch = await seededScratchDatabase('originate_test', seedEnv(env));
    const config = testConfig({ ...env, DATA_DIR: scratch.dataDir, DATABASE_URL: scratch.url });
    const app = await buildSeeded(config, clock);
    return {
      app,
      config,
      dataDir: scratch.dataDir,
      advance,
      async close() {
        await app.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'originate-mock-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const app = await buildSeeded(config, clock, database === 'on-disk' ? 'on-disk' : 'in-memory');
  return {
    app,
    config,
    dataDir,
    advance,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test server's configuration. No SLA sweep unless a test asks for one: its marks and notifications would land in other tests' answers. */
function testConfig(env: NodeJS.ProcessEnv): Config {
  return loadConfig({ ...TEST_PGLITE, NODE_ENV: 'test', SLA_SWEEP_INTERVAL_MS: '0', ...env });
}

/** The settings of env that shape a seed, and only those, as the PGlite templates are seeded (harness/seeded.ts). */
function seedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const shaping = ['NODE_ENV', 'SEED_APPLICATIONS', 'SEED_LEADS'];
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => shaping.includes(entry[0]) && entry[1] !== undefined,
    ),
  );
}

export const PASSWORDS: Record<string, string> = {
  officer: 'Officer@123',
  teamlead: 'Lead@123',
  approver: 'Approver@123',
  opsadmin: 'Admin@123',
  developer: 'Developer@123',
  debugger: 'Debugger@123',
  outsider: 'Outsider@123',
};

export interface Login extends LoginResponse {
  xsrf: string;
  headers: Record<string, string>;
}

export async function loginRaw(
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/v3/auth/login',
    headers,
    payload: { username, password: await encryptPayload(password, DEFAULT_LOGIN_KEY) },
  });
}

export async function login(app: FastifyInstance, username: string): Promise<Login> {
  const res = await loginRaw(app, username, PASSWORDS[username] ?? '');
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json<LoginResponse>();
  const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { ...body, xsrf, headers: { access_token: body.access_token, sessionid: body.sessionid } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  who?: Login | Record<string, string>,
  payload?: InjectOptions['payload'],
): Promise<LightMyRequestResponse> {
  const headers =
    who && 'headers' in who && typeof who.headers === 'object' ? who.headers : (who as Record<string, string>);
  return app.inject({ method, url, headers: { ...(headers ?? {}) }, ...(payload === undefined ? {} : { payload }) });
}

/** The labels of a 400/1101 answer. */
export function labels(res: LightMyRequestResponse): string[] {
  const body = res.json<{ code: number; message: string; errors: { label: string }[] }>();
  if (res.statusCode !== 400 || body.code !== 1101 || body.message !== 'Validation Failed') {
    throw new Error(`expected 400/1101, got ${res.statusCode} ${res.body}`);
  }
  return body.errors.map((e) => e.label);
}

/** The body of an admin response: it must arrive as a {data} envelope keyed by the caller's token. */
export async function opened<T = Record<string, unknown>>(res: LightMyRequestResponse, who: Login): Promise<T> {
  const body = res.json<{ data?: unknown }>();
  assert.deepEqual(Object.keys(body), ['data'], `expected a {data} envelope, got ${res.body}`);
  return decryptPayload<T>(String(body.data), who.access_token);
}

/** The four staff roles most route tests act as, logged in. */
export async function loginStaff(app: FastifyInstance) {
  return {
    officer: await login(app, 'officer'),
    lead: await login(app, 'teamlead'),
    admin: await login(app, 'opsadmin'),
    approver: await login(app, 'approver'),
  };
}

/** A multipart/form-data body of fields and files, as a browser's form sends it. */
export function multipart(
  parts: { name: string; value?: string; file?: { name: string; data: Buffer; type?: string } }[],
) {
  const boundary = `----originate${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.name}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The seeded personal loan PL-2026-000113 at 4 lakh, its open task's approval asked for by `officer` (answered
 * 200): the start of the sanction the messages tests follow. Answers the approval's id.
 */
export async function askSanctionOf4Lakh(s: TestServer, officer: Login): Promise<{ id: string; approvalId: string }> {
  const id = 'PL-2026-000113';
  await s.app.ctx.db.query('UPDATE applications SET loan_amount = 400000 WHERE application_id = $1', [id]);
  const [task] = await s.app.ctx.db.query<{ task_id: string }>(
    `SELECT task_id FROM tasks WHERE application_id = $1 AND progress IN ('In Progress', 'Pending')
      ORDER BY start_time DESC LIMIT 1`,
    [id],
  );
  const asked = await call(s.app, 'POST', '/v3/application/approvals/request', officer, {
    application_id: id,
    taskId: task?.task_id,
    kind: 'APPROVAL',
    reason: 'Sanction of the loan',
  });
  assert.equal(asked.statusCode, 200, asked.body);
  return { id, approvalId: asked.json().approvalId };
}
