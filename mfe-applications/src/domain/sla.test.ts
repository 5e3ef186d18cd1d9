import { formatBankDateTime } from '@originate/contract';
import { task } from '../test/fixtures';
import { listSla, slaChipLabel, slaView } from './sla';

describe('SLA due times (operationalLevelAgreement)', () => {
  const ola = task().operationalLevelAgreement;
  const due = formatBankDateTime('2026-11-22T09:00:00.000Z');

  it('shows each part due at its expected end in IST; a running part past due is breached', () => {
    expect(due).toBe('22/11/2026 14:30:00 IST');
    expect(slaView(ola, Date.parse('2026-11-21T00:00:00Z'))).toEqual([
      { part: 'overall', due, state: 'on track' },
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

  it('shows the running and breached parts; a part met in time gets no chip; a breached chip says so first', () => {
    const { chips, caption } = listSla(ola, Date.parse('2026-11-23T00:00:00Z'));
    expect(chips.map((p) => p.part)).toEqual(['overall']);
    expect(caption).toBeNull();
    expect(slaChipLabel(chips[0] as (typeof chips)[number])).toBe(`Breached: overall (due ${due})`);
    const queued = { ...ola, queued: { ...ola.queued, status: 'RUNNING' as const } };
    expect(listSla(queued, Date.parse('2026-11-21T00:00:00Z')).chips.map(slaChipLabel)).toEqual([
      `On track: overall (due ${due})`,
      `On track: queued (due ${due})`,
    ]);
    const serverSaid = listSla({ ...ola, assigned: { ...ola.assigned, status: 'BREACHED' } }, 0).chips;
    expect(serverSaid.map((p) => [p.part, p.state])).toContainEqual(['assigned', 'breached']);
    expect(slaChipLabel({ part: 'assigned', due: null, state: 'breached' })).toBe('Breached: assigned');
    expect(slaChipLabel({ part: 'queued', due, state: 'met' })).toBe('Met: queued');
  });

  it('sums up a task whose every limit was met, and one without limits', () => {
    const met = { ...ola, overall: { ...ola.overall, status: 'MET' as const } };
    expect(listSla(met, Date.parse('2026-11-21T00:00:00Z'))).toEqual({ chips: [], caption: 'SLA met' });
    const none = { ...ola, overall: { ...ola.assigned }, queued: { ...ola.assigned } };
    expect(listSla(none, 0)).toEqual({ chips: [], caption: 'No SLA limit' });
  });

  it('is due soon in the last quarter of its time, on track before; the last hour when its start is unknown', () => {
    // 48 hours from 20/11 09:00Z: due soon from 21/11 21:00Z, breached after 22/11 09:00Z.
    expect(slaView(ola, Date.parse('2026-11-21T20:59:00Z'))[0]?.state).toBe('on track');
    expect(slaView(ola, Date.parse('2026-11-21T21:00:00Z'))[0]?.state).toBe('due soon');
    expect(slaView(ola, Date.parse('2026-11-22T09:00:01Z'))[0]?.state).toBe('breached');
    const noStart = { ...ola, overall: { ...ola.overall, startTS: null } };
    expect(slaView(noStart, Date.parse('2026-11-22T07:59:00Z'))[0]?.state).toBe('on track');
    expect(slaView(noStart, Date.parse('2026-11-22T08:00:00Z'))[0]?.state).toBe('due soon');
    expect(slaChipLabel({ part: 'overall', due, state: 'due soon' })).toBe(`Due soon: overall (due ${due})`);
  });
});
