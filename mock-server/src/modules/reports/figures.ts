// The dashboard's and reports' figures (README "Dashboard, reports and targets"). Application figures
// read the counters of migration 020 (their days in the bank's time zone, migration 040): everyone's from the per-day table, a scope's or per-user figures
// from the per-user tables (whole months from the monthly one); tasks, approvals, queries and leads
// read their partial indexes. `users` null means everyone's, the portal's applications included.
import {
  type Conversion,
  type CountByRange,
  type FlowCounts,
  type LoanAmount,
  type Pending,
  type Pipeline,
  type ReportFilter,
  type ReportInterval,
  rangeBuckets,
  type SlaBreaches,
  splitByMonths,
  type Turnaround,
  type UserProductRows,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { bankTimeZoneOf } from '../configs';

/** Statuses a report of applications leaves out: a deleted application is gone. */
const COUNTED = `status <> 'DELETED'`;
/** Statuses achievement leaves out (targets): what was deleted, cancelled or rejected was not originated. */
export const ACHIEVED = `status NOT IN ('DELETED', 'CANCELLED', 'REJECTED')`;
const OPEN_TASK = `t.is_current AND t.progress IN ('In Progress', 'Pending')`;

/** Positional parameters, added as the SQL is written. */
class Args {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const num = (v: unknown) => Number(v ?? 0);
const hours = (seconds: number, n: number) => (n > 0 ? Math.round((seconds / n / 3600) * 100) / 100 : null);

/** `AND <column> = ANY(users)` for a scope, nothing for everyone. */
const whoClause = (users: string[] | null, column: string, args: Args) =>
  users === null ? '' : ` AND ${column} = ANY(${args.add(users)}::text[])`;
const productClause = (productCode: string | undefined, args: Args, column = 'product_code') =>
  productCode === undefined ? '' : ` AND ${column} = ${args.add(productCode)}`;

/**
 * Day counters of a range for `users` (null: everyone, from the per-day table), with `where` on status:
 * rows grouped by `group` (columns both tables have).
 */
function dayCounters(
  users: string[] | null,
  filter: Pick<ReportFilter, 'from' | 'to' | 'productCode'>,
  where: string,
  group: string,
  args: Args,
): string {
  const table = users === null ? 'report_day_counts' : 'report_user_day_counts';
  return `SELECT ${group}, sum(n) AS n, sum(amount) AS amount FROM ${table}
           WHERE day BETWEEN ${args.add(filter.from)}::date AND ${args.add(filter.to)}::date AND ${where}
                 ${whoClause(users, 'initiated_by', args)}${productClause(filter.productCode, args)}
           GROUP BY ${group}`;
}

/** Applications created per day, week or month of the range: every bucket, empty ones at zero. */
export async function countByRange(
  db: Queryable,
  users: string[] | null,
  filter: ReportFilter,
  interval: ReportInterval,
): Promise<CountByRange> {
  const args = new Args();
  const rows = await db.query<{ day: string; n: string; amount: string }>(
    `SELECT day::text AS day, n, amount FROM (${dayCounters(users, filter, COUNTED, 'day', args)}) x ORDER BY day`,
    args.values,
  );
  const buckets = rangeBuckets(filter.from, filter.to, interval).map((b) => ({ ...b, count: 0, amount: 0 }));
  let i = 0;
  for (const row of rows) {
    while (i < buckets.length && (buckets[i]?.end ?? '') < row.day) i++;
    const bucket = buckets[i];
    if (!bucket) break;
    bucket.count += num(row.n);
    bucket.amount += num(row.amount);
  }
  return { interval, buckets };
}

/**
 * Per-user counters of a range as one subquery: whole months from the monthly table, the partial months
 * at either end from the daily one (a two-year range of everyone's reads 24 months, not 730 days).
 */
function userCounters(
  users: string[] | null,
  filter: Pick<ReportFilter, 'from' | 'to' | 'productCode'>,
  where: string,
  columns: string,
  args: Args,
): string {
  const { months, days } = splitByMonths(filter.from, filter.to);
  const parts: string[] = [];
  const scoped = () => `${whoClause(users, 'initiated_by', args)}${productClause(filter.productCode, args)}`;
  if (months) {
    parts.push(`SELECT ${columns}, n, amount FROM report_user_month_counts
                 WHERE month BETWEEN ${args.add(months.start)}::date AND ${args.add(months.end)}::date AND ${where}${scoped()}`);
  }
  for (const span of days) {
    parts.push(`SELECT ${columns}, n, amount FROM report_user_day_counts
                 WHERE day BETWEEN ${args.add(span.start)}::date AND ${args.add(span.end)}::date AND ${where}${scoped()}`);
  }
  return parts.join(' UNION ALL ');
}

/** Applications per initiating user and product of the range (the portal's under a null user). */
export async function byUserAndProduct(
  db: Queryable,
  users: string[] | null,
  filter: Pick<ReportFilter, 'from' | 'to' | 'productCode'>,
  where = COUNTED,
): Promise<UserProductRows> {
  const args = new Args();
  const rows = await db.query<{
    user_id: string | null;
    display_name: string | null;
    product_code: string;
    product_name: string | null;
    n: string;
    amount: string;
  }>(
    `SELECT x.initiated_by AS user_id, u.display_name, x.product_code, p.product_name, sum(x.n) AS n, sum(x.amount) AS amount
       FROM (${userCounters(users, filter, where, 'initiated_by, product_code', args)}) x
       LEFT JOIN users u ON u.userid = x.initiated_by
       LEFT JOIN master_products p ON p.product_code = x.product_code
      GROUP BY 1, 2, 3, 4 HAVING sum(x.n) > 0
      ORDER BY u.display_name NULLS LAST, 1 NULLS LAST, 3`,
    args.values,
  );
  return {
    rows: rows.map((r) => ({
      userId: r.user_id,
      displayName: r.user_id === null ? null : (r.display_name ?? r.user_id),
      productCode: r.product_code,
      productName: r.product_name ?? r.product_code,
      count: num(r.n),
      amount: num(r.amount),
    })),
  };
}

/** Open (ACTIVE) applications created in the range, per stage and product. */
export async function pipeline(db: Queryable, users: string[] | null, filter: ReportFilter): Promise<Pipeline> {
  const args = new Args();
  const rows = await db.query<{
    stage: string;
    product_code: string;
    product_name: string | null;
    n: string;
    amount: string;
  }>(
    `SELECT x.stage, x.product_code, p.product_name, x.n, x.amount
       FROM (${dayCounters(users, filter, `status = 'ACTIVE'`, 'stage, product_code', args)}) x
       LEFT JOIN master_products p ON p.product_code = x.product_code
      WHERE x.n > 0 ORDER BY 1, 2`,
    args.values,
  );
  return {
    rows: rows.map((r) => ({
      stage: r.stage,
      productCode: r.product_code,
      productName: r.product_name ?? r.product_code,
      count: num(r.n),
      amount: num(r.amount),
    })),
  };
}

/** A range of bank days as instants: from 00:00 of `from` to 00:00 after `to`, in the bank's time zone. */
const instantRange = (args: Args, filter: Pick<ReportFilter, 'from' | 'to'>, column: string, zone: string) => {
  const at = args.add(zone);
  return `${column} >= (${args.add(filter.from)}::date::timestamp AT TIME ZONE ${at}::text)
   AND ${column} < ((${args.add(filter.to)}::date + 1)::timestamp AT TIME ZONE ${at}::text)`;
};

/** Leads created in the range (owned within the scope), those with an application, those sanctioned. */
export async function conversion(db: Queryable, users: string[] | null, filter: ReportFilter): Promise<Conversion> {
  const zone = await bankTimeZoneOf(db);
  const args = new Args();
  const [row] = await db.query<{ leads: string; converted: string; sanctioned: string }>(
    `SELECT count(*) AS leads, count(l.application_id) AS converted,
            count(*) FILTER (WHERE a.status = 'COMPLETED') AS sanctioned
       FROM leads l LEFT JOIN applications a ON a.application_id = l.application_id
      WHERE ${instantRange(args, filter, 'l.cre_time', zone)}${whoClause(users, 'l.owner_id', args)}${productClause(
        filter.productCode,
        args,
        'l.product_code',
      )}`,
    args.values,
  );
  return { leads: num(row?.leads), converted: num(row?.converted), sanctioned: num(row?.sanctioned) };
}

/** `AND` the task's application is of the product (the product filter of task figures). */
const taskProduct = (productCode: string | undefined, args: Args) =>
  productCode === undefined
    ? ''
    : ` AND EXISTS (SELECT 1 FROM applications a WHERE a.application_id = t.application_id AND a.product_code = ${args.add(productCode)})`;

/**
 * Open current tasks per queue (task name) and those breached: past their overall SLA now, or with a part
 * the SLA sweep marked breached (modules/sla: queued and assigned parts, as the lists' chips show them). A
 * scope counts the tasks assigned to its users; everyone's open count comes from report_open_task_counts
 * and its breached count is the open ones with an overall limit less those neither due nor marked (the
 * short top of the due-time index), plus the marked ones without an overall limit (their own small index).
 */
export async function slaBreaches(
  db: Queryable,
  users: string[] | null,
  filter: ReportFilter,
  now: Date,
): Promise<SlaBreaches> {
  const args = new Args();
  // On the task's own clock (migration 026), as the sweep and the lists' chips read it.
  const due = `task_sla_end(t.start_time, t.sla_overall_mins, t.sla_clock)`;
  // The assigned part's mark counts only for the assignment it was made in (migration 026).
  const marked = `(t.sla_queued_breached_at IS NOT NULL OR t.sla_overall_breached_at IS NOT NULL
                   OR t.sla_assigned_breached_at >= t.assigned_at)`;
  const sql =
    users === null && filter.productCode === undefined
      ? `SELECT c.name AS queue, sum(c.n) AS open,
                sum(c.n) FILTER (WHERE c.with_sla) - coalesce(max(f.n), 0) + coalesce(max(m.n), 0) AS breached
           FROM report_open_task_counts c
           LEFT JOIN (SELECT t.name, count(*) AS n FROM tasks t
                       WHERE ${OPEN_TASK} AND ${due} > ${args.add(now)} AND NOT ${marked} GROUP BY t.name) f ON f.name = c.name
           LEFT JOIN (SELECT t.name, count(*) AS n FROM tasks t
                       WHERE ${OPEN_TASK} AND coalesce(t.sla_overall_mins, 0) = 0
                         AND (t.sla_queued_breached_at IS NOT NULL OR t.sla_assigned_breached_at IS NOT NULL) AND ${marked}
                       GROUP BY t.name) m ON m.name = c.name
          GROUP BY c.name HAVING sum(c.n) > 0 ORDER BY c.name`
      : `SELECT t.name AS queue, count(*) AS open, count(*) FILTER (WHERE ${due} <= ${args.add(now)} OR ${marked}) AS breached
           FROM tasks t WHERE ${OPEN_TASK}${whoClause(users, 't.assigned_to', args)}${taskProduct(filter.productCode, args)}
          GROUP BY t.name ORDER BY t.name`;
  const rows = await db.query<{ queue: string; open: string; breached: string | null }>(sql, args.values);
  return { rows: rows.map((r) => ({ queue: r.queue, open: num(r.open), breached: num(r.breached) })) };
}

/**
 * Approvals awaiting the decision of someone in scope (named to them, or queued to a level whose teams and roles
 * one of them has: tasks/approvals.ts) and queries (open sub-tasks) assigned to one.
 */
export async function pending(db: Queryable, users: string[] | null, filter: ReportFilter): Promise<Pending> {
  const args = new Args();
  const scope = users === null ? null : args.add(users);
  const awaiting =
    scope === null
      ? ''
      : ` AND (t.approver = ANY(${scope}::text[])
              OR (t.approver IS NULL AND EXISTS (SELECT 1 FROM users u WHERE u.userid = ANY(${scope}::text[])
                    AND (t.approver_team = '[]' OR EXISTS (SELECT 1 FROM user_teams ut WHERE ut.user_id = u.userid AND t.approver_team ? ut.team_id))
                    AND (t.approver_roles = '[]' OR u.roles ?| ARRAY(SELECT jsonb_array_elements_text(t.approver_roles))))))`;
  const [row] = await db.query<{ approvals: string; queries: string }>(
    `SELECT (SELECT count(*) FROM approvals t WHERE t.status = 'PENDING'${awaiting}${taskProduct(
      filter.productCode,
      args,
    )}) AS approvals,
            (SELECT count(*) FROM sub_tasks t WHERE t.status = 'OPEN'${
              scope === null ? '' : ` AND t.assigned_to = ANY(${scope}::text[])`
            }${taskProduct(filter.productCode, args)}) AS queries`,
    args.values,
  );
  return { approvals: num(row?.approvals), queries: num(row?.queries) };
}

/** Applications decided in the range (by decision day): how many, and submission to decision in hours. */
export async function turnaround(db: Queryable, users: string[] | null, filter: ReportFilter): Promise<Turnaround> {
  const args = new Args();
  const table = users === null ? 'report_decision_counts' : 'report_user_decision_counts';
  const rows = await db.query<{ product_code: string; product_name: string | null; n: string; seconds: string }>(
    `SELECT x.product_code, p.product_name, x.n, x.seconds FROM (
       SELECT product_code, sum(n) AS n, sum(seconds) AS seconds FROM ${table}
        WHERE day BETWEEN ${args.add(filter.from)}::date AND ${args.add(filter.to)}::date
              ${whoClause(users, 'initiated_by', args)}${productClause(filter.productCode, args)}
        GROUP BY product_code) x
       LEFT JOIN master_products p ON p.product_code = x.product_code
      WHERE x.n > 0 ORDER BY 1`,
    args.values,
  );
  const decided = rows.reduce((s, r) => s + num(r.n), 0);
  const seconds = rows.reduce((s, r) => s + num(r.seconds), 0);
  return {
    decided,
    averageHours: hours(seconds, decided),
    rows: rows.map((r) => ({
      productCode: r.product_code,
      productName: r.product_name ?? r.product_code,
      decided: num(r.n),
      averageHours: hours(num(r.seconds), num(r.n)),
    })),
  };
}

/** One user's achieved applications of a range (count and amount). */
export async function loanAmount(
  db: Queryable,
  userId: string,
  range: { from: string; to: string },
): Promise<LoanAmount> {
  const args = new Args();
  const [row] = await db.query<{ n: string | null; amount: string | null }>(
    `SELECT sum(n) AS n, sum(amount) AS amount FROM (${userCounters([userId], range, ACHIEVED, 'initiated_by', args)}) x`,
    args.values,
  );
  return { userId, count: num(row?.n), amount: num(row?.amount) };
}

/** One user's achieved applications of a range per flow (the flowName their flow was made with). */
export async function byFlow(db: Queryable, userId: string, range: { from: string; to: string }): Promise<FlowCounts> {
  const args = new Args();
  const rows = await db.query<{ flow_name: string; n: string; amount: string }>(
    `SELECT flow_name, sum(n) AS n, sum(amount) AS amount
       FROM (${userCounters([userId], range, ACHIEVED, 'flow_name', args)}) x
      GROUP BY 1 HAVING sum(n) > 0 ORDER BY 1`,
    args.values,
  );
  return { rows: rows.map((r) => ({ flowName: r.flow_name, count: num(r.n), amount: num(r.amount) })) };
}
