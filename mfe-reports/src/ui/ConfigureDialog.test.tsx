// The operations admin's "Configure": only an ADMIN sees it; hiding a widget and renaming another saves
// the configuration in the dialog's order and the dashboard shows the saved entries at once; a bad role
// code is named on its field and nothing is sent.
import type { ReportsConfig } from '@originate/contract';
import { act } from 'react';
import * as calls from '../api/reports';
import { login, type Mounted, mountPage } from '../test/pageHarness';

jest.mock('../api/reports');
const mocked = calls as jest.Mocked<typeof calls>;

const CONFIG: ReportsConfig = {
  dashboard: [
    { widget: 'pending', title: 'Pending work', roles: [] },
    { widget: 'conversion', title: 'Lead conversion', roles: [] },
  ],
  reports: [{ report: 'targetAchievement', title: 'Target achievement', roles: [] }],
};

let page: Mounted;

const button = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name) ?? null;
const byLabel = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement>('input')].find(
    (input) => (input.labels?.[0]?.textContent ?? '').replace(/\s*\*$/, '') === label,
  ) ?? null;
const cardTitles = () =>
  [...page.container.querySelectorAll('[data-testid^="widget-"][aria-labelledby]')].map(
    (card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent,
  );

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  mocked.fetchReportsConfig.mockResolvedValue(CONFIG);
  mocked.fetchReportees.mockResolvedValue({ scope: 'ALL', teams: [], users: [], canSetTargets: true });
  mocked.fetchProducts.mockResolvedValue([]);
  mocked.fetchPending.mockResolvedValue({ approvals: 3, queries: 12 });
  mocked.fetchConversion.mockResolvedValue({ leads: 40, converted: 10, sanctioned: 4 });
  mocked.fetchTurnaround.mockResolvedValue({ decided: 0, averageHours: null, rows: [] });
  mocked.saveReportsConfig.mockImplementation(async (config) => config);
});

afterEach(async () => {
  await page.unmount();
  jest.clearAllMocks();
});

describe('Configure dashboard and reports', () => {
  it('is not offered to a user who is no operations admin', async () => {
    login(['CPA']);
    page = await mountPage('/dashboard');
    await page.until(() => cardTitles().length === 2, 'the two widgets');
    expect(button('Configure')).toBeNull();
  });

  it('saves hidden, renamed and reordered entries, and the dashboard shows them at once', async () => {
    login(['ADMIN']);
    page = await mountPage('/dashboard');
    await page.until(() => button('Configure') !== null, 'the Configure button');
    await act(async () => button('Configure')?.click());
    await page.until(() => byLabel('Lead conversion: title') !== null, 'the dialog');

    await act(async () => byLabel('Pending approvals and queries')?.click());
    await act(async () => type(byLabel('Lead conversion: title') as HTMLInputElement, 'Funnel'));
    await act(async () => byLabel('Turnaround')?.click());
    await act(async () => document.querySelector<HTMLButtonElement>('[aria-label="Move Turnaround up"]')?.click());
    await act(async () => button('Save')?.click());

    await page.until(() => mocked.saveReportsConfig.mock.calls.length === 1, 'the save');
    expect(mocked.saveReportsConfig.mock.calls[0]?.[0]).toEqual({
      dashboard: [
        { widget: 'conversion', title: 'Funnel', roles: [] },
        { widget: 'turnaround', title: 'Turnaround', roles: [] },
      ],
      reports: CONFIG.reports,
    });
    await page.until(() => cardTitles().join() === 'Funnel,Turnaround', 'the saved widgets on the dashboard');
    expect(document.querySelector('[aria-labelledby="configure-reports-title"]')).toBeNull();
  });

  it('names a title left empty on its field and sends nothing', async () => {
    login(['ADMIN']);
    page = await mountPage('/dashboard');
    await page.until(() => button('Configure') !== null, 'the Configure button');
    await act(async () => button('Configure')?.click());
    await page.until(() => byLabel('Pending approvals and queries: title') !== null, 'the dialog');
    await act(async () => type(byLabel('Pending approvals and queries: title') as HTMLInputElement, ' '));
    await act(async () => button('Save')?.click());
    await page.until(
      () => (document.body.textContent ?? '').includes('A shown entry needs a title'),
      'the title issue',
    );
    expect(mocked.saveReportsConfig).not.toHaveBeenCalled();
  });
});
