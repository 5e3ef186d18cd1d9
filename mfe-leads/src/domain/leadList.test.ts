import { initialLeadListState, toLeadListBody } from './leadList';
import { pageFor } from './pages';

describe('a lead list', () => {
  it('asks for the list and the page only when nothing else is set', () => {
    expect(toLeadListBody(initialLeadListState('MY_LEADS', 10), null)).toEqual({
      list: 'MY_LEADS',
      page: { page: 0, size: 10 },
    });
  });

  it('sends filters with the chip last, the trimmed search, due today and the sort', () => {
    const state = {
      ...initialLeadListState('TEAM_LEADS', 25),
      page: 2,
      filters: [{ field: 'source', operator: 'EQUAL' as const, value: 'WEB_CALLBACK' }],
      chip: { field: 'status', operator: 'EQUAL' as const, value: 'NEW' },
      search: ' 98200 ',
      dueToday: true,
    };
    expect(toLeadListBody(state, { field: 'followUpAt', direction: 'asc' })).toEqual({
      list: 'TEAM_LEADS',
      filters: [
        { field: 'source', operator: 'EQUAL', value: 'WEB_CALLBACK' },
        { field: 'status', operator: 'EQUAL', value: 'NEW' },
      ],
      search: '98200',
      dueToday: true,
      sort: { field: 'followUpAt', direction: 'asc' },
      page: { page: 2, size: 25 },
    });
  });

  it('finds each menu page by its basename', () => {
    expect(pageFor('/leads/my')).toEqual({ kind: 'list', list: 'MY_LEADS', title: 'My Leads' });
    expect(pageFor('leads/team/')).toMatchObject({ list: 'TEAM_LEADS' });
    expect(pageFor('/leads/new')).toEqual({ kind: 'create', title: 'Create Lead' });
    expect(pageFor('/leads/other')).toBeNull();
  });
});

describe('the detail route', () => {
  it('is the route remote.json declares', async () => {
    const { readFileSync } = await import('node:fs');
    const remote = JSON.parse(readFileSync(`${__dirname}/../../remote.json`, 'utf8')) as {
      routes: { path: string }[];
    };
    const { DETAIL_PATH, leadPath } = await import('./pages');
    expect(remote.routes.map((r) => `/${r.path}`)).toContain(DETAIL_PATH);
    expect(leadPath('LD-2026-0000001')).toBe('/backstage/lead?lead_id=LD-2026-0000001');
  });
});
