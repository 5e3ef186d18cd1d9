// One-time passwords (README "OTP"): 6-digit codes from crypto.randomInt, only their sha256 kept,
// valid 5 minutes, a new one at most every 30 seconds, each bound to whoever asked for it. Wrong codes
// count per recipient and purpose, across resends and applications: the 5th locks that recipient for
// 15 minutes. Each client address has a budget of verify attempts per hour.
// Each code is sent by SMS or e-mail (the channel the field asks for) through the messages outbox, in the
// transaction that stores it (README "Messages"); its text is dropped from the outbox once delivered. A
// copy also goes to otp_outbox, the developers' view of what was sent (OTP_OUTBOX=off: none).
import { randomInt } from 'node:crypto';
import { type OutboxMessage, otpLockedMessage } from '@originate/contract';
import { PORTAL_SIGN_IN_KEY } from '@originate/contract/schemas';
import type { Db, Queryable } from '../../db';
import { TooManyRequestsError } from '../../http/errors';
import { sha256 } from '../auth';
import { enqueueMessage } from '../messages';

export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 30;
const OTP_MAX_FAILURES = 5;
const OTP_LOCK_SECONDS = 900;
const ADDRESS_WINDOW_SECONDS = 3600;

type OtpRow = {
  recipient: string;
  channel: OutboxMessage['type'];
  code_hash: string;
  sent_at: Date | string;
  expires_at: Date | string;
  verified_at: Date | string | null;
  bound_to: string;
};

const ms = (d: Date | string) => new Date(d).getTime();
const secondsUntil = (d: Date | string, now: Date) => Math.max(1, Math.ceil((ms(d) - now.getTime()) / 1000));
const codeHash = (applicationId: string, fieldKey: string, code: string) =>
  sha256(`${applicationId}:${fieldKey}:${code}`);

/** The code a resume link needs on a device the application does not know (README "Resume links"); no flow has this key. */
export const RESUME_DEVICE_KEY = 'resume_device';

/** What wrong codes count under: the portal's sign-in, a resume link's device check, or every OTP field of every flow together. */
const purposeOf = (fieldKey: string) =>
  fieldKey === PORTAL_SIGN_IN_KEY ? 'portal_sign_in' : fieldKey === RESUME_DEVICE_KEY ? 'resume_device' : 'flow_otp';

/** A recipient as its count is kept: an e-mail in lower case, a mobile number as its 10 digits (no +91). */
const subjectOf = (channel: OutboxMessage['type'], recipient: string) =>
  channel === 'EMAIL' ? recipient.trim().toLowerCase() : recipient.replace(/^\+91/, '');

/** Until when wrong codes lock this recipient for this purpose (the row stays locked for the transaction). */
async function lockedUntil(tx: Queryable, purpose: string, subject: string, now: Date): Promise<Date | null> {
  const [row] = await tx.query<{ locked_until: Date | string | null }>(
    'SELECT locked_until FROM otp_attempts WHERE purpose = $1 AND subject = $2 FOR UPDATE',
    [purpose, subject],
  );
  return row?.locked_until && ms(row.locked_until) > now.getTime() ? new Date(row.locked_until) : null;
}

/** One more wrong code within the lock window; the 5th locks the recipient (true) and starts the count over. */
async function countWrongCode(tx: Queryable, purpose: string, subject: string, now: Date): Promise<boolean> {
  const [row] = await tx.query<{ attempts: number }>(
    `INSERT INTO otp_attempts (purpose, subject, attempts, window_start) VALUES ($1, $2, 1, $3)
     ON CONFLICT (purpose, subject) DO UPDATE SET
       attempts = CASE WHEN otp_attempts.window_start > $4 THEN otp_attempts.attempts + 1 ELSE 1 END,
       window_start = CASE WHEN otp_attempts.window_start > $4 THEN otp_attempts.window_start ELSE $3 END
     RETURNING attempts`,
    [purpose, subject, now, new Date(now.getTime() - OTP_LOCK_SECONDS * 1000)],
  );
  if ((row?.attempts ?? 0) < OTP_MAX_FAILURES) return false;
  await tx.query(
    'UPDATE otp_attempts SET attempts = 0, window_start = $3, locked_until = $4 WHERE purpose = $1 AND subject = $2',
    [purpose, subject, now, new Date(now.getTime() + OTP_LOCK_SECONDS * 1000)],
  );
  return true;
}

