import { FILTER_OPERATORS, isFilterOperatorAllowed } from '@originate/contract';
import { listKeys } from '../api/keys';
import { COLUMNS } from '../test/fixtures';
import {
  chipFilter,
  filtersFromModel,
  fromBankDate,
  gridItemsFrom,
  initialListState,
  OPERATOR_LABELS,
  operatorsFor,
  sortFromModel,
  toBankDate,
  toVariables,
} from './lists';

describe('list state → GraphQL variables', () => {
  it('sends the list and the page only, when nothing else is set', () => {
    expect(toVariables(initialListState('MY_APPLICATIONS', 10, null))).toEqual({
      list: 'MY_APPLICATIONS',
      page: { page: 0, size: 10 },
    });
  });

  it('sends filters with the chip last, the trimmed search, a bucket other than All and the sort', () => {
    const state = {
      ...initialListState('TEAM_APPLICATIONS', 25, { field: 'mod_time', direction: 'desc' as const }),
      page: 3,
      filters: [{ field: 'loanAmount', operator: 'GREATER_THAN' as const, value: '500000' }],
      chip: chipFilter('stage', 'Underwriting'),
      search: '  APP-00 ',
      bucket: 'Today' as const,
    };
    expect(toVariables(state)).toEqual({
      list: 'TEAM_APPLICATIONS',
      filters: [
        { field: 'loanAmount', operator: 'GREATER_THAN', value: '500000' },
        { field: 'stage', operator: 'EQUAL', value: 'Underwriting' },
      ],
      search: 'APP-00',
      bucket: 'Today',
      sort: { field: 'mod_time', direction: 'desc' },
      page: { page: 3, size: 25 },
    });
  });

  it('maps the count chips to the columns they filter', () => {
    expect(chipFilter('task', 'Credit review')).toEqual({ field: 'name', operator: 'EQUAL', value: 'Credit review' });
    expect(chipFilter('version', 243)).toEqual({ field: 'verNum', operator: 'EQUAL', value: '243' });
  });

  it('reads the grid sort model', () => {
    expect(sortFromModel([{ field: 'loanAmount', sort: 'asc' }])).toEqual({ field: 'loanAmount', direction: 'asc' });
    expect(sortFromModel([{ field: 'loanAmount', sort: null }])).toBeNull();
    expect(sortFromModel([])).toBeNull();
  });

  it('keys every page by everything that makes it different', () => {
    const a = toVariables(initialListState('ALL', 10, null));
    expect(listKeys.page(a)).toEqual(['mfe-applications', 'lists', 'page', a]);
    expect(listKeys.page(a).slice(0, listKeys.pages.length)).toEqual([...listKeys.pages]);
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
