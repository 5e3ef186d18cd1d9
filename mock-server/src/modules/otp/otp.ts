// One-time passwords (README "OTP"): 6-digit codes from crypto.randomInt, only their sha256 kept,
// valid 5 minutes, a new one at most every 30 seconds; 5 wrong codes lock the field for 15 minutes.
// There is no SMS or e-mail gateway: the message goes to otp_outbox (OTP_OUTBOX=off: nowhere).
import { randomInt } from 'node:crypto';
import type { OutboxMessage } from '@originate/contract';
import type { Db } from '../../db';
import { sha256 } from '../auth';

export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 30;
const OTP_MAX_FAILURES = 5;
const OTP_LOCK_SECONDS = 900;

type OtpRow = {
  recipient: string;
  channel: string;
  code_hash: string;
  sent_at: Date | string;
  expires_at: Date | string;
  failures: number;
  locked_until: Date | string | null;
  verified_at: Date | string | null;
};

const ms = (d: Date | string) => new Date(d).getTime();
const secondsUntil = (d: Date | string, now: Date) => Math.max(1, Math.ceil((ms(d) - now.getTime()) / 1000));
const codeHash = (applicationId: string, fieldKey: string, code: string) =>
  sha256(`${applicationId}:${fieldKey}:${code}`);

export type SendResult = { sent: true; code: string } | { retryAfter: number };

export async function sendOtp(
  db: Db,
  args: { applicationId: string; fieldKey: string; channel: OutboxMessage['type']; recipient: string; outbox: boolean },
  now: Date,
): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<OtpRow>(
      'SELECT * FROM otp_codes WHERE application_id = $1 AND field_key = $2 FOR UPDATE',
      [args.applicationId, args.fieldKey],
    );
    if (row?.locked_until && ms(row.locked_until) > now.getTime())
      return { retryAfter: secondsUntil(row.locked_until, now) };
    const resendAt = row ? ms(row.sent_at) + OTP_RESEND_SECONDS * 1000 : 0;
    if (resendAt > now.getTime()) return { retryAfter: secondsUntil(new Date(resendAt), now) };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      `INSERT INTO otp_codes (application_id, field_key, channel, recipient, code_hash, sent_at, expires_at, failures,
         locked_until, verified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, NULL, NULL)
       ON CONFLICT (application_id, field_key) DO UPDATE SET channel = EXCLUDED.channel, recipient = EXCLUDED.recipient,
         code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at, failures = 0,
         locked_until = NULL, verified_at = NULL`,
      [
        args.applicationId,
        args.fieldKey,
        args.channel,
        args.recipient,
        codeHash(args.applicationId, args.fieldKey, code),
        now,
        new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      ],
    );
    if (args.outbox) {
      await tx.query(
        `INSERT INTO otp_outbox (application_id, field_key, channel, recipient, message, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          args.applicationId,
          args.fieldKey,
          args.channel,
          args.recipient,
          `${code} is your one time password for application ${args.applicationId}. It is valid for 5 minutes.`,
          now,
        ],
      );
    }
    return { sent: true, code };
  });
}

export type VerifyResult = 'verified' | 'wrong' | { retryAfter: number };

/** Checks a code; a wrong one counts, the fifth locks the field (the answer then says when to retry). */
export async function verifyOtp(
  db: Db,
  args: { applicationId: string; fieldKey: string; code: string },
  now: Date,
): Promise<VerifyResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<OtpRow>(
      'SELECT * FROM otp_codes WHERE application_id = $1 AND field_key = $2 FOR UPDATE',
      [args.applicationId, args.fieldKey],
    );
    if (!row) return 'wrong';
    if (row.locked_until && ms(row.locked_until) > now.getTime())
      return { retryAfter: secondsUntil(row.locked_until, now) };
    const live = ms(row.expires_at) > now.getTime() && row.verified_at === null;
    if (live && row.code_hash === codeHash(args.applicationId, args.fieldKey, args.code)) {
      await tx.query('UPDATE otp_codes SET verified_at = $3 WHERE application_id = $1 AND field_key = $2', [
        args.applicationId,
        args.fieldKey,
        now,
      ]);
      await tx.query(
        `INSERT INTO otp_verifications (application_id, field_key, channel, recipient, verified_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (application_id, field_key, channel, recipient) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
        [args.applicationId, args.fieldKey, row.channel, row.recipient, now],
      );
      return 'verified';
    }
    const failures = row.failures + 1;
    const lock = failures >= OTP_MAX_FAILURES ? new Date(now.getTime() + OTP_LOCK_SECONDS * 1000) : null;
    await tx.query(
      'UPDATE otp_codes SET failures = $3, locked_until = $4 WHERE application_id = $1 AND field_key = $2',
      [args.applicationId, args.fieldKey, failures, lock],
    );
    return lock ? { retryAfter: OTP_LOCK_SECONDS } : 'wrong';
  });
}

/** The newest 50 messages of the OTP outbox (README: there is no SMS or e-mail gateway), or one recipient's. */
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