/** One verify attempt from a client address, right or wrong; beyond `max` an hour: seconds to wait. */
async function spendAddressAttempt(tx: Queryable, address: string, max: number, now: Date): Promise<number | null> {
  const [row] = await tx.query<{ attempts: number; window_start: Date | string }>(
    `INSERT INTO otp_attempts (purpose, subject, attempts, window_start) VALUES ('address', $1, 1, $2)
     ON CONFLICT (purpose, subject) DO UPDATE SET
       attempts = CASE WHEN otp_attempts.window_start > $3 THEN otp_attempts.attempts + 1 ELSE 1 END,
       window_start = CASE WHEN otp_attempts.window_start > $3 THEN otp_attempts.window_start ELSE $2 END
     RETURNING attempts, window_start`,
    [address, now, new Date(now.getTime() - ADDRESS_WINDOW_SECONDS * 1000)],
  );
  if (!row || row.attempts <= max) return null;
  return secondsUntil(new Date(ms(row.window_start) + ADDRESS_WINDOW_SECONDS * 1000), now);
}

/** Too soon, or locked (`locked`: after 5 wrong codes, not a budget or resend wait). */
export type OtpRefusal = { retryAfter: number; locked: boolean };
export type SendResult = { sent: true; code: string } | OtpRefusal;

/** The 429 of a refusal; a lock says so and until when (README "OTP"). */
export function otpRefused(refusal: OtpRefusal): TooManyRequestsError {
  const refused = new TooManyRequestsError(refusal.retryAfter);
  if (refusal.locked) refused.body.message = otpLockedMessage(refusal.retryAfter);
  return refused;
}

