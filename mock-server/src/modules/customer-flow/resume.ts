// Resume links that are safe (README "Resume links"). One live link per application: issuing a token
// revokes every older one. A device is known by its httpOnly device cookie (a random id, only its sha256
// kept): the device that created the application or last proved itself resumes directly; any other
// device first proves itself with a one-time code sent to one of the applicant's verified destinations,
// and until then is told only where the code can go, masked.
import { maskEmail, maskMobile, type ResumeDestination } from '@originate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db';
import { newToken, sha256 } from '../auth';

/** The device cookie; SameSite=Lax so the link opened from a mail or SMS carries it on the portal's calls. */
const DEVICE_COOKIE = 'originate-device';
const DEVICE = /^[A-Za-z0-9_-]{43}$/;
/** As long as a device is worth recognising: well beyond a resume token's 7 days. */
const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;

/** The caller's device id, '' when it has none (or a malformed one). */
export function deviceOf(request: FastifyRequest): string {
  const sent = request.cookies[DEVICE_COOKIE] ?? '';
  return DEVICE.test(sent) ? sent : '';
}

/** The caller's device id, a new one (and its cookie) when it has none. */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply): string {
  const device = deviceOf(request) || newToken(32);
  reply.setCookie(DEVICE_COOKIE, device, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    maxAge: DEVICE_COOKIE_SECONDS,
  });
  return device;
}

/** This device is now the one the application knows (it created it, or just proved itself). */
export async function bindDevice(tx: Queryable, applicationId: string, device: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO resume_devices (application_id, device_hash, bound_at) VALUES ($1, $2, $3)
     ON CONFLICT (application_id) DO UPDATE SET device_hash = EXCLUDED.device_hash, bound_at = EXCLUDED.bound_at`,
    [applicationId, sha256(device), now],
  );
}

export async function knowsDevice(tx: Queryable, applicationId: string, device: string): Promise<boolean> {
  if (device === '') return false;
  const rows = await tx.query('SELECT 1 FROM resume_devices WHERE application_id = $1 AND device_hash = $2', [
    applicationId,
    sha256(device),
  ]);
  return rows.length > 0;
}

/**
 * The application a live token opens (not expired, not revoked, the application open), without using it
 * up; `firstStaffLink`: staff issued it and no device is bound yet (an application staff started).
 */
export async function liveToken(
  tx: Queryable,
  token: string,
  now: Date,
): Promise<{ applicationId: string; firstStaffLink: boolean } | null> {
  const [row] = await tx.query<{ application_id: string; first_staff_link: boolean }>(
    `SELECT r.application_id, (r.issued_by IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM resume_devices d WHERE d.application_id = r.application_id)) AS first_staff_link
       FROM resume_tokens r JOIN applications a ON a.application_id = r.application_id
      WHERE r.token_hash = $1 AND r.expires_at > $2 AND a.status = 'ACTIVE' AND a.doc->>'submitted_at' IS NULL`,
    [sha256(token), now],
  );
  return row ? { applicationId: row.application_id, firstStaffLink: row.first_staff_link } : null;
}

export async function liveTokenApplication(tx: Queryable, token: string, now: Date): Promise<string | null> {
  return (await liveToken(tx, token, now))?.applicationId ?? null;
}

/** Every link of the application ends (a lock after wrong codes). */
export async function revokeResumeTokens(tx: Queryable, applicationId: string): Promise<void> {
  await tx.query('DELETE FROM resume_tokens WHERE application_id = $1', [applicationId]);
}

export interface Destination {
  channel: 'SMS' | 'EMAIL';
  recipient: string;
}

const digitsOf = (mobile: string) => mobile.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');

/**
 * Where a code may go: the primary applicant's mobile and e-mail as the application holds them now, each
 * only when a code sent to it was verified for this application (an OTP field, the portal's sign-in).
 */
export async function verifiedDestinations(tx: Queryable, applicationId: string): Promise<Destination[]> {
  const [application] = await tx.query<{ mobile: string | null; email: string | null }>(
    `SELECT applicant->'primary'->>'mobile' AS mobile, applicant->'primary'->>'email' AS email
       FROM applications WHERE application_id = $1`,
    [applicationId],
  );
  if (!application) return [];
  const verified = await tx.query<{ channel: 'SMS' | 'EMAIL'; recipient: string }>(
    'SELECT channel, recipient FROM otp_verifications WHERE application_id = $1',
    [applicationId],
  );
  const destinations: Destination[] = [];
  const { mobile, email } = application;
  if (mobile && verified.some((v) => v.channel === 'SMS' && digitsOf(v.recipient) === digitsOf(mobile))) {
    destinations.push({ channel: 'SMS', recipient: digitsOf(mobile) });
  }
  const address = email?.trim().toLowerCase();
  if (address && verified.some((v) => v.channel === 'EMAIL' && v.recipient.trim().toLowerCase() === address)) {
    destinations.push({ channel: 'EMAIL', recipient: address });
  }
  return destinations;
}

/** A destination as a device that has not proved itself may see it. */
export const masked = (destination: Destination): ResumeDestination => ({
  channel: destination.channel,
  to: destination.channel === 'SMS' ? maskMobile(destination.recipient) : maskEmail(destination.recipient),
});
