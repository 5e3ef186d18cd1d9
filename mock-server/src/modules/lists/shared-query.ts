// What every list of the server shares (applications in task-pages.ts, leads in modules/leads): the field map
// a table's columns are read through, filters per column kind, bank days, page sizes and parameters.
// A list passes its own field map; the table configuration decides which columns filter and sort.
import {
  bankDayOf,
  DEFAULT_BANK_TIME_ZONE,
  type FilterFieldKind,
  GRID_PAGE_SIZE_OPTIONS,
  isFilterOperatorAllowed,
  LEAD_TABLE_IDS,
  type ListFilter,
  PAGE_SIZE_OPTIONS,
  type TableConfig,
  zoneMidnight,
} from '@originate/contract';
import type { Queryable } from '../../db';
import { invalid } from '../../http/errors';

/** One column a table may show, filter or sort by: the SQL it reads and how a filter value is read. */
interface ListField {
  sql: string;
  kind: FilterFieldKind;
  nullable?: true;
}
export type ListFields = Readonly<Record<string, ListField>>;

/** Every field an application list reads (t: the task, a: its application). */
export const LIST_FIELDS: ListFields = {
  application_id: { sql: 'a.application_id', kind: 'text' },
  applicantName: { sql: 'a.applicant_name', kind: 'text', nullable: true },
  product_code: { sql: 'a.product_code', kind: 'dropdown' },
  loanAmount: { sql: 'a.loan_amount', kind: 'amount' },
  stage: { sql: 'a.stage', kind: 'dropdown' },
  name: { sql: 'a.current_task_name', kind: 'text' },
  progress: { sql: 't.progress', kind: 'dropdown' },
  _applicationStatus: { sql: 'a.status', kind: 'dropdown' },
  assignedTo: { sql: 't.assigned_to', kind: 'text', nullable: true },
  verNum: { sql: 'a.ver_num', kind: 'amount', nullable: true },
  reviewDate: { sql: 't.review_date', kind: 'date', nullable: true },
  cre_time: { sql: 'a.cre_time', kind: 'date' },
  mod_time: { sql: 'a.mod_time', kind: 'date' },
  // Hidden in the grid by default (TableColumn.hidden), in every export.
  product_name: { sql: 'a.product_name', kind: 'text' },
  assignedToName: {
    sql: '(SELECT display_name FROM users WHERE userid = t.assigned_to)',
    kind: 'text',
    nullable: true,
  },
  stepNumber: { sql: 't.step_number', kind: 'amount' },
  type: { sql: 't.type', kind: 'dropdown' },
  start_time: { sql: 't.start_time', kind: 'date' },
  // The overall SLA's end on the task's own clock (migration 026's task_sla_end, as task-pages.ts
  // operationalLevelAgreement reads it; indexed by tasks_open_current_end).
  due_time: { sql: 'task_sla_end(t.start_time, t.sla_overall_mins, t.sla_clock)', kind: 'date', nullable: true },
  end_time: { sql: 't.end_time', kind: 'date', nullable: true },
};

/** Every field a lead list reads (l: the lead, o: its owner, joined only when a condition or sort reads it). */
export const LEAD_LIST_FIELDS: ListFields = {
  lead_id: { sql: 'l.lead_id', kind: 'text' },
  prospectName: { sql: 'l.prospect_name', kind: 'text' },
  mobile: { sql: 'l.mobile', kind: 'text' },
  product_code: { sql: 'l.product_code', kind: 'dropdown' },
  source: { sql: 'l.source', kind: 'dropdown' },
  status: { sql: 'l.status', kind: 'dropdown' },
  loanAmount: { sql: 'l.loan_amount', kind: 'amount', nullable: true },
  ownerName: { sql: 'o.display_name', kind: 'text', nullable: true },
  followUpAt: { sql: 'l.follow_up_at', kind: 'date', nullable: true },
  cre_time: { sql: 'l.cre_time', kind: 'date' },
  mod_time: { sql: 'l.mod_time', kind: 'date' },
};

/** The field map a table's columns are read through (saved filters are checked against it). */
export function fieldsOfTable(tableId: string): ListFields {
  return Object.values(LEAD_TABLE_IDS).includes(tableId) ? LEAD_LIST_FIELDS : LIST_FIELDS;
}

const PAGE_SIZES: readonly number[] = [...PAGE_SIZE_OPTIONS, ...GRID_PAGE_SIZE_OPTIONS];
/** Deeper pages than this are refused: paging by offset that far is a scan, and no one reads page 10,001. */
const MAX_PAGE = 10_000;

