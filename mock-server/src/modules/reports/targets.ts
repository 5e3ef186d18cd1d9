// Monthly targets and achievement (spec §7 "Targets"; README "Dashboard, reports and targets").
// Achievement is never stored nor taken from a client: it is the user's initiated applications created
// in the month (in the bank's time zone) that were not deleted, cancelled or rejected, read from migration
// 020's monthly counters, which triggers keep from the application rows in the same transaction (and
// migration 040 recounts when the zone changes).
import {
  achievementPercent,
  isTargetMonthOpen,
  monthDays,
  type OverallTarget,
  type SaveTargetBody,
  type TargetRow,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid, notFound } from '../../http/errors';
import { bankTimeZoneOf } from '../configs';
import { ACHIEVED } from './figures';
import { inScope, type ScopeOf, targetRefusal } from './scope';

interface TargetSqlRow extends Record<string, unknown> {
  userid: string;
  display_name: string;
  target_count: number | null;
  target_amount: string | null;
  n: string | null;
  amount: string | null;
}

/** The month's first day (the key of targets and of the monthly counters); 400 for a month that is not one. */
function monthKey(month: string): string {
  const days = monthDays(month);
  if (!days) throw invalid('month', 'must be a calendar month (YYYY-MM)');
  return days.from;
}

function toRow(month: string, r: TargetSqlRow): TargetRow {
  const targetCount = r.target_count === null ? null : Number(r.target_count);
  const targetAmount = r.target_amount === null ? null : Number(r.target_amount);
  const achievedCount = Number(r.n ?? 0);
  const achievedAmount = Number(r.amount ?? 0);
  return {
    userId: r.userid,
    displayName: r.display_name,
    month,
    targetCount,
    targetAmount,
    achievedCount,
    achievedAmount,
    countPercent: achievementPercent(achievedCount, targetCount),
    amountPercent: achievementPercent(achievedAmount, targetAmount),
  };
}

/**
 * Target and achievement per user of a month: every user of `users`, or for everyone (null) each user
 * with a target or an achievement that month. Ordered by name.
 */
export async function targetRows(db: Queryable, users: string[] | null, month: string): Promise<TargetRow[]> {
  const key = monthKey(month);
  const who = users === null ? '' : ' AND user_id = ANY($2::text[])';
  const achievedWho = users === null ? ' AND initiated_by IS NOT NULL' : ' AND initiated_by = ANY($2::text[])';
  const listed =
    users === null
      ? 'SELECT user_id FROM achieved UNION SELECT user_id FROM target'
      : 'SELECT unnest($2::text[]) AS user_id';
  const rows = await db.query<TargetSqlRow>(
    `WITH achieved AS (SELECT initiated_by AS user_id, sum(n) AS n, sum(amount) AS amount FROM report_user_month_counts
                        WHERE month = $1::date AND ${ACHIEVED}${achievedWho} GROUP BY 1),
          target AS (SELECT user_id, target_count, target_amount FROM targets WHERE month = $1::date${who}),
          listed AS (${listed})
     SELECT u.userid, u.display_name, t.target_count, t.target_amount, a.n, a.amount
       FROM listed l JOIN users u ON u.userid = l.user_id
       LEFT JOIN target t ON t.user_id = l.user_id LEFT JOIN achieved a ON a.user_id = l.user_id
      ORDER BY u.display_name, u.userid`,
    users === null ? [key] : [key, users],
  );
  return rows.map((r) => toRow(month, r));
}

/**
 * The month's targets and what the users with one achieved, summed: achievement of users nobody set a
 * target for would inflate the percentage (at a bank of thousands of officers, 60,000 % of the few targets
 * set); they stay in the per-user rows.
 */
export function overall(month: string, rows: readonly TargetRow[]): OverallTarget {
  const targeted = rows.filter((r) => r.targetCount !== null || r.targetAmount !== null);
  const sum = (pick: (r: TargetRow) => number | null) => targeted.reduce((s, r) => s + (pick(r) ?? 0), 0);
  const targetCount = sum((r) => r.targetCount);
  const targetAmount = sum((r) => r.targetAmount);
  const achievedCount = sum((r) => r.achievedCount);
  const achievedAmount = sum((r) => r.achievedAmount);
  return {
    month,
    targetCount,
    targetAmount,
    achievedCount,
    achievedAmount,
    countPercent: achievementPercent(achievedCount, targetCount),
    amountPercent: achievementPercent(achievedAmount, targetAmount),
  };
}

/** One user's target row; the user must be within the scope. */
export async function targetOf(db: Queryable, scope: ScopeOf, userId: string, month: string): Promise<TargetRow> {
  if (!inScope(scope, userId)) throw forbidden("That user's target is not within your reports");
  const [row] = await targetRows(db, [userId], month);
  if (!row) throw notFound('No such user');
  return row;
}

/**
 * Sets (or replaces) a user's target for the current month or a later one, for a user below the caller
 * (targetRefusal); nobody else. Answers the row as it now stands.
 */
export async function saveTarget(db: Queryable, scope: ScopeOf, body: SaveTargetBody, now: Date): Promise<TargetRow> {
  const refusal = targetRefusal(scope, body.userId);
  if (refusal) throw forbidden(refusal);
  const key = monthKey(body.month);
  if (!isTargetMonthOpen(body.month, now, await bankTimeZoneOf(db)))
    throw invalid('month', 'must be the current month or a later one');
  const [user] = await db.query('SELECT 1 FROM users WHERE userid = $1', [body.userId]);
  if (!user) throw notFound('No such user');
  await db.query(
    `INSERT INTO targets (user_id, month, target_count, target_amount, set_by, set_at)
     VALUES ($1, $2::date, $3, $4, $5, $6)
     ON CONFLICT (user_id, month) DO UPDATE SET target_count = excluded.target_count,
       target_amount = excluded.target_amount, set_by = excluded.set_by, set_at = excluded.set_at`,
    [body.userId, key, body.targetCount, body.targetAmount, scope.caller.userid, now],
  );
  const [row] = await targetRows(db, [body.userId], body.month);
  if (!row) throw notFound('No such user');
  return row;
}
