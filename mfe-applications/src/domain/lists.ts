// The list's state and how it becomes the GraphQL variables (server-side paging, sorting, filtering):
// pure, so every mapping is unit-tested without a grid.
import {
  type ApplicationList,
  FILTER_OPERATORS,
  type FilterFieldKind,
  type FilterOperator,
  isFilterOperatorAllowed,
  type TableColumn,
  type TaskReviewBucket,
} from '@originate/contract';
import type { ListFilter, ListSort, ListVariables } from '../api/lists';

export interface ListState {
  list: ApplicationList;
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  sort: ListSort | null;
  /** The grid's column filters, already in the server's terms. */
  filters: ListFilter[];
  /** A count chip picked (stage, task name or version): one more EQUAL filter. */
  chip: ListFilter | null;
  search: string;
  bucket: TaskReviewBucket;
}

export function initialListState(list: ApplicationList, pageSize: number, sort: ListSort | null): ListState {
  return { list, page: 0, pageSize, sort, filters: [], chip: null, search: '', bucket: 'All' };
}

/** The variables of one page: only what is set is sent; 'All' is the server's default bucket. */
export function toVariables(state: ListState): ListVariables {
  const filters = state.chip ? [...state.filters, state.chip] : state.filters;
  const search = state.search.trim();
  return {
    list: state.list,
    ...(filters.length > 0 ? { filters } : {}),
    ...(search ? { search } : {}),
    ...(state.bucket !== 'All' ? { bucket: state.bucket } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    page: { page: state.page, size: state.pageSize },
  };
}

/** The grid's sort model (first item) in the server's terms. */
export function sortFromModel(model: readonly { field: string; sort?: 'asc' | 'desc' | null }[]): ListSort | null {
  const first = model[0];
  return first?.sort ? { field: first.field, direction: first.sort } : null;
}

/** Spec §5 operators of a column kind, in the contract's order. */
export function operatorsFor(kind: FilterFieldKind): readonly FilterOperator[] {
  return FILTER_OPERATORS[kind];
}

/** The words a person reads for each operator. */
export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  EQUAL: 'equals',
  NOT_EQUAL: 'does not equal',
  GREATER_THAN: 'greater than',
  LESS_THAN: 'less than',
  GREATER_THAN_OR_EQUAL: 'greater than or equal',
  LESS_THAN_OR_EQUAL: 'less than or equal',
  CONTAINS: 'contains',
  ENDS_WITH: 'ends with',
};

/** 'YYYY-MM-DD' (the date input) → 'DD/MM/YYYY' (spec §9, what the server reads); anything else as typed. */
export function toBankDate(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

interface GridFilterItem {
  field: string;
  operator: string;
  value?: unknown;
}

/**
 * The grid's filter items in the server's terms: items without a value yet, on unknown or unfilterable
 * columns, or with an operator spec §5 does not give the column's kind are left out (never sent).
 */
export function filtersFromModel(items: readonly GridFilterItem[], columns: readonly TableColumn[]): ListFilter[] {
  const out: ListFilter[] = [];
  for (const item of items) {
    const column = columns.find((c) => c.field === item.field);
    if (!column?.filterable || !isFilterOperatorAllowed(column.kind, item.operator)) continue;
    if (item.value === undefined || item.value === null) continue;
    const raw = String(item.value).trim();
    if (raw === '') continue;
    const value = column.kind === 'date' ? toBankDate(raw) : raw;
    out.push({ field: item.field, operator: item.operator as FilterOperator, value });
  }
  return out;
}

export type CountGroup = 'stage' | 'task' | 'version';

/** The column each count group filters on (table-config fields). */
const COUNT_FIELDS: Record<CountGroup, string> = { stage: 'stage', task: 'name', version: 'verNum' };

/** A count chip as the filter it applies. */
export function chipFilter(group: CountGroup, value: string | number): ListFilter {
  return { field: COUNT_FIELDS[group], operator: 'EQUAL', value: String(value) };
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD' (what the date input shows); anything else as stored. */
export function fromBankDate(value: string): string {
  const bank = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return bank ? `${bank[3]}-${bank[2]}-${bank[1]}` : value;
}

/** Saved filters back into the grid's filter items (the inverse of filtersFromModel). */
export function gridItemsFrom(
  filters: readonly ListFilter[],
  columns: readonly TableColumn[],
): { id: number; field: string; operator: string; value: string }[] {
  return filters.map((f, id) => {
    const kind = columns.find((c) => c.field === f.field)?.kind;
    return { id, field: f.field, operator: f.operator, value: kind === 'date' ? fromBankDate(f.value) : f.value };
  });
}
