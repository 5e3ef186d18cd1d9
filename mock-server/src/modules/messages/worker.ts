// The outbox's worker (README "Messages"): claims due messages with FOR UPDATE SKIP LOCKED and a lease, sends
// them, and marks each SENT, RETRYING (the contract's schedule) or FAILED with its reason. It is woken by the
// NOTIFY of each committed enqueue and polls besides. At least once: a process killed while sending leaves its
// claims SENDING until their lease ends, and then any process claims them again; the idempotency key goes
// out with each attempt (Message-ID, SMS reference) so a provider can drop the repeat. Several processes on
// one PostgreSQL each claim different rows, so each message is sent by one of them.
import { nextAfterFailure } from '@originate/contract';
import type { Queryable } from '../../db';
import type { AppContext, FileStore } from '../../platform/context';
import { WAKE_CHANNEL } from './outbox';
import { openTransports, SendError, type Transports } from './transports';

type WorkerContext = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'files'>;

interface Claimed extends Record<string, unknown> {
  message_id: string;
  idempotency_key: string;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  application_id: string | null;
  attachments: { fileId: string; version?: number }[];
  attempts: number;
  lease_until: Date | string;
}

type Outcome = { id: string; sent: true } | { id: string; sent: false; attempts: number; error: SendError };

/** Kinds whose text is a secret (a code, a reset link): dropped from the table once delivered. */
const REDACTED_KINDS = `kind IN ('OTP', 'PASSWORD_RESET', 'RESUME_LINK')`;

/** Takes up to `batch` due messages of the channels this process can send, leased until `leaseUntil`. */
function claim(db: Queryable, channels: string[], now: Date, batch: number, leaseUntil: Date): Promise<Claimed[]> {
  return db.query<Claimed>(
    `WITH due AS (
       SELECT message_id FROM messages
        WHERE channel = ANY($1::text[])
          AND ((status IN ('QUEUED', 'RETRYING') AND next_attempt_at <= $2) OR (status = 'SENDING' AND lease_until <= $2))
        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     UPDATE messages m SET status = 'SENDING', lease_until = $4, attempts = m.attempts + 1
       FROM due WHERE m.message_id = due.message_id
     RETURNING m.message_id, m.idempotency_key, m.channel, m.recipient, m.subject, m.body_text, m.body_html,
       m.application_id, m.attachments, m.attempts, m.lease_until`,
    [channels, now, batch, leaseUntil],
  );
}

/** The bytes of each attached document (its current file, or the version named), or why one cannot be sent. */
async function attachmentsOf(db: Queryable, files: FileStore, message: Claimed) {
  const out: { fileName: string; mimeType: string; data: Buffer }[] = [];
  for (const { fileId, version } of message.attachments) {
    const [row] = await db.query<{ file_name: string; mime_type: string; blob_hash: string | null }>(
      `SELECT coalesce(v.file_name, d.file_name) AS file_name, coalesce(v.mime_type, d.mime_type) AS mime_type,
              CASE WHEN v.file_id IS NULL THEN d.blob_hash ELSE v.blob_hash END AS blob_hash
         FROM documents d
         LEFT JOIN document_versions v ON v.document_id = d.file_id AND v.version = $3
        WHERE d.file_id = $1 AND d.application_id = $2 AND d.removed_at IS NULL`,
      [fileId, message.application_id, version ?? null],
    );
    const data = row?.blob_hash ? await files.read(row.blob_hash) : null;
    if (!row || !data) throw new SendError(`attachment ${fileId} is no longer among the application's documents`, true);
    out.push({ fileName: row.file_name, mimeType: row.mime_type, data });
  }
  return out;
}

async function sendOne(ctx: WorkerContext, transports: Transports, message: Claimed): Promise<void> {
  const text = message.body_text ?? '';
  if (message.channel === 'SMS') {
    if (!transports.sms) throw new SendError('no SMS gateway configured', false);
    return transports.sms({ to: message.recipient, text, idempotencyKey: message.idempotency_key });
  }
  if (!transports.mail) throw new SendError('no mail server configured', false);
  return transports.mail({
    to: message.recipient,
    subject: message.subject ?? '',
    text,
    html: message.body_html,
    idempotencyKey: message.idempotency_key,
    attachments: await attachmentsOf(ctx.db, ctx.files, message),
  });
}

