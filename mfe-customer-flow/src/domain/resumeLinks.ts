// Where 'Send me this link' may send the link (README "Resume links"): the applicant's mobile or e-mail
// verified in the form (an OTP field's value { type, recipient, isVerified: true }), shown masked. The
// server checks the same against its own record of verifications.
import { type FormValues, maskEmail, maskMobile, type ResumeDestination } from '@originate/contract';

interface VerifiedOtp {
  type: 'SMS' | 'EMAIL';
  recipient: string;
  isVerified: true;
}

function isVerifiedOtp(value: unknown): value is VerifiedOtp {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.isVerified === true && (v.type === 'SMS' || v.type === 'EMAIL') && typeof v.recipient === 'string';
}

/** SMS first, then e-mail; one of each, the first verified field's. */
export function verifiedDestinations(values: FormValues): ResumeDestination[] {
  const found = new Map<ResumeDestination['channel'], string>();
  for (const value of Object.values(values)) {
    if (isVerifiedOtp(value) && !found.has(value.type)) found.set(value.type, value.recipient);
  }
  return (['SMS', 'EMAIL'] as const).flatMap((channel) => {
    const recipient = found.get(channel);
    if (recipient === undefined) return [];
    return [{ channel, to: channel === 'SMS' ? maskMobile(recipient) : maskEmail(recipient) }];
  });
}

/** 'SMS to ******3210', 'E-mail to r***@example.com'. */
export const destinationLabel = (d: ResumeDestination) => `${d.channel === 'SMS' ? 'SMS' : 'E-mail'} to ${d.to}`;
