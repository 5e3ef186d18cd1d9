import { FILTER_OPERATORS, isFilterOperatorAllowed, type TableColumn } from '@originate/contract';
import {
  countChipFilter,
  effectiveFilters,
  filtersFromModel,
  fromBankDate,
  gridItemsFrom,
  initialServerListState,
  OPERATOR_LABELS,
  operatorsFor,
  sortFromModel,
  toBankDate,
} from './listState';

const COLUMNS: TableColumn[] = [
  { field: 'application_id', headerName: 'Application ID', kind: 'text', sortable: true, filterable: true },
  { field: 'loanAmount', headerName: 'Loan amount', kind: 'amount', sortable: true, filterable: true },
  { field: 'verNum', headerName: 'Version', kind: 'amount', sortable: true, filterable: true },
  {
    field: 'stage',
    headerName: 'Stage',
    kind: 'dropdown',
    options: ['Sourcing', 'Underwriting'],
    sortable: true,
    filterable: true,
  },
  { field: 'cre_time', headerName: 'Created', kind: 'date', sortable: true, filterable: true },
  { field: 'note', headerName: 'Note', kind: 'text', sortable: false, filterable: false },
];

describe('server list state', () => {
  it('reads the grid sort model', () => {
    expect(sortFromModel([{ field: 'loanAmount', sort: 'asc' }])).toEqual({ field: 'loanAmount', direction: 'asc' });
    expect(sortFromModel([{ field: 'loanAmount', sort: null }])).toBeNull();
    expect(sortFromModel([])).toBeNull();
  });

  it('asks with the column filters, then the chip', () => {
    const state = initialServerListState(10);
    expect(state).toEqual({ page: 0, pageSize: 10, sort: null, filters: [], chip: null, search: '' });
    const chip = countChipFilter('status', 'NEW');
    expect(chip).toEqual({ field: 'status', operator: 'EQUAL', value: 'NEW' });
    const filter = { field: 'loanAmount', operator: 'GREATER_THAN' as const, value: '5' };
    expect(effectiveFilters({ filters: [filter], chip })).toEqual([filter, chip]);
    expect(effectiveFilters({ filters: [filter], chip: null })).toEqual([filter]);
  });
});

describe('filter operators per column kind (spec §5)', () => {
  it('offers exactly the contract operators of each kind, each with words', () => {
    expect(operatorsFor('amount')).toEqual([
      'EQUAL',
      'NOT_EQUAL',
      'GREATER_THAN',
      'LESS_THAN',
      'GREATER_THAN_OR_EQUAL',
      'LESS_THAN_OR_EQUAL',
    ]);
    expect(operatorsFor('text')).toEqual(['EQUAL', 'NOT_EQUAL', 'CONTAINS', 'ENDS_WITH']);
    expect(operatorsFor('date')).toEqual(['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN']);
    expect(operatorsFor('dropdown')).toEqual(['EQUAL', 'NOT_EQUAL']);
    for (const kind of Object.keys(FILTER_OPERATORS) as (keyof typeof FILTER_OPERATORS)[]) {
      for (const op of operatorsFor(kind)) {
        expect(isFilterOperatorAllowed(kind, op)).toBe(true);
        expect(OPERATOR_LABELS[op]).toMatch(/\w/);
      }
    }
  });

  it('turns grid items into server filters, dates as DD/MM/YYYY', () => {
    expect(
      filtersFromModel(
        [
          { field: 'loanAmount', operator: 'GREATER_THAN_OR_EQUAL', value: '100000' },
          { field: 'cre_time', operator: 'LESS_THAN', value: '2026-11-05' },
          { field: 'application_id', operator: 'ENDS_WITH', value: ' 42 ' },
          { field: 'stage', operator: 'NOT_EQUAL', value: 'Sourcing' },
        ],
        COLUMNS,
      ),
    ).toEqual([
      { field: 'loanAmount', operator: 'GREATER_THAN_OR_EQUAL', value: '100000' },
      { field: 'cre_time', operator: 'LESS_THAN', value: '05/11/2026' },
      { field: 'application_id', operator: 'ENDS_WITH', value: '42' },
      { field: 'stage', operator: 'NOT_EQUAL', value: 'Sourcing' },
    ]);
  });

  it('never sends an item without a value, on an unfilterable or unknown column, or with a foreign operator', () => {
    expect(
      filtersFromModel(
        [
          { field: 'loanAmount', operator: 'EQUAL' },
          { field: 'loanAmount', operator: 'EQUAL', value: '  ' },
          { field: 'note', operator: 'EQUAL', value: 'x' },
          { field: 'nope', operator: 'EQUAL', value: 'x' },
          { field: 'stage', operator: 'CONTAINS', value: 'Under' },
          { field: 'cre_time', operator: 'GREATER_THAN_OR_EQUAL', value: '2026-11-05' },
        ],
        COLUMNS,
      ),
    ).toEqual([]);
  });

  it('puts saved filters back into the grid, dates as the date input shows them', () => {
    expect(toBankDate('2026-01-31')).toBe('31/01/2026');
    expect(fromBankDate('31/01/2026')).toBe('2026-01-31');
    expect(
      gridItemsFrom(
        [
          { field: 'cre_time', operator: 'EQUAL', value: '31/01/2026' },
          { field: 'application_id', operator: 'CONTAINS', value: 'APP' },
        ],
        COLUMNS,
      ),
    ).toEqual([
      { id: 0, field: 'cre_time', operator: 'EQUAL', value: '2026-01-31' },
      { id: 1, field: 'application_id', operator: 'CONTAINS', value: 'APP' },
    ]);
  });
});