/** Writes what each send came to: SENT (a secret text dropped), RETRYING at the schedule's time, or FAILED. */
async function record(db: Queryable, outcomes: Outcome[], now: Date): Promise<void> {
  const sent = outcomes.filter((o) => o.sent).map((o) => o.id);
  if (sent.length > 0) {
    await db.query(
      `UPDATE messages SET status = 'SENT', sent_at = $2::timestamptz, lease_until = NULL, last_error = NULL,
         body_text = CASE WHEN ${REDACTED_KINDS} THEN NULL ELSE body_text END,
         body_html = CASE WHEN ${REDACTED_KINDS} THEN NULL ELSE body_html END,
         redacted_at = CASE WHEN ${REDACTED_KINDS} THEN $2::timestamptz END
       WHERE message_id = ANY($1::text[]) AND status = 'SENDING'`,
      [sent, now],
    );
  }
  for (const outcome of outcomes) {
    if (outcome.sent) continue;
    const next = nextAfterFailure(outcome.attempts, now, outcome.error.permanent);
    await db.query(
      `UPDATE messages SET status = $2, next_attempt_at = coalesce($3, next_attempt_at), lease_until = NULL,
         last_error = $4 WHERE message_id = $1 AND status = 'SENDING'`,
      [
        outcome.id,
        'retryAt' in next ? 'RETRYING' : 'FAILED',
        'retryAt' in next ? next.retryAt : null,
        outcome.error.message.slice(0, 1000),
      ],
    );
  }
}

/** Puts claims back untried (their lease would run out during the send, or the worker stops). */
async function release(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE messages SET status = CASE WHEN attempts > 1 THEN 'RETRYING' ELSE 'QUEUED' END,
       attempts = attempts - 1, lease_until = NULL
     WHERE message_id = ANY($1::text[]) AND status = 'SENDING'`,
    [ids],
  );
}

export interface MessageWorker {
  /** Looks for due messages now (the NOTIFY of a commit calls it; tests that move the clock too). */
  wake(): void;
  /** Stops claiming, waits for the sends under way and records them, and closes the transports. */
  stop(): Promise<void>;
}

/** Starts the worker of this process: none when OUTBOX_POLL_MS is 0 or no channel has a transport. */
export async function startMessageWorker(ctx: WorkerContext): Promise<MessageWorker> {
  const config = ctx.config.messages;
  const transports = openTransports(config);
  const channels = [...(transports.mail ? ['EMAIL'] : []), ...(transports.sms ? ['SMS'] : [])];
  if (config.pollMs === 0 || channels.length === 0) {
    transports.close();
    return { wake: () => undefined, stop: async () => undefined };
  }
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(claimed: Claimed[]): Promise<void> {
    const untried: string[] = [];
    // Outcomes are written as sends end, a few at a time: not with the batch, whose rest may take longer than
    // this one's lease (another process would send it again), nor one statement per mail.
    let pending: Outcome[] = [];
    let writing: Promise<void> = Promise.resolve();
    const flush = () => {
      const outcomes = pending;
      pending = [];
      if (outcomes.length === 0) return writing;
      // A failed write leaves those messages SENDING: their lease runs out and they are sent again (at least once).
      writing = writing
        .then(() => record(ctx.db, outcomes, ctx.now()))
        .catch((error) => ctx.log.error({ err: error }, 'message worker: recording sends failed'));
      return writing;
    };
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const message = claimed[next++] as Claimed;
        // A send that could outlast the lease is not started: another process could claim it meanwhile.
        const latestStart = new Date(message.lease_until).getTime() - config.sendTimeoutMs;
        if (stopped || ctx.now().getTime() > latestStart) {
          untried.push(message.message_id);
          continue;
        }
        try {
          await sendOne(ctx, transports, message);
          pending.push({ id: message.message_id, sent: true });
        } catch (error) {
          const failure = error instanceof SendError ? error : new SendError((error as Error).message, false);
          pending.push({ id: message.message_id, sent: false, attempts: message.attempts, error: failure });
        }
        // One write at a time; what ends meanwhile goes with the next one.
        if (pending.length >= config.concurrency) await flush();
        else void writing.then(flush);
      }
    };
    await Promise.all(Array.from({ length: Math.min(config.concurrency, claimed.length) }, lane));
    await flush();
    await release(ctx.db, untried);
  }

  async function run(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const now = ctx.now();
        const lease = new Date(now.getTime() + config.leaseMs);
        const claimed = await claim(ctx.db, channels, now, config.batch, lease);
        if (claimed.length === 0) break;
        await deliver(claimed);
      }
    } while (again && !stopped);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = run()
      .catch((error) => ctx.log.error({ err: error }, 'message worker: a pass failed; the next poll tries again'))
      .finally(() => {
        running = null;
        if (again) wake();
        else if (!stopped) timer = setTimeout(wake, config.pollMs);
      });
  }

  let unlisten: (() => Promise<void>) | null = null;
  try {
    unlisten = await ctx.db.listen(WAKE_CHANNEL, wake);
  } catch (error) {
    ctx.log.warn({ err: error }, `message worker: LISTEN ${WAKE_CHANNEL} failed; polling every ${config.pollMs} ms`);
  }
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await unlisten?.().catch(() => undefined);
      transports.close();
    },
  };
}
