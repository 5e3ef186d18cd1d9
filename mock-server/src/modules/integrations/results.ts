// The integration results kept per application: the latest of a kind is what the decision engine, the
// microflows and the staff's Credit panel read.
import type { Queryable } from '../../db';

export type ResultKind = 'bureau' | 'bankStatement' | 'identity';

export interface IntegrationResult<T = unknown> {
  kind: ResultKind;
  result: T;
  fetchedAt: string;
  callId: string;
}

/** The application's newest successful result of this kind, or null when none was fetched. */
export async function latestIntegrationResult(
  db: Queryable,
  applicationId: string,
  kind: ResultKind,
): Promise<IntegrationResult | null> {
  const rows = await db.query<{ call_id: string; result: unknown; fetched_at: Date }>(
    `SELECT call_id, result, fetched_at FROM integration_results
      WHERE application_id = $1 AND kind = $2 ORDER BY fetched_at DESC, call_id DESC LIMIT 1`,
    [applicationId, kind],
  );
  const row = rows[0];
  return row
    ? { kind, result: row.result, fetchedAt: new Date(row.fetched_at).toISOString(), callId: row.call_id }
    : null;
}
