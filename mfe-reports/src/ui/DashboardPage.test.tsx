// The dashboard as a user meets it, the server replaced at the calls module: the configured widgets for the
// user's roles, figures readable by name, a failing widget with Retry beside the others, the table view,
// the scope's pickers, From and To typed as DD/MM/YYYY.
import { ApiError, type ReportsConfig } from '@originate/contract';
import { act } from 'react';
import * as calls from '../api/reports';
import { login, type Mounted, mountPage } from '../test/pageHarness';

jest.mock('../api/reports');
const mocked = calls as jest.Mocked<typeof calls>;

const CONFIG: ReportsConfig = {
  dashboard: [
    { widget: 'pending', title: 'Pending work', roles: [] },
    { widget: 'conversion', title: 'Lead conversion', roles: [] },
    { widget: 'slaBreaches', title: 'SLA breaches', roles: ['ADMIN'] },
    { widget: 'turnaround', title: 'Turnaround', roles: [] },
  ],
  reports: [],
};

let page: Mounted;
let container: HTMLDivElement;
const until = (check: () => boolean, what: string) => page.until(check, what);

const card = (id: string) => container.querySelector<HTMLElement>(`[data-testid="widget-${id}"]`);
const text = (selector: string) => container.querySelector(selector)?.textContent ?? null;

beforeEach(async () => {
  mocked.fetchReportsConfig.mockResolvedValue(CONFIG);
  mocked.fetchReportees.mockResolvedValue({
    scope: 'TEAM',
    teams: [{ id: 'T-1', name: 'North', type: 'HIERARCHY' }],
    users: [{ userid: 'USR-2', displayName: 'Ravi', teamIds: ['T-1'], canSetTarget: false }],
    canSetTargets: false,
  });
  mocked.fetchProducts.mockResolvedValue([]);
  mocked.fetchPending.mockResolvedValue({ approvals: 3, queries: 1200 });
  mocked.fetchConversion.mockResolvedValue({ leads: 40, converted: 10, sanctioned: 4 });
  mocked.fetchTurnaround.mockRejectedValueOnce(
    new ApiError(403, { code: 1403, message: 'Not within your scope' }, '/backstage/reports/turnaround'),
  );
  mocked.fetchTurnaround.mockResolvedValue({ decided: 0, averageHours: null, rows: [] });
  login(['CPA']);
  page = await mountPage('/dashboard');
  container = page.container;
});

afterEach(async () => {
  await page.unmount();
  jest.clearAllMocks();
});

describe('the dashboard', () => {
  it("shows the user's widgets as labelled cards with readable figures", async () => {
    await until(() => text('[data-testid="widget-pending-figure-queries"]') !== null, 'pending figures');
    expect(card('slaBreaches')).toBeNull();
    const pending = card('pending');
    const titleId = pending?.getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(titleId)?.textContent).toBe('Pending work');
    expect(text('[data-testid="widget-pending-figure-queries"]')).toBe('Queries open1,200');
    // Each widget asked with the same default filter: this month so far.
    const body = mocked.fetchPending.mock.calls[0]?.[0];
    expect(body?.filter.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body?.filter.from).toBe(`${body?.filter.to.slice(0, 7)}-01`);
  });

  it('keeps a failing widget to itself, with the reason and Retry', async () => {
    await until(() => card('turnaround')?.textContent?.includes('Not within your scope') ?? false, 'the failure');
    await until(() => text('[data-testid="widget-conversion-figure-conversionRate"]') !== null, 'conversion');
    const retry = [...(card('turnaround')?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Retry');
    await act(async () => retry?.click());
    await until(() => text('[data-testid="widget-turnaround-empty"]') !== null, 'the retried widget');
    expect(mocked.fetchTurnaround).toHaveBeenCalledTimes(2);
  });

  it('shows a chart or the same data as a table', async () => {
    await until(() => card('conversion')?.querySelector('figure') != null, 'the conversion chart');
    const figure = card('conversion')?.querySelector('figure');
    expect(figure?.getAttribute('aria-label')).toBe(
      'Conversion funnel: leads, converted, sanctioned. Leads: Count 40; Converted: Count 10; Sanctioned: Count 4',
    );
    const toggle = card('conversion')?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    await act(async () => toggle?.click());
    const rows = [...(card('conversion')?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Leads', '40', '100.00%'],
      ['Converted', '10', '25.00%'],
      ['Sanctioned', '4', '10.00%'],
    ]);
  });

  it("offers team and user pickers for a team lead's scope", async () => {
    const names = () =>
      [...container.querySelectorAll('[role="combobox"]')].map((box) =>
        (box.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    await until(() => names().some((name) => name.startsWith('Team')), 'the team picker');
    expect(names()).toEqual(['Product', 'Team', 'User']);
    const shown = [...container.querySelectorAll('[role="combobox"]')].map((box) => box.textContent);
    expect(shown).toEqual(['All products', 'All teams', 'All users']);
  });

  it('takes From and To as DD/MM/YYYY text and asks with YYYY-MM-DD; a half-typed day stays a draft', async () => {
    await until(() => text('[data-testid="widget-pending-figure-queries"]') !== null, 'pending figures');
    const field = (label: string) => {
      const found = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
      return document.getElementById(found?.htmlFor ?? '') as HTMLInputElement | null;
    };
    const from = field('From');
    const to = field('To');
    expect(from?.tagName).toBe('INPUT');
    expect(from?.value).toMatch(/^01\/\d{2}\/\d{4}$/);
    expect(to?.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // What Playwright's fill() does: the whole value at once, then an input event.
    const fill = async (input: HTMLInputElement | null, value: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      await act(async () => {
        setter?.call(input, value);
        input?.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await fill(from, '03/11/2024');
    await fill(to, '28/02/2025');
    await until(
      () => mocked.fetchPending.mock.calls.some(([body]) => body.filter.from === '2024-11-03'),
      'the new range asked',
    );
    expect(mocked.fetchPending.mock.lastCall?.[0].filter).toEqual({ from: '2024-11-03', to: '2025-02-28' });
    expect(text('[data-testid="filter-range"]')).toBe('Showing 03/11/2024 to 28/02/2025');
    expect(to?.value).toBe('28/02/2025');

    const asked = mocked.fetchPending.mock.calls.length;
    await fill(to, '29/02/2025');
    expect(to?.value).toBe('29/02/2025');
    expect(to?.getAttribute('aria-invalid')).toBe('true');
    const helper = document.getElementById(to?.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('To: must be a calendar day (DD/MM/YYYY)');
    await fill(from, '03/11');
    expect(from?.value).toBe('03/11');
    expect(document.getElementById(from?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'From: must be a calendar day (DD/MM/YYYY)',
    );
    await fill(from, '01/03/2025');
    await fill(to, '28/02/2025');
    expect(document.getElementById(from?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'From: must not be after To',
    );
    // The figures keep the last valid filter.
    expect(text('[data-testid="filter-range"]')).toBe('Showing 03/11/2024 to 28/02/2025');
    expect(mocked.fetchPending.mock.calls.length).toBe(asked);
  });
});
