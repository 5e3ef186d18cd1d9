// What a save's values claim about things only the server knows (README "Customer flow", "Submit"):
// file ids must name files uploaded to this very application, and an OTP value saying isVerified
// must match a verification the server made for this application, field and recipient. The client
// is never trusted on either: a forged claim is refused naming the field with 'is invalid'.
import type { FieldConfig, FormValues, OtpValue } from '@originate/contract';
import type { Queryable } from '../../db';
import { type ApplicationValues, type FieldIssue, jointOrdinals } from './flow-rules';

const INVALID_REASON = 'is invalid';

interface FileClaim {
  key: string;
  label: string;
  fileId: string;
}

interface OtpClaim {
  key: string;
  label: string;
  field: FieldConfig | undefined;
  value: OtpValue;
  values: FormValues;
}

function collect(
  values: FormValues,
  suffix: string,
  fields: ReadonlyMap<string, FieldConfig>,
  out: { files: FileClaim[]; otps: OtpClaim[] },
): void {
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const field = fields.get(key);
    const label = `${field?.label ?? key}${suffix}`;
    if ('uploadedDocuments' in value) {
      for (const document of value.uploadedDocuments) out.files.push({ key, label, fileId: document.fileId });
    } else if ('fileId' in value) {
      out.files.push({ key, label, fileId: value.fileId });
    } else if ('isVerified' in value && value.isVerified) {
      out.otps.push({ key, label, field, value, values });
    }
  }
}

/** The recipient the field's own configuration says the code went to, when it names one. */
function otpMatchesField(claim: OtpClaim): boolean {
  const details = claim.field?.field_type_details;
  if (details?.type !== 'otp') return false;
  if (details.otp_channel !== undefined && details.otp_channel !== claim.value.type) return false;
  if (details.recipient_field === undefined) return true;
  const recipient = claim.values[details.recipient_field];
  return (
    (typeof recipient === 'string' || typeof recipient === 'number') && String(recipient) === claim.value.recipient
  );
}

/**
 * The forged references of a save. `applicationId` null: the save creates the application, so no
 * file can be its own yet. OTP claims are checked on submit only: drafts may hold what the portal
 * showed, but nothing unverified gets through a submit.
 */
export async function referenceProblems(
  db: Queryable,
  applicationId: string | null,
  fields: ReadonlyMap<string, FieldConfig>,
  app: ApplicationValues,
  submit: boolean,
): Promise<FieldIssue[]> {
  const claims = { files: [] as FileClaim[], otps: [] as OtpClaim[] };
  collect(app.customFields, '', fields, claims);
  const ordinal = jointOrdinals(app.jointApplicants);
  for (const joint of app.jointApplicants) {
    collect(joint.customFields, ` (${ordinal.get(joint.applicantId)})`, fields, claims);
  }
  const issues: FieldIssue[] = [];
  const refuse = (claim: { key: string; label: string }) => {
    if (!issues.some((i) => i.label === claim.label)) {
      issues.push({ key: claim.key, label: claim.label, reason: INVALID_REASON });
    }
  };

  const fileIds = [...new Set(claims.files.map((c) => c.fileId))];
  const files = new Map<string, { application_id: string; removed: boolean }>();
  if (applicationId !== null && fileIds.length > 0) {
    const rows = await db.query<{ file_id: string; application_id: string; removed: boolean }>(
      `SELECT file_id, application_id, removed_at IS NOT NULL AS removed FROM documents WHERE file_id = ANY($1::text[])`,
      [fileIds],
    );
    for (const row of rows) files.set(row.file_id, row);
  }
  for (const claim of claims.files) {
    const file = files.get(claim.fileId);
    // A draft may still name a file removed a moment ago (the save queue); a submit may not.
    if (!file || file.application_id !== applicationId || (submit && file.removed)) refuse(claim);
  }

  if (submit) {
    const verified = new Set<string>();
    if (applicationId !== null && claims.otps.length > 0) {
      const rows = await db.query<{ field_key: string; channel: string; recipient: string }>(
        'SELECT field_key, channel, recipient FROM otp_verifications WHERE application_id = $1',
        [applicationId],
      );
      for (const row of rows) verified.add(JSON.stringify([row.field_key, row.channel, row.recipient]));
    }
    for (const claim of claims.otps) {
      const made = verified.has(JSON.stringify([claim.key, claim.value.type, claim.value.recipient]));
      if (!made || !otpMatchesField(claim)) refuse(claim);
    }
  }
  return issues;
}
