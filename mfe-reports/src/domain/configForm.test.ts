import { DASHBOARD_WIDGETS, REPORT_IDS, type ReportsConfig } from '@originate/contract';
import { type ConfigRow, configForm, configIssues, configOf, moved } from './configForm';

const patched = <Row extends ConfigRow<string>>(rows: Row[], index: number, patch: Partial<Row>): Row[] =>
  rows.map((row, i) => (i === index ? { ...row, ...patch } : row));

const config: ReportsConfig = {
  dashboard: [
    { widget: 'pipeline', title: 'Pipeline', roles: [] },
    { widget: 'slaBreaches', title: 'SLA breaches', roles: ['ADMIN', 'BCM'] },
    { widget: 'pipeline', title: 'Twice', roles: [] },
  ],
  reports: [{ report: 'targetAchievement', title: 'Targets', roles: [] }],
};

describe('the dashboard and reports configuration editor', () => {
  it('lists every known widget and report: the configuration first, in its order, then the rest not shown', () => {
    const form = configForm(config);
    expect(form.dashboard.map((r) => r.id)).toEqual([
      'pipeline',
      'slaBreaches',
      ...DASHBOARD_WIDGETS.filter((id) => id !== 'pipeline' && id !== 'slaBreaches'),
    ]);
    expect(form.dashboard.filter((r) => r.shown).map((r) => r.title)).toEqual(['Pipeline', 'SLA breaches']);
    expect(form.dashboard.find((r) => r.id === 'turnaround')).toEqual({
      id: 'turnaround',
      shown: false,
      title: 'Turnaround',
      roles: [],
    });
    expect(form.reports).toHaveLength(REPORT_IDS.length);
    expect(form.reports[0]).toEqual({ id: 'targetAchievement', shown: true, title: 'Targets', roles: [] });
  });

  it('saves the shown entries in the form order with trimmed titles, and round-trips', () => {
    const form = configForm(config);
    const reordered = { ...form, dashboard: moved(form.dashboard, 1, -1) };
    reordered.dashboard = reordered.dashboard.map((r) =>
      r.id === 'turnaround' ? { ...r, shown: true, title: '  TAT ' } : r,
    );
    expect(configOf(reordered).dashboard).toEqual([
      { widget: 'slaBreaches', title: 'SLA breaches', roles: ['ADMIN', 'BCM'] },
      { widget: 'pipeline', title: 'Pipeline', roles: [] },
      { widget: 'turnaround', title: 'TAT', roles: [] },
    ]);
    const clean = { dashboard: config.dashboard.slice(0, 2), reports: config.reports };
    expect(configOf(configForm(clean))).toEqual(clean);
  });

  it('names the entry and the reason: an empty or long title, a role that is no role code', () => {
    const form = configForm(config);
    form.dashboard = patched(form.dashboard, 0, { title: '  ' });
    form.dashboard = patched(form.dashboard, 1, { roles: ['ADMIN', 'team lead'] });
    form.reports = patched(form.reports, 0, { title: 'x'.repeat(81) });
    expect(configIssues(form)).toEqual({
      'dashboard.pipeline.title': 'A shown entry needs a title',
      'dashboard.slaBreaches.roles': '"team lead" is not a role code',
      'reports.targetAchievement.title': 'At most 80 characters',
    });
    // A hidden entry may keep an empty title: it is not saved.
    const hidden = configForm(config);
    hidden.dashboard = patched(hidden.dashboard, 0, { shown: false, title: '' });
    expect(configIssues(hidden)).toEqual({});
  });

  it('moves a row up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
