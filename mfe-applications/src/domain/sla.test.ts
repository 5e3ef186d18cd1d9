import { formatDateTime } from '@originate/contract';
import { task } from '../test/fixtures';
import { slaView } from './sla';

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
});
