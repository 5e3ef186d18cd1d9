import { formatDateTime } from '@originate/contract';
import { task } from '../test/fixtures';
import { shownSlaParts, slaChipLabel, slaView } from './sla';

describe('SLA due times (operationalLevelAgreement)', () => {
  const ola = task().operationalLevelAgreement;
  const due = formatDateTime('2026-11-22T09:00:00.000Z');

  it('shows each part due at its expected end; a running part past due is breached', () => {
    expect(slaView(ola, Date.parse('2026-11-21T00:00:00Z'))).toEqual([
      { part: 'overall', due, state: 'running' },
      { part: 'queued', due, state: 'met' },
      { part: 'assigned', due: null, state: 'no limit' },
    ]);
    expect(slaView(ola, Date.parse('2026-11-23T00:00:00Z'))[0]).toEqual({ part: 'overall', due, state: 'breached' });
  });

  it('believes the server when it says breached, and shows a part not started as such', () => {
    const view = slaView(
      {
        ...ola,
        overall: { ...ola.overall, status: 'BREACHED' },
        assigned: { ...ola.overall, status: 'NOT_STARTED' },
      },
      0,
    );
    expect(view.map((v) => v.state)).toEqual(['breached', 'met', 'not started']);
  });

  it('shows the parts with a limit and any breached one; a breached chip says so first', () => {
    const parts = shownSlaParts(ola, Date.parse('2026-11-23T00:00:00Z'));
    expect(parts.map((p) => p.part)).toEqual(['overall', 'queued']);
    expect(slaChipLabel(parts[0] as (typeof parts)[number])).toBe(`Breached: overall (due ${due})`);
    expect(slaChipLabel(parts[1] as (typeof parts)[number])).toBe(`queued due ${due}`);
    const serverSaid = shownSlaParts({ ...ola, assigned: { ...ola.assigned, status: 'BREACHED' } }, 0);
    expect(serverSaid.map((p) => [p.part, p.state])).toContainEqual(['assigned', 'breached']);
    expect(slaChipLabel({ part: 'assigned', due: null, state: 'breached' })).toBe('Breached: assigned');
  });
});
