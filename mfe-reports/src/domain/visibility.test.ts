import type { ReportsConfig } from '@originate/contract';
import { visibleReports, visibleWidgets } from './visibility';

const config = {
  dashboard: [
    { widget: 'pending', title: 'Pending', roles: [] },
    { widget: 'targets', title: 'Targets', roles: ['BCM', 'BH'] },
    { widget: 'pipeline', title: 'Pipeline', roles: ['ADMIN'] },
    { widget: 'pending', title: 'Pending again', roles: [] },
    { widget: 'somethingNew', title: 'Unknown', roles: [] },
  ],
  reports: [
    { report: 'targetAchievement', title: 'Target achievement', roles: ['BH'] },
    { report: 'applicationsByFlow', title: 'By flow', roles: [] },
  ],
} as unknown as ReportsConfig;

describe('visibility', () => {
  it('keeps the configured order: empty roles for everyone, else any role of the user', () => {
    expect(visibleWidgets(config, ['BCM'])).toEqual([
      { id: 'pending', title: 'Pending' },
      { id: 'targets', title: 'Targets' },
    ]);
    expect(visibleWidgets(config, ['ADMIN']).map((w) => w.id)).toEqual(['pending', 'pipeline']);
    expect(visibleWidgets(config, []).map((w) => w.id)).toEqual(['pending']);
  });

  it('does the same for reports', () => {
    expect(visibleReports(config, ['CPA']).map((r) => r.id)).toEqual(['applicationsByFlow']);
    expect(visibleReports(config, ['BH']).map((r) => r.id)).toEqual(['targetAchievement', 'applicationsByFlow']);
  });
});
