import { render, screen } from '@testing-library/react';
import { COLUMNS, task } from '../../test/fixtures';
import { buildColumns, SlaChips } from './columns';

describe('the grid columns from the table configuration', () => {
  it('gives each column the operators of its kind, then SLA and actions', () => {
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