/** `boundTo`: whoever asks (a session id, or the hash of the portal's sign-in challenge); only they may verify it. */
export async function sendOtp(
  db: Db,
  args: {
    applicationId: string;
    fieldKey: string;
    channel: OutboxMessage['type'];
    recipient: string;
    boundTo: string;
    outbox: boolean;
  },
  now: Date,
): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const locked = await lockedUntil(tx, purposeOf(args.fieldKey), subjectOf(args.channel, args.recipient), now);
    if (locked) return { retryAfter: secondsUntil(locked, now), locked: true };
    const [row] = await tx.query<OtpRow>(
      'SELECT * FROM otp_codes WHERE application_id = $1 AND field_key = $2 FOR UPDATE',
      [args.applicationId, args.fieldKey],
    );
    const resendAt = row ? ms(row.sent_at) + OTP_RESEND_SECONDS * 1000 : 0;
    if (resendAt > now.getTime()) return { retryAfter: secondsUntil(new Date(resendAt), now), locked: false };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      `INSERT INTO otp_codes (application_id, field_key, channel, recipient, code_hash, sent_at, expires_at,
         verified_at, bound_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)
       ON CONFLICT (application_id, field_key) DO UPDATE SET channel = EXCLUDED.channel, recipient = EXCLUDED.recipient,
         code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at,
         verified_at = NULL, bound_to = EXCLUDED.bound_to`,
      [
        args.applicationId,
        args.fieldKey,
        args.channel,
        args.recipient,
        codeHash(args.applicationId, args.fieldKey, code),
        now,
        new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
        args.boundTo,
      ],
    );
    const text = `${code} is your one time password for application ${args.applicationId}. It is valid for 5 minutes.`;
    await enqueueMessage(
      tx,
      {
        channel: args.channel,
        kind: 'OTP',
        // The gateway takes a mobile number with its country code.
        to: args.channel === 'SMS' ? `+91${subjectOf('SMS', args.recipient)}` : args.recipient.trim(),
        subject: 'Your one time password',
        text,
        applicationId: args.applicationId,
        // One code per field and send (a new one at most every 30 seconds).
        idempotencyKey: `otp:${args.applicationId}:${args.fieldKey}:${now.getTime()}`,
      },
      now,
    );
    if (args.outbox) {
      await tx.query(
        `INSERT INTO otp_outbox (application_id, field_key, channel, recipient, message, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [args.applicationId, args.fieldKey, args.channel, args.recipient, text, now],
      );
    }
    return { sent: true, code };
  });
}

export type VerifyResult = 'verified' | 'wrong' | OtpRefusal;

/**
 * Checks a code. `code`: which one (null: the caller asked for none, so whatever they type is wrong);
 * `boundTo`: who checks it, right only for whoever asked; `address`: the client's, whose hourly budget
 * every attempt spends. A wrong code counts for its recipient and purpose; the 5th locks them.
 */
export async function verifyOtp(
  db: Db,
  args: {
    code: { applicationId: string; fieldKey: string } | null;
    typed: string;
    boundTo: string;
    address: string;
    perAddressPerHour: number;
  },
  now: Date,
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const wait = await spendAddressAttempt(tx, args.address, args.perAddressPerHour, now);
    if (wait !== null) return { retryAfter: wait, locked: false };
    if (!args.code) return 'wrong';
    const { applicationId, fieldKey } = args.code;
    const [row] = await tx.query<OtpRow>(
      'SELECT * FROM otp_codes WHERE application_id = $1 AND field_key = $2 FOR UPDATE',
      [applicationId, fieldKey],
    );
    if (!row) return 'wrong';
    const purpose = purposeOf(fieldKey);
    const subject = subjectOf(row.channel, row.recipient);
    const locked = await lockedUntil(tx, purpose, subject, now);
    if (locked) return { retryAfter: secondsUntil(locked, now), locked: true };
    const live = ms(row.expires_at) > now.getTime() && row.verified_at === null && row.bound_to === args.boundTo;
    if (live && row.code_hash === codeHash(applicationId, fieldKey, args.typed)) {
      await tx.query('UPDATE otp_codes SET verified_at = $3 WHERE application_id = $1 AND field_key = $2', [
        applicationId,
        fieldKey,
        now,
      ]);
      await tx.query(
        `INSERT INTO otp_verifications (application_id, field_key, channel, recipient, verified_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (application_id, field_key, channel, recipient) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
        [applicationId, fieldKey, row.channel, row.recipient, now],
      );
      await tx.query('DELETE FROM otp_attempts WHERE purpose = $1 AND subject = $2', [purpose, subject]);
      return 'verified';
    }
    return (await countWrongCode(tx, purpose, subject, now)) ? { retryAfter: OTP_LOCK_SECONDS, locked: true } : 'wrong';
  });
}

/** The newest 50 messages of the developers' OTP outbox (a copy of each code sent), or one recipient's. */
export async function readOutbox(db: Db, recipient: string | null): Promise<OutboxMessage[]> {
  const rows = await db.query<{
    application_id: string;
    field_key: string;
    channel: OutboxMessage['type'];
    recipient: string;
    message: string;
    created_at: Date;
  }>(
    `SELECT application_id, field_key, channel, recipient, message, created_at FROM otp_outbox
      WHERE $1::text IS NULL OR recipient = $1 ORDER BY id DESC LIMIT 50`,
    [recipient],
  );
  return rows.map((r) => ({
    application_id: r.application_id,
    fieldKey: r.field_key,
    type: r.channel,
    recipient: r.recipient,
    message: r.message,
    sentAt: new Date(r.created_at).toISOString(),
  }));
}
