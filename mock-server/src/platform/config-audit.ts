// One row per configuration change an operations admin makes (migration 038, README "Configuration
// audit"): what it was, what it became, who and when, in the save's own transaction.
import type { CONFIG_AUDIT_KINDS, ConfigAudit } from '@originate/contract';
import type { Queryable } from '../db';

export type ConfigAuditKind = (typeof CONFIG_AUDIT_KINDS)[number];

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

interface AuditRow extends Record<string, unknown> {
  id: number;
  kind: ConfigAuditKind;
  config_key: string;
  old_value: unknown;
  new_value: unknown;
  user_id: string;
  display_name: string | null;
  created_at: Date | string;
}

/** A page of the changes, newest first, with the name of who made each (Settings › History). */
export async function listConfigAudits(
  db: Queryable,
  opts: { kind?: ConfigAuditKind; limit: number; offset: number },
): Promise<{ items: ConfigAudit[]; count: number }> {
  const kind = opts.kind ?? null;
  const [countRow] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM config_audits WHERE $1::text IS NULL OR kind = $1',
    [kind],
  );
  const rows = await db.query<AuditRow>(
    `SELECT a.id, a.kind, a.config_key, a.old_value, a.new_value, a.user_id, u.display_name, a.created_at
       FROM config_audits a LEFT JOIN users u ON u.userid = a.user_id
      WHERE $1::text IS NULL OR a.kind = $1
      ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [kind, opts.limit, opts.offset],
  );
  return {
    count: countRow?.count ?? 0,
    items: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      key: r.config_key,
      before: r.old_value ?? null,
      after: r.new_value,
      userid: r.user_id,
      userName: r.display_name,
      at: new Date(r.created_at).toISOString(),
    })),
  };
}
