import type { TableColumn } from '@originate/contract';
import { configuredColumns, formatCell, gridOperators, hiddenColumns } from './columns';

const CURRENCY = new Set(['loanAmount']);

describe('grid columns from a table configuration', () => {
  it('formats money in INR lakh grouping, other amounts as numbers, dates DD/MM/YYYY', () => {
    expect(formatCell({ field: 'loanAmount', kind: 'amount' }, 2500000, CURRENCY)).toBe('₹25,00,000.00');
    expect(formatCell({ field: 'verNum', kind: 'amount' }, 243, CURRENCY)).toBe('243');
    expect(formatCell({ field: 'cre_time', kind: 'date' }, '2026-11-20T09:00:00.000Z')).toMatch(/^2[01]\/11\/2026$/);
    expect(formatCell({ field: 'stage', kind: 'dropdown' }, null)).toBe('—');
  });

  it('gives each kind its operators and never filters on the client', () => {
    expect(gridOperators('dropdown').map((o) => [o.value, o.label])).toEqual([
      ['EQUAL', 'equals'],
      ['NOT_EQUAL', 'does not equal'],
    ]);
    expect(
      gridOperators('text')[0]?.getApplyFilterFn({ field: 'x', operator: 'EQUAL', value: 'a' }, {} as never),
    ).toBeNull();
  });

  it('labels dropdown values, reads values through getters and keeps the configured flags', () => {
    const config: TableColumn[] = [
      {
        field: 'source',
        headerName: 'Source',
        kind: 'dropdown',
        options: ['WALK_IN'],
        sortable: true,
        filterable: true,
      },
      { field: 'ownerId', headerName: 'Owner', kind: 'text', sortable: false, filterable: false },
    ];
    const [source, owner] = configuredColumns<{ ownerId: string; ownerName: string }>(config, {
      optionLabels: { source: { WALK_IN: 'Walk-in' } },
      values: { ownerId: (row) => row.ownerName },
    });
    expect(source).toMatchObject({ valueOptions: [{ value: 'WALK_IN', label: 'Walk-in' }] });
    expect(source?.valueFormatter?.('WALK_IN' as never, {} as never, source, {} as never)).toBe('Walk-in');
    expect(owner).toMatchObject({ sortable: false, filterable: false });
    expect(owner?.valueGetter?.('u1' as never, { ownerId: 'u1', ownerName: 'Rahul Verma' }, owner, {} as never)).toBe(
      'Rahul Verma',
    );
  });
  it('hides the columns the configuration hides, and only those', () => {
    const column = (field: string, hidden?: boolean): TableColumn => ({
      field,
      headerName: field,
      kind: 'text',
      sortable: true,
      filterable: true,
      ...(hidden === undefined ? {} : { hidden }),
    });
    expect(hiddenColumns([column('a'), column('b', true), column('c', false)])).toEqual({ b: false });
    expect(hiddenColumns(undefined)).toEqual({});
  });
});
