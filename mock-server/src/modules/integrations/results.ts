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

/**
 * The application's newest successful result of each kind asked for (null for a kind never fetched), in one
 * statement: a decision reads two kinds on every call, the Credit panel three.
 */
export async function latestIntegrationResults<K extends ResultKind>(
  db: Queryable,
  applicationId: string,
  kinds: readonly K[],
): Promise<Record<K, IntegrationResult | null>> {
  const rows = await db.query<{ kind: K; call_id: string; result: unknown; fetched_at: Date }>(
    `SELECT DISTINCT ON (kind) kind, call_id, result, fetched_at FROM integration_results
      WHERE application_id = $1 AND kind = ANY($2::text[]) ORDER BY kind, fetched_at DESC, call_id DESC`,
    [applicationId, kinds],
  );
  const latest = Object.fromEntries(kinds.map((kind) => [kind, null])) as Record<K, IntegrationResult | null>;
  for (const row of rows) {
    latest[row.kind] = {
      kind: row.kind,
      result: row.result,
      fetchedAt: new Date(row.fetched_at).toISOString(),
      callId: row.call_id,
    };
  }
  return latest;
}
