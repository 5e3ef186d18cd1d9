// The outbox survives what a process may suffer (README "Messages"): a server killed with -9 while a mail is
// in the SMTP exchange (committed, claimed, not yet delivered) loses nothing, and the next server sends it
// once the lease has run out; two servers on one PostgreSQL send each message once. Real server processes,
// a real SMTP server; the PostgreSQL part is skipped with the reason when none answers.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { API_PATHS } from '@originate/contract';
import { openDb } from '../src/db';
import { enqueueMessage } from '../src/modules/messages';
import { startMailSink, until } from './harness/message-sinks';
import { seededScratchDatabase } from './harness/pg-templates';
import { seededDataDir, TEST_PGLITE_SHARED_BUFFERS_MB } from './harness/seeded';
import { PG_HOST, PG_PORT, pgAnswers, spawnServer } from './harness/server';

const REDIRECT = 'http://127.0.0.1:3000/reset-password';
/** A short lease, so the next server claims the killed one's message soon; sends start only well inside it. */
const FAST = { OUTBOX_LEASE_MS: '10000', OUTBOX_SEND_TIMEOUT_MS: '3000', OUTBOX_POLL_MS: '500' };

describe('kill -9 between commit and delivery', () => {
  it('loses nothing and sends once', async () => {
    const stalling = await startMailSink();
    const accepting = await startMailSink();
    stalling.mode = 'stall';
    const dataDir = await seededDataDir();
    try {
      const first = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: stalling.url, ...FAST });
      try {
        const res = await fetch(`${first.url}${API_PATHS.forgetPassword}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'officer', redirectURL: REDIRECT }),
        });
        assert.equal(res.status, 200, await res.text());
        // The mail is in the SMTP exchange, which never ends: committed and claimed, not delivered.
        await until(async () => stalling.stalled > 0);
      } finally {
        await first.kill9();
      }
      const second = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: accepting.url, ...FAST });
      try {
        const [mail] = await accepting.waitFor(1);
        assert.match(mail?.text ?? '', /reset-password\?token=/);
        assert.match(mail?.messageId ?? '', /^<password-reset-\d+@/);
      } finally {
        await second.stop();
      }
      const db = await openDb({ dataDir, pgliteSharedBuffersMb: TEST_PGLITE_SHARED_BUFFERS_MB });
      try {
        const rows = await db.query<{ status: string; attempts: number }>(
          `SELECT status, attempts FROM messages WHERE kind = 'PASSWORD_RESET'`,
        );
        assert.deepEqual(rows, [{ status: 'SENT', attempts: 2 }]);
      } finally {
        await db.close();
      }
      assert.equal(accepting.mails.length, 1, 'sent once');
    } finally {
      await Promise.all([stalling.close(), accepting.close()]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const pgUp = await pgAnswers();
const skip = pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT} (PostgreSQL)`;
if (skip) console.log(`# messages on two servers skipped: ${skip}`);

describe('two servers on one PostgreSQL', { skip }, () => {
  it('send each message once', async () => {
    const COUNT = 300;
    const sink = await startMailSink();
    // The run's seeded template database (harness/pg-templates.ts): the servers find migrations and seed done.
    const database = await seededScratchDatabase('originate_messages');
    try {
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: database.dataDir,
        SMTP_URL: sink.url,
        OUTBOX_BATCH: '20',
        ...FAST,
      };
      const a = await spawnServer(env);
      const b = await spawnServer(env);
      try {
        const db = await openDb({ databaseUrl: database.url, dataDir: '' });
        try {
          await db.transaction(async (tx) => {
            for (let i = 0; i < COUNT; i++) {
              await enqueueMessage(
                tx,
                {
                  channel: 'EMAIL',
                  kind: 'TEMPLATE',
                  to: `n${i}@example.in`,
                  subject: `#${i}`,
                  text: 'hello',
                  idempotencyKey: `two-${i}`,
                },
                new Date(),
              );
            }
          });
          await sink.waitFor(COUNT);
          const sent = await until(async () => {
            const [row] = await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM messages WHERE status = 'SENT'`,
            );
            return row?.n === COUNT && row;
          });
          assert.equal(sent.n, COUNT);
        } finally {
          await db.close();
        }
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      const ids = sink.mails.map((m) => m.messageId);
      assert.equal(ids.length, COUNT);
      assert.equal(new Set(ids).size, COUNT, 'no message went twice');
    } finally {
      await sink.close();
      await database.drop();
    }
  });
});
