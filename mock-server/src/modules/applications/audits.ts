// The audit trail (field history, GET /v3/audits/getAudits): one row per changed field with its old and
// new value, who changed it and through what (a staff save, an applicant save, an action).
import { isDeepStrictEqual } from 'node:util';
import type { Audit } from '@originate/contract';
import type { Queryable } from '../../db';

export interface FieldChange {
  fieldKey: string;
  oldValue: unknown;
  newValue: unknown;
}

/** The keys whose values differ between two records (a key only one side has counts, as null on the other). */
const isEmpty = (v: unknown) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function fieldChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FieldChange[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: FieldChange[] = [];
  for (const fieldKey of keys) {
    const oldValue = before[fieldKey] ?? null;
    const newValue = after[fieldKey] ?? null;
    // A field left empty that the form now sends as '' (or []) was not changed by anyone.
    if (isEmpty(oldValue) && isEmpty(newValue)) continue;
    if (!isDeepStrictEqual(oldValue, newValue)) changes.push({ fieldKey, oldValue, newValue });
  }
  return changes;
}

export async function recordAudits(
  tx: Queryable,
  applicationId: string,
  changes: readonly FieldChange[],
  who: { userId: string | null; source: string },
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  // One multi-row INSERT: a save that changes 200 fields is one statement.
  const params: unknown[] = [applicationId, who.userId, who.source, at];
  const values = changes.map((c, i) => {
    params.push(c.fieldKey, JSON.stringify(c.oldValue), JSON.stringify(c.newValue));
    const n = 5 + i * 3;
    return `($1, $${n}, $${n + 1}::jsonb, $${n + 2}::jsonb, $2, $3, $4)`;
  });
  await tx.query(
    `INSERT INTO audits (application_id, field_key, old_value, new_value, user_id, source, created_at)
     VALUES ${values.join(', ')}`,
    params,
  );
}

interface AuditRow extends Record<string, unknown> {
  id: string;
  field_key: string;
  old_value: unknown;
  new_value: unknown;
  user_id: string | null;
  display_name: string | null;
  source: string;
  created_at: Date | string;
}

const AUDIT_LIMIT = 500;

/** Newest first; one field's history when fieldKey is given. */
export async function auditsOf(db: Queryable, applicationId: string, fieldKey?: string): Promise<Audit[]> {
  const rows = await db.query<AuditRow>(
    `SELECT a.id, a.field_key, a.old_value, a.new_value, a.user_id, u.display_name, a.source, a.created_at
       FROM audits a LEFT JOIN users u ON u.userid = a.user_id
      WHERE a.application_id = $1 AND ($2::text IS NULL OR a.field_key = $2)
      ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
    [applicationId, fieldKey ?? null, AUDIT_LIMIT],
  );
  return rows.map((r) => ({
    id: String(r.id),
    fieldKey: r.field_key,
    oldValue: r.old_value,
    newValue: r.new_value,
    userId: r.user_id,
    userName: r.display_name,
    source: r.source,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
