// Consents in the database: the product's set (config Consent/<product code>), the application's records
// (application_consents: every tick and untick; the newest row of a consent is its state), receipt passes,
// the submission's worklog entry, and the seed.
import { CONSENT_CONFIG_TYPE, type ConsentRecord, type ConsentSet, type ConsentSetAnswer } from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { notFound, ValidationError } from '../../http/errors';
import { addWorklog } from '../applications';
import { newToken, sha256 } from '../auth';
import { readConfig } from '../configs';
import { consentHash, missingMandatory } from './rules';
import { SEEDED_CONSENT_SETS } from './texts';

/** How long a receipt pass reads the confirmation and receipt (the applicant keeps the PDF after). */
const RECEIPT_PASS_HOURS = 24;

export async function consentSetOf(db: Queryable, productCode: string): Promise<ConsentSet> {
  const set = await readConfig<ConsentSet>(db, CONSENT_CONFIG_TYPE, productCode);
  if (!set)
    throw notFound(`Product ${productCode} has no consents configured (config ${CONSENT_CONFIG_TYPE}/${productCode})`);
  return set;
}

export const setAnswer = (set: ConsentSet): ConsentSetAnswer => ({
  productCode: set.productCode,
  componentId: set.componentId,
  consents: set.consents.map((c) => ({ ...c, hash: consentHash(c.text) })),
});

export interface RecordMeta {
  deviceType: 'DESKTOP' | 'MOBILE';
  userAgent: string;
  ip: string;
  recordedBy: string | null;
}

export async function recordConsents(
  db: Queryable,
  applicationId: string,
  entries: readonly { text: ConsentSet['consents'][number]; accepted: boolean }[],
  meta: RecordMeta,
  now: Date,
): Promise<void> {
  for (const { text, accepted } of entries) {
    await db.query(
      `INSERT INTO application_consents (application_id, consent_id, kind, title, version, text_hash, accepted,
         device_type, user_agent, ip, recorded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        applicationId,
        text.consentId,
        text.kind,
        text.title,
        text.version,
        consentHash(text.text),
        accepted,
        meta.deviceType,
        meta.userAgent.slice(0, 512),
        meta.ip.slice(0, 64),
        meta.recordedBy,
        now,
      ],
    );
  }
}

interface RecordRow extends Record<string, unknown> {
  consent_id: string;
  kind: ConsentRecord['kind'];
  title: string;
  version: number;
  text_hash: string;
  accepted: boolean;
  device_type: ConsentRecord['deviceType'];
  user_agent: string;
  ip: string;
  recorded_by: string | null;
  created_at: Date | string;
}

/** Each consent's newest record, in the order they were first given. */
export async function currentRecords(db: Queryable, applicationId: string): Promise<ConsentRecord[]> {
  const rows = await db.query<RecordRow & { first: string }>(
    `SELECT * FROM (
       SELECT DISTINCT ON (consent_id) consent_id, kind, title, version, text_hash, accepted, device_type, user_agent,
              ip, recorded_by, created_at,
              min(id) OVER (PARTITION BY consent_id) AS first
         FROM application_consents WHERE application_id = $1
        ORDER BY consent_id, id DESC) newest
     ORDER BY first`,
    [applicationId],
  );
  return rows.map((r) => ({
    consentId: r.consent_id,
    kind: r.kind,
    title: r.title,
    version: r.version,
    hash: r.text_hash,
    accepted: r.accepted,
    at: new Date(r.created_at).toISOString(),
    deviceType: r.device_type,
    userAgent: r.user_agent,
    ip: r.ip,
    recordedBy: r.recorded_by,
  }));
}

export async function isSubmitted(db: Queryable, applicationId: string): Promise<boolean> {
  const [row] = await db.query<{ submitted: boolean }>(
    `SELECT doc->>'submitted_at' IS NOT NULL AS submitted FROM applications WHERE application_id = $1`,
    [applicationId],
  );
  return row?.submitted ?? false;
}

export async function issueReceiptPass(db: Queryable, applicationId: string, now: Date) {
  const pass = newToken(32);
  const expiresAt = new Date(now.getTime() + RECEIPT_PASS_HOURS * 3_600_000);
  // Expired passes of any application go as a new one comes: the table holds only live ones.
  await db.query('DELETE FROM receipt_passes WHERE expires_at <= $1', [now]);
  await db.query('INSERT INTO receipt_passes (pass_hash, application_id, expires_at) VALUES ($1, $2, $3)', [
    sha256(pass),
    applicationId,
    expiresAt,
  ]);
  return { pass, expiresAt: expiresAt.toISOString() };
}

export async function passOpens(db: Queryable, applicationId: string, pass: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM receipt_passes WHERE pass_hash = $1 AND application_id = $2 AND expires_at > $3',
    [sha256(pass), applicationId, now],
  );
  return rows.length > 0;
}

/**
 * The submission's record of consents (in the submit's transaction): what was accepted, at which version. A
 * submit without every mandatory consent accepted at its current version is refused, each missing one named
 * (the portal asks for them first; no other client may skip them).
 */
export async function recordSubmittedConsents(
  tx: Queryable,
  applicationId: string,
  productCode: string,
  now: Date,
): Promise<void> {
  const set = await readConfig<ConsentSet>(tx, CONSENT_CONFIG_TYPE, productCode);
  if (!set) return;
  const records = await currentRecords(tx, applicationId);
  const missing = missingMandatory(set, records);
  if (missing.length > 0) {
    throw new ValidationError(
      missing.map((c) => ({
        label: `consents.${c.consentId}`,
        reason: `'${c.title}' (version ${c.version}) must be accepted before the application is submitted`,
      })),
    );
  }
  await addWorklog(tx, {
    applicationId,
    taskId: null,
    userId: null,
    action: 'consents.submitted',
    detail: {
      accepted: records
        .filter((r) => r.accepted)
        .map((r) => ({ consentId: r.consentId, version: r.version, hash: r.hash, at: r.at })),
    },
    at: now,
  });
}

/** Every seeded product's set, where the product has none yet (an admin's edits stay). */
export async function seedConsents(db: Db): Promise<void> {
  for (const set of SEEDED_CONSENT_SETS) {
    await db.query('INSERT INTO configs (type, name, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING', [
      CONSENT_CONFIG_TYPE,
      set.productCode,
      JSON.stringify(set),
    ]);
  }
}
