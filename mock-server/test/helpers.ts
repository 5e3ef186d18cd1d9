// Test harness: a fresh copy of the seeded template per server (its database restored in memory), a movable clock, and small request helpers.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LOGIN_KEY, decryptPayload, encryptPayload, type LoginResponse } from '@originate/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BuildOptions } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { buildSeeded, TEST_PGLITE, type TestDatabase } from './harness/seeded';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(seconds: number): void;
  close(): Promise<void>;
}

/**
 * A test's server on a fresh copy of the seeded data, its database restored in memory; 'on-disk' when a test
 * starts another server on the same data after this one (harness/seeded.ts).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  options: BuildOptions = {},
  database: TestDatabase = 'in-memory',
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'originate-mock-'));
  // No SLA sweep unless a test asks for one: its marks and notifications would land in other tests' answers.
  const config = loadConfig({
    ...TEST_PGLITE,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SLA_SWEEP_INTERVAL_MS: '0',
    ...env,
  });
  let offsetMs = 0;
  const app = await buildSeeded(config, { now: () => new Date(Date.now() + offsetMs), ...options }, database);
  return {
    app,
    config,
    dataDir,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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