/**
 * A bank day as instants: its start and the next day's start, at 00:00 in the bank's time zone (config
 * bankTimeZone; dates DD/MM/YYYY are its days). A day of a clock change is 23 or 25 hours long.
 */
export interface BankDay {
  start: Date;
  end: Date;
}

function calendarDay(year: number, month: number, day: number, zone: string): BankDay | null {
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return { start: zoneMidnight(year, month, day, zone), end: zoneMidnight(year, month, day + 1, zone) };
}

/** The bank day holding this instant, in the zone. */
export function bankDayOfInstant(at: Date, zone: string): BankDay {
  const [year, month, day] = bankDayOf(at, zone).split('-').map(Number) as [number, number, number];
  return { start: zoneMidnight(year, month, day, zone), end: zoneMidnight(year, month, day + 1, zone) };
}

/** DD/MM/YYYY (a real calendar day) → that bank day in the zone, else null. */
export function parseBankDate(value: string, zone: string): BankDay | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  return calendarDay(Number(m[3]), Number(m[2]), Number(m[1]), zone);
}

/** Parameters collected while a query is built: add() returns the placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A prefix for LIKE: its own wildcards escaped. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A filter's value read per its column's kind; anything else is a 400 naming the filter. `sql` is the
 * column it reads (the counters read their own copy of a column).
 */
export function filterCondition(
  filter: ListFilter,
  index: number,
  table: TableConfig,
  fields: ListFields,
  p: Params,
  /** The bank's time zone: a date filter's DD/MM/YYYY is its day. */
  zone: string,
  sql = fields[filter.field]?.sql,
): string {
  const label = `filters[${index}]`;
  const column = table.columns.find((c) => c.field === filter.field);
  const field = fields[filter.field];
  if (!column?.filterable || !field || !sql) {
    throw invalid(`${label}.field`, `is not a filterable column of ${table.id}`);
  }
  if (!isFilterOperatorAllowed(column.kind, filter.operator)) {
    throw invalid(`${label}.operator`, `${filter.operator} does not apply to a ${column.kind} column`);
  }
  const op = filter.operator;
  switch (column.kind) {
    case 'amount': {
      if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(filter.value)) throw invalid(`${label}.value`, 'is not an amount');
      const v = `${p.add(filter.value)}::numeric`;
      const ops: Record<string, string> = {
        EQUAL: '=',
        NOT_EQUAL: '<>',
        GREATER_THAN: '>',
        LESS_THAN: '<',
        GREATER_THAN_OR_EQUAL: '>=',
        LESS_THAN_OR_EQUAL: '<=',
      };
      return `${sql} ${ops[op]} ${v}`;
    }
    case 'date': {
      const day = parseBankDate(filter.value, zone);
      if (!day) throw invalid(`${label}.value`, 'is not a date DD/MM/YYYY');
      if (op === 'GREATER_THAN') return `${sql} >= ${p.add(day.end)}::timestamptz`;
      if (op === 'LESS_THAN') return `${sql} < ${p.add(day.start)}::timestamptz`;
      const from = `${p.add(day.start)}::timestamptz`;
      const to = `${p.add(day.end)}::timestamptz`;
      if (op === 'EQUAL') return `(${sql} >= ${from} AND ${sql} < ${to})`;
      return `(${sql} IS NULL OR ${sql} < ${from} OR ${sql} >= ${to})`;
    }
    case 'dropdown': {
      if (!column.options?.includes(filter.value))
        throw invalid(`${label}.value`, `is not an option of ${column.field}`);
      const v = p.add(filter.value);
      return op === 'EQUAL' ? `${sql} = ${v}` : `${sql} IS DISTINCT FROM ${v}`;
    }
    case 'text': {
      if (filter.value.length === 0) throw invalid(`${label}.value`, 'is empty');
      if (op === 'EQUAL') return `${sql} = ${p.add(filter.value)}`;
      if (op === 'NOT_EQUAL') return `${sql} IS DISTINCT FROM ${p.add(filter.value)}`;
      const escaped = filter.value.replace(/[\\%_]/g, (c) => `\\${c}`);
      return `${sql} ILIKE ${p.add(op === 'CONTAINS' ? `%${escaped}%` : `%${escaped}`)}`;
    }
  }
}

/** Checks filters against a table as its list would read them (saved filters): a 400 for the first bad one. */
export function checkFilters(table: TableConfig, filters: readonly ListFilter[]): void {
  const p = new Params();
  const fields = fieldsOfTable(table.id);
  filters.forEach((f, i) => {
    // Only the values are checked here: any zone reads a DD/MM/YYYY the same way.
    filterCondition(f, i, table, fields, p, DEFAULT_BANK_TIME_ZONE);
  });
}

