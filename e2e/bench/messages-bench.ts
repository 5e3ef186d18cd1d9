// The messages bench: 10,000 e-mails queued at once in the outbox (one transaction, as a burst of
// lifecycle events would write them) on the real server (its own process, PostgreSQL), delivered over SMTP
// to a local catcher (smtp-server that counts and drops each mail): messages delivered per second (goal
// ≥ 200/s), and another user's API p50 / p95 while they drain beside the same user's on the idle server
// (goal: p95 unchanged within noise). Needs PostgreSQL on 127.0.0.1:5432 (the production path of several
// processes); figures only, no timed test.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { otherClient } from './documents-bench';
import { login, postgresDatabase, startServer } from './lists-bench';
import { round1 } from './stats';

const MESSAGES = 10_000;
const MESSAGES_PER_SECOND_GOAL = 200;
const BASELINE_MS = 8_000;
const DB_NAME = 'originate_bench_messages';

export interface MessageFigures {
  messages: number;
  drainSeconds: number;
  messagesPerSecond: number;
  sent: number;
  failedMessages: number;
  idle: { calls: number; failed: number; p50Ms: number; p95Ms: number; maxMs: number };
  draining: { calls: number; failed: number; p50Ms: number; p95Ms: number; maxMs: number };
  env: Record<string, string>;
}

/** A mail catcher that only counts: the bench measures the sender, not a parser. */
async function catcher() {
  let count = 0;
  let last = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        count++;
        last = performance.now();
        callback();
        for (const w of waiting.filter((x) => count >= x.n)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    count: () => count,
    lastAt: () => last,
    reached: (n: number) =>
      count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function messagesBench(): Promise<MessageFigures> {
  const url = await postgresDatabase(DB_NAME);
  if (!url) throw new Error('needs PostgreSQL on 127.0.0.1:5432');
  const mail = await catcher();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-messages-'));
  const env = { OUTBOX_CONCURRENCY: '20', OUTBOX_BATCH: '200' };
  const server = await startServer(
    { DATABASE_URL: url, DATA_DIR: dataDir, SEED_APPLICATIONS: '0', SEED_LEADS: '0', SMTP_URL: mail.url, ...env },
    { what: 'applications', bench: 'messages' },
  );
  const base = `http://127.0.0.1:${server.port}`;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`DELETE FROM messages WHERE idempotency_key LIKE 'bench-%'`);
    const other = await login(base, 'teamlead', 'Lead@123');
    const idleClient = otherClient(base, other);
    await new Promise((r) => setTimeout(r, BASELINE_MS));
    const idle = await idleClient();

    const drainingClient = otherClient(base, other);
    const run = Date.now();
    const started = performance.now();
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO messages (message_id, idempotency_key, channel, kind, recipient, subject, body_text, body_html,
         attachments, status, next_attempt_at, created_at)
       SELECT 'MSG-bench-' || $1 || '-' || i, 'bench-' || $1 || '-' || i, 'EMAIL', 'TEMPLATE', 'applicant' || i || '@example.in',
              'Your application', 'Dear applicant, your application has moved to its next step.', NULL, '[]'::jsonb,
              'QUEUED', now(), now()
         FROM generate_series(1, $2::int) i`,
      [run, MESSAGES],
    );
    await db.query(`SELECT pg_notify('messages_outbox', 'EMAIL')`);
    await db.query('COMMIT');
    await mail.reached(MESSAGES);
    const drainSeconds = (mail.lastAt() - started) / 1000;
    const draining = await drainingClient();
    const counts = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM messages WHERE idempotency_key LIKE $1 GROUP BY status`,
      [`bench-${run}-%`],
    );
    const byStatus = Object.fromEntries(counts.rows.map((r) => [r.status, r.n]));
    const figures: MessageFigures = {
      messages: MESSAGES,
      drainSeconds: round1(drainSeconds),
      messagesPerSecond: Math.round(MESSAGES / drainSeconds),
      sent: byStatus.SENT ?? 0,
      failedMessages: byStatus.FAILED ?? 0,
      idle,
      draining,
      env,
    };
    console.log(
      `bench messages: ${MESSAGES} in ${figures.drainSeconds} s (${figures.messagesPerSecond}/s); other user p95 ${idle.p95Ms} ms idle, ${draining.p95Ms} ms while draining`,
    );
    return figures;
  } finally {
    await db.end();
    await server.child.stop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's lines for the table `npm run bench` prints. */
export function messageRows(figures: MessageFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['messages (outbox to SMTP)', 'not measured', figures.failed]];
  const { idle, draining } = figures;
  return [
    [
      `${figures.messages} e-mails queued at once: delivered per second to a local SMTP catcher`,
      `${figures.messagesPerSecond}/s (${figures.drainSeconds} s; ${figures.sent} SENT, ${figures.failedMessages} FAILED)`,
      `goal ≥ ${MESSAGES_PER_SECOND_GOAL}/s`,
    ],
    [
      "another user's API p50 / p95 / max: idle, then while they drain",
      `${idle.p50Ms} / ${idle.p95Ms} / ${idle.maxMs} ms; ${draining.p50Ms} / ${draining.p95Ms} / ${draining.maxMs} ms (${draining.calls} calls, ${draining.failed} failed)`,
      'goal: p95 unchanged within noise',
    ],
  ];
}
