import { render, screen } from '@testing-library/react';
import { COLUMNS, task } from '../../test/fixtures';
import { buildColumns, formatCell, gridOperators, SlaChips } from './columns';

describe('the grid columns from the table configuration', () => {
  it('formats money in INR lakh grouping, other amounts as numbers, dates DD/MM/YYYY', () => {
    expect(formatCell({ field: 'loanAmount', kind: 'amount' }, 2500000)).toBe('₹25,00,000.00');
    expect(formatCell({ field: 'verNum', kind: 'amount' }, 243)).toBe('243');
    expect(formatCell({ field: 'cre_time', kind: 'date' }, '2026-11-20T09:00:00.000Z')).toMatch(/^2[01]\/11\/2026$/);
    expect(formatCell({ field: 'stage', kind: 'dropdown' }, null)).toBe('—');
  });

  it('gives each column the operators of its kind and never filters on the client', () => {
    expect(gridOperators('dropdown').map((o) => [o.value, o.label])).toEqual([
      ['EQUAL', 'equals'],
      ['NOT_EQUAL', 'does not equal'],
    ]);
    expect(
      gridOperators('text')[0]?.getApplyFilterFn({ field: 'x', operator: 'EQUAL', value: 'a' }, {} as never),
    ).toBeNull();
    const columns = buildColumns(COLUMNS, 0, () => null);
    expect(columns.map((c) => c.field)).toEqual([...COLUMNS.map((c) => c.field), 'sla', 'actions']);
    expect(columns.find((c) => c.field === 'note')).toMatchObject({ sortable: false, filterable: false });
    expect(columns.find((c) => c.field === 'cre_time')?.filterOperators?.map((o) => o.value)).toEqual([
      'EQUAL',
      'NOT_EQUAL',
      'GREATER_THAN',
      'LESS_THAN',
    ]);
  });

  it('shows SLA parts with a limit, a breached one filled in the error colour', () => {
    render(<SlaChips row={task()} now={Date.parse('2026-11-23T00:00:00Z')} />);
    expect(screen.getByText(/^overall breached/)).toBeTruthy();
    expect(screen.getByText(/^queued due/)).toBeTruthy();
    expect(screen.queryByText(/^assigned/)).toBeNull();
  });
});
