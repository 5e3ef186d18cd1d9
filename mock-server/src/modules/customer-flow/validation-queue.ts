// POST /validations/addMandatoryValidations and /updateMandatoryValidations (spec §7): the fields of an
// application still to validate, kept per application (the routes queue calls one at a time).
import type { Queryable } from '../../db';

/** Replaces the application's pending fields. */
export async function setPendingValidations(
  db: Queryable,
  applicationId: string,
  pending: readonly string[],
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO validation_queues (application_id, pending, updated_at) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (application_id) DO UPDATE SET pending = EXCLUDED.pending, updated_at = EXCLUDED.updated_at`,
    [applicationId, JSON.stringify(pending), now],
  );
}

/** Takes the fields found valid off the application's pending list. */
export async function clearPendingValidations(
  db: Queryable,
  applicationId: string,
  valid: readonly string[],
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE validation_queues SET pending = (
       SELECT coalesce(jsonb_agg(k), '[]'::jsonb) FROM jsonb_array_elements_text(pending) AS k WHERE NOT (k = ANY($2::text[]))
     ), updated_at = $3 WHERE application_id = $1`,
    [applicationId, [...valid], now],
  );
}
