// The state every server-side list keeps (page, size, sort, column filters, a count chip, a search) and
// how the data grid's models become the server's terms: pure, so every mapping is unit-tested without a
// grid. The application lists and the lead lists both build on it.
import {
  FILTER_OPERATORS,
  type FilterFieldKind,
  type FilterOperator,
  isFilterOperatorAllowed,
  type ListFilter,
  type ListSort,
  type TableColumn,
} from '@originate/contract';

// The wire shapes of a filter and a sort are the contract's schemas' (ListFilterSchema, ListSortSchema);
// every list imports them from here with the state they belong to.
export type { ListFilter, ListSort };

export interface ServerListState {
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  sort: ListSort | null;
  /** The grid's column filters, already in the server's terms. */
  filters: ListFilter[];
  /** A count chip picked: one more EQUAL filter. */
  chip: ListFilter | null;
  search: string;
}

export function initialServerListState(pageSize: number): ServerListState {
  return { page: 0, pageSize, sort: null, filters: [], chip: null, search: '' };
}

/** The filters a page is asked with: the column filters, then the chip. */
export const effectiveFilters = (state: Pick<ServerListState, 'filters' | 'chip'>): ListFilter[] =>
  state.chip ? [...state.filters, state.chip] : state.filters;

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

/** 'DD/MM/YYYY' → 'YYYY-MM-DD' (what the date input shows); anything else as stored. */
export function fromBankDate(value: string): string {
  const bank = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return bank ? `${bank[3]}-${bank[2]}-${bank[1]}` : value;
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

/** A count chip (a value of one column) as the filter it applies. */
export function countChipFilter(field: string, value: string | number): ListFilter {
  return { field, operator: 'EQUAL', value: String(value) };
}
