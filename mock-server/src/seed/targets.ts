// The demo staff's monthly targets, for the bank's current month and the one before (whenever the seed
// runs), set by the operations admin; a target already there (an admin's edit) is kept.
import { bankMonthOf, monthDays, zoneMidnight } from '@originate/contract';
import type { Db } from '../db';
import { bankTimeZoneOf } from '../modules/configs';

/** Per user: applications and whole rupees a month (an officer's, a lead's own, the approver's, admin's). */
const DEMO_TARGETS: readonly { userId: string; count: number; amount: number }[] = [
  { userId: 'USR-1001', count: 12, amount: 1_50_00_000 },
  { userId: 'USR-1002', count: 8, amount: 1_00_00_000 },
  { userId: 'USR-1003', count: 4, amount: 50_00_000 },
];
const SET_BY = 'USR-1004';

export async function seedTargets(db: Db, now: Date): Promise<void> {
  const zone = await bankTimeZoneOf(db);
  const current = monthDays(bankMonthOf(now, zone));
  if (!current) return;
  // The last day of the previous month is the day before this month's first.
  const [year, month] = current.from.split('-').map(Number) as [number, number];
  const previous = monthDays(bankMonthOf(zoneMidnight(year, month, 1, zone).getTime() - 1, zone));
  const months = [current.from, previous?.from].filter((m): m is string => m !== undefined);
  await db.query(
    `INSERT INTO targets (user_id, month, target_count, target_amount, set_by, set_at)
     SELECT t ->> 'userId', m::date, (t ->> 'count')::int, (t ->> 'amount')::numeric, $3, $4
       FROM jsonb_array_elements($1::jsonb) t CROSS JOIN unnest($2::text[]) m
     ON CONFLICT (user_id, month) DO NOTHING`,
    [JSON.stringify(DEMO_TARGETS), months, SET_BY, now],
  );
}
