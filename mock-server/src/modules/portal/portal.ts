// The applicant portal's sign-in and ownership (README "Applicant portal"). An applicant proves an e-mail
// with a code the OTP service sends to it (outbox, no gateway); the session then names that e-mail, and
// the applications whose primary applicant has it are theirs, besides the one their session belongs to.
import { PORTAL_SIGN_IN_KEY } from '@originate/contract/schemas';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db';
import { type ApplicantSession, type IssuedSession, openApplicantSession } from '../auth';
import { sendOtp, type VerifyResult, verifyOtp } from '../otp';

/** Applications an applicant may no longer see: DELETED by the bank. */
const VISIBLE = `status <> 'DELETED'`;

/** The newest visible application whose primary applicant has this e-mail (lower case), if any. */
async function newestOf(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db.query<{ application_id: string }>(
    `SELECT application_id FROM applications WHERE applicant_email = $1 AND ${VISIBLE}
      ORDER BY cre_time DESC, application_id DESC LIMIT 1`,
    [email],
  );
  return row?.application_id ?? null;
}

/**
 * A sign-in code to this e-mail when an application has it; otherwise nothing is sent, and the caller
 * answers the same, so the route does not tell which e-mails have applications.
 */
export async function sendSignInCode(
  db: Db,
  email: string,
  config: Pick<Config, 'otpOutbox'>,
  now: Date,
): Promise<{ retryAfter?: number }> {
  const applicationId = await newestOf(db, email);
  if (!applicationId) return {};
  const result = await sendOtp(
    db,
    { applicationId, fieldKey: PORTAL_SIGN_IN_KEY, channel: 'EMAIL', recipient: email, outbox: config.otpOutbox },
    now,
  );
  return 'retryAfter' in result ? { retryAfter: result.retryAfter } : {};
}

/** Checks the code last sent to this e-mail; right: an applicant session naming the e-mail. */
export async function verifySignInCode(
  db: Db,
  email: string,
  code: string,
  config: Parameters<typeof openApplicantSession>[2],
  now: Date,
): Promise<{ applicationId: string; session: IssuedSession } | Exclude<VerifyResult, 'verified'>> {
  const [sent] = await db.query<{ application_id: string }>(
    `SELECT application_id FROM otp_codes WHERE field_key = $1 AND recipient = $2 ORDER BY sent_at DESC LIMIT 1`,
    [PORTAL_SIGN_IN_KEY, email],
  );
  if (!sent) return 'wrong';
  const result = await verifyOtp(db, { applicationId: sent.application_id, fieldKey: PORTAL_SIGN_IN_KEY, code }, now);
  if (result !== 'verified') return result;
  const session = await openApplicantSession(db, sent.application_id, config, now, email);
  return { applicationId: sent.application_id, session };
}

/** Whether the applicant may use this application: their session's own, or one of the e-mail they proved. */
export async function applicantOwns(db: Queryable, applicant: ApplicantSession, applicationId: string) {
  if (applicant.applicationId === applicationId) return true;
  if (applicant.email === null) return false;
  const rows = await db.query(
    `SELECT 1 FROM applications WHERE application_id = $1 AND applicant_email = $2 AND ${VISIBLE}`,
    [applicationId, applicant.email],
  );
  return rows.length > 0;
}
