// One row per configuration change an operations admin makes (migration 038, README "Configuration
// audit"): what it was, what it became, who and when, in the save's own transaction.
import type { Queryable } from '../db';

export type ConfigAuditKind = 'PRODUCT' | 'PRODUCT_LIMITS' | 'CONFIG' | 'USER_ACCESS';

export async function auditConfig(
  db: Queryable,
  entry: { kind: ConfigAuditKind; key: string; old: unknown; value: unknown; userId: string; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO config_audits (kind, config_key, old_value, new_value, user_id, created_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6)`,
    [
      entry.kind,
      entry.key,
      entry.old === null ? null : JSON.stringify(entry.old),
      JSON.stringify(entry.value),
      entry.userId,
      entry.at,
    ],
  );
}
