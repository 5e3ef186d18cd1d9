import { render, screen } from '@testing-library/react';
import { COLUMNS, task } from '../../test/fixtures';
import { buildColumns, SlaChips } from './columns';

describe('the grid columns from the table configuration', () => {
  it('gives each column the operators of its kind, then SLA and actions', () => {
    const columns = buildColumns(
      COLUMNS,
      () => 0,
      () => null,
    );
    expect(columns.map((c) => c.field)).toEqual([...COLUMNS.map((c) => c.field), 'sla', 'actions']);
    expect(columns.find((c) => c.field === 'note')).toMatchObject({ sortable: false, filterable: false });
    expect(columns.find((c) => c.field === 'cre_time')?.filterOperators?.map((o) => o.value)).toEqual([
      'EQUAL',
      'NOT_EQUAL',
      'GREATER_THAN',
      'LESS_THAN',
    ]);
  });

  it('shows the SLA parts that need attention, a breached one as a filled red Breached chip', () => {
    render(<SlaChips row={task()} now={Date.parse('2026-11-23T00:00:00Z')} />);
    const breached = screen.getByText(/^Breached: overall/).closest('.MuiChip-root');
    expect(breached?.className).toMatch(/MuiChip-filled/);
    expect(breached?.className).toMatch(/MuiChip-colorError/);
    // The queued part was met in time and the assigned one has no limit: neither gets a chip.
    expect(screen.queryByText(/queued/)).toBeNull();
    expect(screen.queryByText(/assigned/)).toBeNull();
  });

  it('says the SLA was met when every limited part was, rather than showing green due dates', () => {
    const row = task();
    const ola = row.operationalLevelAgreement;
    render(
      <SlaChips
        row={{ ...row, operationalLevelAgreement: { ...ola, overall: { ...ola.overall, status: 'MET' } } }}
        now={0}
      />,
    );
    expect(screen.getByText('SLA met')).toBeTruthy();
    expect(screen.queryByText(/due/)).toBeNull();
  });

  it("shows the server's breach even on a part the page knows no limit of, never as grey text", () => {
    const row = task();
    const ola = row.operationalLevelAgreement;
    const breachedOnly = {
      ...row,
      operationalLevelAgreement: {
        overall: { ...ola.assigned, status: 'BREACHED' as const },
        queued: ola.assigned,
        assigned: ola.assigned,
      },
    };
    render(<SlaChips row={breachedOnly} now={0} />);
    expect(screen.getByText('Breached: overall').closest('.MuiChip-root')?.className).toMatch(/MuiChip-colorError/);
    expect(screen.queryByText('No SLA limit')).toBeNull();
  });
});
