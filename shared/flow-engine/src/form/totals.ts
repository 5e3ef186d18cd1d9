// Table values: a table's shape, its header defaults, and its column totals kept incrementally in one
// accumulator per column (a keystroke in a cell adjusts the column's, the column is scanned again only when
// the changed cell was its minimum or maximum).
import type { Aggregation, FieldConfig, FieldValue, TableValue } from '@originate/contract';
import { aggregationOf } from '../fields';
import { defaultValue, isEmptyValue, toNumber } from '../validation';
import type { Draft } from './draft';
import type { CellValue, FormOptions, TablePlan } from './plan';

export interface ColumnAcc {
  sum: number;
  numeric: number;
  filled: number;
  min: number;
  max: number;
}

export function cellDefault(field: FieldConfig, opts: FormOptions): CellValue {
  const value = defaultValue(field, opts.options[field.field_type_details.property ?? '']);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

export function asTable(value: FieldValue | undefined): TableValue {
  if (typeof value === 'object' && value !== null && 'subRecords' in value) return value;
  return { headers: {}, subRecords: [], total: {} };
}

/** The table with its header fields' defaults where a header has no value. */
export function withHeaderDefaults(table: TablePlan, value: TableValue, opts: FormOptions): TableValue {
  const headers = { ...value.headers };
  for (const header of table.headers) {
    if (headers[header.key] === undefined) headers[header.key] = cellDefault(header, opts);
  }
  return { ...value, headers };
}

const trim = (n: number) => Number.parseFloat(n.toPrecision(12));

export function emptyAcc(): ColumnAcc {
  return { sum: 0, numeric: 0, filled: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
}

export function accumulate(acc: ColumnAcc, cell: CellValue | undefined): void {
  if (!isEmptyValue(cell)) acc.filled += 1;
  const n = toNumber(cell ?? undefined);
  if (!Number.isFinite(n)) return;
  acc.sum += n;
  acc.numeric += 1;
  acc.min = Math.min(acc.min, n);
  acc.max = Math.max(acc.max, n);
}

export function scanColumn(rows: readonly Record<string, CellValue>[], key: string): ColumnAcc {
  const acc = emptyAcc();
  for (const row of rows) accumulate(acc, row[key]);
  return acc;
}

function totalOf(acc: ColumnAcc, aggregation: Aggregation): number {
  switch (aggregation) {
    case 'SUM':
      return trim(acc.sum);
    case 'AVG':
      return acc.numeric === 0 ? 0 : trim(acc.sum / acc.numeric);
    case 'MIN':
      return acc.numeric === 0 ? 0 : acc.min;
    case 'MAX':
      return acc.numeric === 0 ? 0 : acc.max;
    case 'COUNT':
      return acc.filled;
  }
}

/** The column totals; a hidden column has none. */
function totalsOf(
  table: TablePlan,
  accs: ReadonlyMap<string, ColumnAcc>,
  hidden: ReadonlySet<string>,
): Record<string, number> {
  const total: Record<string, number> = {};
  for (const column of table.columns) {
    if (hidden.has(column.key)) continue;
    const acc = accs.get(column.key);
    const aggregation = aggregationOf(column);
    if (aggregation && acc) total[column.key] = totalOf(acc, aggregation);
  }
  return total;
}

/** Column accumulators of a table from scratch. */
export function scanTable(draft: Draft, key: string): void {
  const table = draft.plan.tables.get(key);
  if (!table) return;
  const rows = asTable(draft.values[key]).subRecords;
  draft.setAcc(key, new Map(table.columns.map((column) => [column.key, scanColumn(rows, column.key)])));
}

/** The table value with its totals recomputed from the accumulators. */
export function withTotals(draft: Draft, key: string, value: TableValue): TableValue {
  const table = draft.plan.tables.get(key);
  if (!table) return value;
  return { ...value, total: totalsOf(table, draft.acc.get(key) ?? new Map(), draft.hidden) };
}