/** The ORDER BY of a sort on a sortable column (nulls last only where a value can be missing), else 400 sort.field. */
export function sortColumn(
  table: TableConfig,
  fields: ListFields,
  sort: { field: string; direction: 'asc' | 'desc' },
): { sql: string; direction: 'ASC' | 'DESC'; nullsLast: string } {
  const column = table.columns.find((c) => c.field === sort.field);
  const field = fields[sort.field];
  if (!column?.sortable || !field) throw invalid('sort.field', `is not a sortable column of ${table.id}`);
  return {
    sql: field.sql,
    direction: sort.direction === 'asc' ? 'ASC' : 'DESC',
    nullsLast: field.nullable ? ' NULLS LAST' : '',
  };
}

/**
 * The rows after the last one read, in a list's order: after its sort value, then its id (the order's
 * second key, `idSql`). On a column that can be null, the nulls come last in either direction. Exports
 * read a whole list this way, never by OFFSET: the millionth row costs what the first does.
 */
function keysetAfter(
  sort: ReturnType<typeof sortColumn>,
  idSql: string,
  last: { key: unknown; id: string },
  p: Params,
): string {
  const cmp = sort.direction === 'ASC' ? '>' : '<';
  const id = p.add(last.id);
  if (!sort.nullsLast) return `(${sort.sql}, ${idSql}) ${cmp} (${p.add(last.key)}, ${id})`;
  if (last.key === null) return `(${sort.sql} IS NULL AND ${idSql} ${cmp} ${id})`;
  const key = p.add(last.key);
  return `(${sort.sql} ${cmp} ${key} OR (${sort.sql} = ${key} AND ${idSql} ${cmp} ${id}) OR ${sort.sql} IS NULL)`;
}

/**
 * Rows per query of an export, by database: a query's cost amortised, a batch's memory small. On PGlite
 * (the API's own thread) a statement short enough that a user's click waiting behind it is not kept: 1,000
 * rows were about 90 ms of the API's thread each (a CPU profile of one 100,000-row export: 9.2 s of its
 * 13 s in PGlite's statements, the result's parsing included), 250 a quarter of it; on PostgreSQL (its own
 * processes) 250 only added round trips (README "Spreadsheet export").
 */
export const EXPORT_BATCH_ROWS = { pglite: 250, postgres: 1000 } as const;

/**
 * Every row of a list's query in its order, a batch at a time, each batch after the last row read
 * (keysetAfter): `sql` selects the rows and the sort value as sort_key; the query's own parameters come
 * first, the keyset's after them.
 */
export async function* keysetBatches<Row extends Record<string, unknown>>(
  db: Queryable,
  q: { select: string; from: string; where: string; order: string; values: readonly unknown[] },
  sort: ReturnType<typeof sortColumn>,
  id: { sql: string; of: (row: Row) => string },
  batchRows: number,
): AsyncGenerator<Row[]> {
  let last: { key: unknown; id: string } | null = null;
  for (;;) {
    const p = new Params();
    p.values.push(...q.values);
    const after: string = last ? ` AND ${keysetAfter(sort, id.sql, last, p)}` : '';
    const rows: (Row & { sort_key: unknown })[] = await db.query<Row & { sort_key: unknown }>(
      `SELECT ${q.select}, ${sort.sql} AS sort_key ${q.from} WHERE ${q.where}${after} ORDER BY ${q.order} LIMIT ${batchRows}`,
      p.values,
    );
    if (rows.length > 0) yield rows;
    const end: (Row & { sort_key: unknown }) | undefined = rows.at(-1);
    if (!end || rows.length < batchRows) return;
    last = { key: end.sort_key, id: id.of(end) };
  }
}

export async function tableConfig(db: Queryable, id: string): Promise<TableConfig | null> {
  const [row] = await db.query<{ value: TableConfig }>('SELECT value FROM table_configs WHERE id = $1', [id]);
  return row?.value ?? null;
}

export function checkPage(page: { page: number; size: number }, label = 'page') {
  if (!PAGE_SIZES.includes(page.size)) throw invalid(`${label}.size`, `must be one of ${PAGE_SIZES.join(', ')}`);
  if (!Number.isInteger(page.page) || page.page < 0 || page.page > MAX_PAGE) {
    throw invalid(`${label}.page`, `must be an integer from 0 to ${MAX_PAGE}`);
  }
}
