// My Leads and Team Leads (POST /v3/lead/leads): one page and the counts of the whole filtered list,
// filtered, sorted and paged in SQL by the lists module's machinery (shared-query: filters per column
// kind, bank days, page sizes) over the lead fields. Indexes and counters: README "Leads".
import {
  bankDayOf,
  LEAD_ROLES,
  LEAD_TABLE_IDS,
  type LeadListBody,
  type LeadRow,
  type LeadSource,
  type LeadStatus,
  type LeadsPage,
  leadsEverywhere,
  PAGE_SIZE_OPTIONS,
  type TableConfig,
  worksLeads,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { forbidden, invalid, notFound } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { iso } from '../applications';
import { bankTimeZoneOf } from '../configs';
import {
  bankDayOfInstant,
  checkPage,
  filterCondition,
  keysetBatches,
  LEAD_LIST_FIELDS,
  likePrefix,
  Params,
  sortColumn,
  tableConfig,
} from '../lists';
import { leadCaller } from './writes';

const OPEN = `l.status IN ('NEW', 'CONTACTED', 'QUALIFIED')`;
/**
 * The bank day number lead_counts.follow_day holds (migration 040 lead_follow_day): days since 1970 of the bank's
 * calendar, in its zone.
 */
const bankDayNumber = (at: Date, zone: string) => Date.parse(`${bankDayOf(at, zone)}T00:00:00Z`) / 86_400_000;
/** The columns lead_counts (migration 019) keeps, by list field. */
const COUNTER_COLUMNS: Readonly<Record<string, string>> = {
  status: 'c.status',
  source: 'c.source',
  product_code: 'c.product_code',
};

/** The teams whose leads the caller sees in Team Leads: every lead, or those of their branch (HIERARCHY) teams. */
function teamScope(user: UserRecord): 'all' | string[] {
  const caller = leadCaller(user);
  if (leadsEverywhere(caller) || caller.teams.some((t) => t.type === 'HIERARCHY' && t.allTeams)) return 'all';
  return caller.teams.filter((t) => t.type === 'HIERARCHY').map((t) => t.id);
}

function listCondition(list: LeadListBody['list'], user: UserRecord, p: Params, column = 'l.team_id'): string {
  if (list === 'MY_LEADS') return `l.owner_id = ${p.add(user.userid)}`;
  const scope = teamScope(user);
  if (scope === 'all') return 'true';
  // One team (the usual case) as an equality: then (team_id, mod_time) serves the sort in index order, which
  // '= ANY(array)' cannot promise (measured at 1M: 0.1 ms against 38 ms walking every lead's mod_time).
  if (scope.length === 1) return `${column} = ${p.add(scope[0])}`;
  return `${column} = ANY(${p.add(scope)}::text[])`;
}

/** Lead id, prospect name or mobile number starting with the text (prefix index range scans at any scale). */
function searchCondition(search: string, p: Params): string {
  const text = search.trim();
  if (text === '') throw invalid('search', 'is empty');
  if (/^[0-9]+$/.test(text)) return `l.mobile LIKE ${p.add(likePrefix(text))}`;
  return `(l.lead_id LIKE ${p.add(likePrefix(text.toUpperCase()))}
           OR lower(l.prospect_name) LIKE ${p.add(likePrefix(text.toLowerCase()))})`;
}

const reads = (alias: string, sql: string) => new RegExp(`\\b${alias}\\.`).test(sql);

interface RowOut extends Record<string, unknown> {
  lead_id: string;
  prospect_name: string;
  mobile: string;
  city: string | null;
  product_code: string;
  product_name: string;
  source: LeadSource;
  status: LeadStatus;
  loan_amount: string | null;
  owner_id: string | null;
  owner_name: string | null;
  team_id: string;
  team_name: string;
  follow_up_at: Date | null;
  application_id: string | null;
  cre_time: Date;
  mod_time: Date;
}

const toRow = (r: RowOut): LeadRow => ({
  lead_id: r.lead_id,
  prospectName: r.prospect_name,
  mobile: r.mobile,
  city: r.city,
  product_code: r.product_code,
  product_name: r.product_name,
  source: r.source,
  status: r.status,
  loanAmount: r.loan_amount === null ? null : Number(r.loan_amount),
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  teamId: r.team_id,
  teamName: r.team_name,
  followUpAt: iso(r.follow_up_at),
  application_id: r.application_id,
  cre_time: iso(r.cre_time) as string,
  mod_time: iso(r.mod_time) as string,
});

interface CountRow extends Record<string, unknown> {
  g_status: number;
  g_source: number;
  g_product: number;
  status: LeadStatus | null;
  source: LeadSource | null;
  product_code: string | null;
  product_name: string | null;
  n: number;
  due: number | null;
}

type Counts = Omit<LeadsPage, 'leads'>;

/** The three count groups and the total in one pass (GROUPING SETS), from the rows or from the counters. */
async function countGroups(
  db: Queryable,
  from: string,
  a: string,
  where: string,
  values: unknown[],
  weight: string,
  due: string,
): Promise<Counts> {
  const rows = await db.query<CountRow>(
    `SELECT GROUPING(${a}.status)::int AS g_status, GROUPING(${a}.source)::int AS g_source,
            GROUPING(${a}.product_code)::int AS g_product, ${a}.status, ${a}.source, ${a}.product_code,
            max(${a}.product_name) AS product_name, coalesce(sum(${weight}), 0)::int AS n, ${due} AS due
       FROM ${from} WHERE ${where}
      GROUP BY GROUPING SETS ((${a}.status), (${a}.source), (${a}.product_code), ())`,
    values,
  );
  const counts: Counts = { count: 0, statusWise: [], sourceWise: [], productWise: [], dueTodayCount: 0 };
  for (const r of rows) {
    if (r.g_status && r.g_source && r.g_product) {
      counts.count = r.n;
      counts.dueTodayCount = r.due ?? 0;
    } else if (r.n === 0) {
      // A group the counters keep at zero is no group of the list.
    } else if (!r.g_status && r.status) counts.statusWise.push({ status: r.status, count: r.n });
    else if (!r.g_source && r.source) counts.sourceWise.push({ source: r.source, count: r.n });
    else if (r.product_code) {
      counts.productWise.push({
        product_code: r.product_code,
        product_name: r.product_name ?? r.product_code,
        count: r.n,
      });
    }
  }
  counts.statusWise.sort((x, y) => y.count - x.count || x.status.localeCompare(y.status));
  counts.sourceWise.sort((x, y) => y.count - x.count || x.source.localeCompare(y.source));
  counts.productWise.sort((x, y) => y.count - x.count || x.product_code.localeCompare(y.product_code));
  return counts;
}

const OWNER_JOIN = 'LEFT JOIN users o ON o.userid = l.owner_id';
const ROW_COLUMNS = `l.lead_id, l.prospect_name, l.mobile, l.city, l.product_code, l.product_name, l.source, l.status,
  l.loan_amount, l.owner_id, o.display_name AS owner_name, l.team_id, l.team_name, l.follow_up_at,
  l.application_id, l.cre_time, l.mod_time`;
const due = (placeholder: string) => `${OPEN} AND l.follow_up_at < ${placeholder}::timestamptz`;

/** A lead list's conditions and sort (the page, the counts and an export all read these). */
async function leadQuery(db: Queryable, user: UserRecord, body: Omit<LeadListBody, 'page'>, now: Date) {
  if (!worksLeads(leadCaller(user))) throw forbidden(`working leads needs one of the roles ${LEAD_ROLES.join(', ')}`);
  const table = await tableConfig(db, LEAD_TABLE_IDS[body.list]);
  if (!table) throw notFound(`No table configuration for ${body.list}`);
  const zone = await bankTimeZoneOf(db);
  const p = new Params();
  const filters = body.filters ?? [];
  const parts = [listCondition(body.list, user, p)];
  filters.forEach((f, i) => {
    parts.push(filterCondition(f, i, table, LEAD_LIST_FIELDS, p, zone));
  });
  if (body.search !== undefined) parts.push(searchCondition(body.search, p));
  // Due: a follow-up before the start of the bank's tomorrow, in its zone.
  const tomorrow = bankDayOfInstant(now, zone).end;
  if (body.dueToday) parts.push(due(p.add(tomorrow)));
  const sort = sortColumn(table, LEAD_LIST_FIELDS, body.sort ?? table.defaultSort);
  return { table, p, filters, tomorrow, zone, sort, where: parts.join(' AND ') };
}

export interface LeadExport {
  table: TableConfig;
  /** The bank's time zone: the sheet's times are its wall clock. */
  timeZone: string;
  /** The list's total when the export began. */
  count: number;
  /** Every lead of the list in its order, a batch at a time (keyset on the sort value and the lead id). */
  batches: AsyncIterable<LeadRow[]>;
}

/** A whole lead list for export: the list's own conditions (so its access), read by keyset batches. */
export async function exportLeads(
  db: Queryable,
  user: UserRecord,
  body: Omit<LeadListBody, 'page'>,
  now: Date,
  batchRows: number,
): Promise<LeadExport> {
  const q = await leadQuery(db, user, body, now);
  const { count } = await listLeads(db, user, { ...body, page: { page: 0, size: PAGE_SIZE_OPTIONS[0] } }, now);
  const order = `${q.sort.sql} ${q.sort.direction}${q.sort.nullsLast}, l.lead_id ${q.sort.direction}`;
  async function* batches(): AsyncGenerator<LeadRow[]> {
    const query = {
      select: ROW_COLUMNS,
      from: `FROM leads l ${OWNER_JOIN}`,
      where: q.where,
      order,
      values: q.p.values,
    };
    const id = { sql: 'l.lead_id', of: (r: RowOut) => r.lead_id };
    for await (const rows of keysetBatches<RowOut>(db, query, q.sort, id, batchRows)) yield rows.map(toRow);
  }
  return { table: q.table, timeZone: q.zone, count, batches: batches() };
}

/** POST /v3/lead/leads: 403 for a user who does not work leads; 400 naming a bad filter, sort, search or page. */
export async function listLeads(db: Queryable, user: UserRecord, body: LeadListBody, now: Date): Promise<LeadsPage> {
  checkPage(body.page);
  const { table, p, filters, tomorrow, zone, sort, where } = await leadQuery(db, user, body, now);
  // The counts take the conditions' parameters and 'tomorrow' last; the page adds its limit and offset.
  const values = [...p.values, tomorrow];
  const dueCondition = due(`$${values.length}`);
  // The owner is joined to count only when a filter reads the owner's name.
  const countFrom = `leads l${reads('o', where) ? ` ${OWNER_JOIN}` : ''}`;

  // Team Leads filtered only on the counted columns: the groups and 'due today' are sums over
  // lead_counts (its follow-up days before tomorrow's are due).
  const byCounters =
    body.list === 'TEAM_LEADS' &&
    body.search === undefined &&
    !body.dueToday &&
    filters.every((f) => f.field in COUNTER_COLUMNS);
  const counts = async (): Promise<Counts> => {
    if (!byCounters) {
      return countGroups(db, countFrom, 'l', where, values, '1', `count(*) FILTER (WHERE ${dueCondition})::int`);
    }
    const c = new Params();
    const cParts = [listCondition('TEAM_LEADS', user, c, 'c.team_id'), 'c.n <> 0'];
    filters.forEach((f, i) => {
      cParts.push(filterCondition(f, i, table, LEAD_LIST_FIELDS, c, zone, COUNTER_COLUMNS[f.field]));
    });
    const dueDay = c.add(bankDayNumber(tomorrow, zone));
    return countGroups(
      db,
      'lead_counts c',
      'c',
      cParts.join(' AND '),
      c.values,
      'c.n',
      `coalesce(sum(c.n) FILTER (WHERE c.follow_day < ${dueDay}::int), 0)::int`,
    );
  };
  const page = async () => {
    const limit = p.add(body.page.size);
    const offset = p.add(body.page.page * body.page.size);
    const rows = await db.query<RowOut>(
      `SELECT ${ROW_COLUMNS}
         FROM leads l ${OWNER_JOIN}
        WHERE ${where}
        ORDER BY ${sort.sql} ${sort.direction}${sort.nullsLast}, l.lead_id ${sort.direction}
        LIMIT ${limit} OFFSET ${offset}`,
      p.values,
    );
    return rows.map(toRow);
  };
  const [leads, counted] = await Promise.all([page(), counts()]);
  return { leads, ...counted };
}
