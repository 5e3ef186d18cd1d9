// The applicant portal's sign-in and ownership (README "Applicant portal"). An applicant proves an e-mail
// with a code the OTP service sends to it (outbox, no gateway), bound to the sign-in challenge of the
// client that asked; the session then names that e-mail, and the applications whose primary applicant
// has it are theirs, besides the one their session belongs to.
import { PORTAL_SIGN_IN_KEY } from '@originate/contract/schemas';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db';
import type { ApplicantSession } from '../../platform/context';
import { type IssuedSession, openApplicantSession, sha256 } from '../auth';
import { type OtpRefusal, sendOtp, type VerifyResult, verifyOtp } from '../otp';

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
 * A sign-in code to this e-mail when an application has it, bound to the client's `challenge` (its
 * httpOnly cookie); otherwise nothing is sent, and the caller answers the same, so the route does not
 * tell which e-mails have applications.
 */
export async function sendSignInCode(
  db: Db,
  email: string,
  challenge: string,
  config: Pick<Config, 'otpOutbox'>,
  now: Date,
): Promise<OtpRefusal | null> {
  const applicationId = await newestOf(db, email);
  if (!applicationId) return null;
  const result = await sendOtp(
    db,
    {
      applicationId,
      fieldKey: PORTAL_SIGN_IN_KEY,
      channel: 'EMAIL',
      recipient: email,
      boundTo: sha256(challenge),
      outbox: config.otpOutbox,
    },
    now,
  );
  return 'retryAfter' in result ? result : null;
}

/**
 * Checks the code last sent to this e-mail for this client's `challenge` (none: whatever is typed is
 * wrong); right: an applicant session naming the e-mail.
 */
export async function verifySignInCode(
  db: Db,
  args: { email: string; code: string; challenge: string; address: string },
  config: Parameters<typeof openApplicantSession>[2] & Pick<Config, 'otpVerifiesPerAddressPerHour'>,
  now: Date,
): Promise<{ applicationId: string; session: IssuedSession } | Exclude<VerifyResult, 'verified'>> {
  const { email } = args;
  const [sent] = await db.query<{ application_id: string }>(
    `SELECT application_id FROM otp_codes WHERE field_key = $1 AND recipient = $2 AND bound_to = $3
      ORDER BY sent_at DESC LIMIT 1`,
    [PORTAL_SIGN_IN_KEY, email, sha256(args.challenge)],
  );
  const result = await verifyOtp(
    db,
    {
      code: sent ? { applicationId: sent.application_id, fieldKey: PORTAL_SIGN_IN_KEY } : null,
      typed: args.code,
      boundTo: sha256(args.challenge),
      address: args.address,
      perAddressPerHour: config.otpVerifiesPerAddressPerHour,
    },
    now,
  );
  if (result !== 'verified') return result;
  if (!sent) throw new Error('a sign-in code verified without being sent');
  const applicationId = sent.application_id;
  const session = await openApplicantSession(db, applicationId, config, now, { email });
  return { applicationId, session };
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
