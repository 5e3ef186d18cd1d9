// The outbox (README "Messages"): a message is a row written in the caller's transaction, so it leaves only
// if the change that causes it commits. The NOTIFY wakes the worker of every process at that commit (on
// PGlite and PostgreSQL alike a notification is delivered only when its transaction commits).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db';

type MessageChannel = 'EMAIL' | 'SMS';
type MessageKind = 'OTP' | 'PASSWORD_RESET' | 'TEMPLATE' | 'LIFECYCLE' | 'RESUME_LINK';

export interface OutgoingMessage {
  channel: MessageChannel;
  kind: MessageKind;
  /** An e-mail address, or a +91 mobile. */
  to: string;
  /** EMAIL only. */
  subject?: string;
  /** The SMS text, or the e-mail's plain-text part. */
  text: string;
  /** EMAIL only, already escaped by the renderer. */
  html?: string;
  /** Puts it in that application's delivery log. */
  applicationId?: string | null;
  /** The template it was rendered from; template_name as the delivery log shows it (defaults to template_id). */
  template?: { template_id: string; verNum: number; template_name?: string } | null;
  /** Documents of the application's Docs, read from the file store when it is delivered. */
  attachments?: Array<{ fileId: string; version?: number }>;
  /** Unique; a second enqueue with the same key is a no-op (and answers the first one's id). */
  idempotencyKey: string;
  /** The staff user who sent it; null for the system. */
  createdBy?: string | null;
}

/** The channel the worker LISTENs on. */
export const WAKE_CHANNEL = 'messages_outbox';

/** Writes the message in the caller's transaction: it is delivered only if that commits. */
export async function enqueueMessage(
  tx: Queryable,
  message: OutgoingMessage,
  now: Date,
): Promise<{ messageId: string }> {
  const [inserted] = await tx.query<{ message_id: string }>(
    `INSERT INTO messages (message_id, idempotency_key, channel, kind, recipient, subject, body_text, body_html,
       application_id, template_id, template_ver, template_name, attachments, status, next_attempt_at, created_at,
       created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, 'QUEUED', $14, $14, $15)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING message_id`,
    [
      `MSG-${randomUUID()}`,
      message.idempotencyKey,
      message.channel,
      message.kind,
      message.to,
      message.channel === 'EMAIL' ? (message.subject ?? '') : null,
      message.text,
      message.channel === 'EMAIL' ? (message.html ?? null) : null,
      message.applicationId ?? null,
      message.template?.template_id ?? null,
      message.template?.verNum ?? null,
      message.template ? (message.template.template_name ?? message.template.template_id) : null,
      JSON.stringify(message.attachments ?? []),
      now,
      message.createdBy ?? null,
    ],
  );
  if (!inserted) {
    const [existing] = await tx.query<{ message_id: string }>(
      'SELECT message_id FROM messages WHERE idempotency_key = $1',
      [message.idempotencyKey],
    );
    if (!existing) throw new Error(`message ${message.idempotencyKey} neither inserted nor found`);
    return { messageId: existing.message_id };
  }
  await tx.query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, message.channel]);
  return { messageId: inserted.message_id };
}
