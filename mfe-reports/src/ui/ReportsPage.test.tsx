// The Reports page: the configured reports as tables, each with Export, the per-user flow report asking
// (and exporting) only once a user is picked, and the Set targets dialog's checks naming the field.
import type { ReportsConfig } from '@originate/contract';
import { act } from 'react';
import * as calls from '../api/reports';
import { login, type Mounted, mountPage } from '../test/pageHarness';

jest.mock('../api/reports');
const mocked = calls as jest.Mocked<typeof calls>;

const CONFIG: ReportsConfig = {
  dashboard: [],
  reports: [
    { report: 'applicationsByUserAndProduct', title: 'Applications by user and product', roles: [] },
    { report: 'targetAchievement', title: 'Target achievement', roles: ['BCM'] },
    { report: 'applicationsByFlow', title: 'Applications by flow', roles: [] },
  ],
};

let page: Mounted;
const section = (id: string) => page.container.querySelector<HTMLElement>(`[data-testid="report-${id}"]`);
const buttons = (root: HTMLElement | null) => [...(root?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
const rowsOf = (root: HTMLElement | null) =>
  [...(root?.querySelectorAll('tbody tr') ?? [])].map((tr) => [...tr.children].map((cell) => cell.textContent));

beforeEach(async () => {
  mocked.fetchReportsConfig.mockResolvedValue(CONFIG);
  mocked.fetchReportees.mockResolvedValue({
    scope: 'TEAM',
    teams: [{ id: 'T-1', name: 'North', type: 'HIERARCHY' }],
    users: [
      { userid: 'USR-1', displayName: 'Lata Lead', teamIds: ['T-1'], canSetTarget: false },
      { userid: 'USR-2', displayName: 'Ravi', teamIds: ['T-1'], canSetTarget: true },
    ],
    canSetTargets: true,
  });
  mocked.fetchProducts.mockResolvedValue([
    { product_code: 'HL', product_name: 'Home Loan', product_type_code: 'HOME', limits: {} },
  ]);
  mocked.fetchUserProduct.mockResolvedValue({
    rows: [
      {
        userId: 'USR-2',
        displayName: 'Ravi',
        productCode: 'HL',
        productName: 'Home Loan',
        count: 3,
        amount: 4_500_000,
      },
      { userId: null, displayName: null, productCode: 'HL', productName: 'Home Loan', count: 1, amount: 100_000 },
    ],
  });
  mocked.fetchTargets.mockResolvedValue({ month: '2026-11', rows: [] });
  login(['BCM']);
  page = await mountPage('/reports');
});

afterEach(async () => {
  await page.unmount();
  jest.clearAllMocks();
});

describe('the reports', () => {
  it('shows each configured report as a table with its export', async () => {
    await page.until(() => rowsOf(section('applicationsByUserAndProduct')).length === 2, 'the user/product rows');
    expect(rowsOf(section('applicationsByUserAndProduct'))).toEqual([
      ['Ravi', 'Home Loan', '3', '₹45,00,000.00'],
      ['Portal (no staff user)', 'Home Loan', '1', '₹1,00,000.00'],
    ]);
    expect(buttons(section('applicationsByUserAndProduct'))).toContain('Export');
    await page.until(
      () => section('targetAchievement')?.textContent?.includes('No users with targets') ?? false,
      'targets',
    );
    expect(buttons(section('targetAchievement'))).toEqual(expect.arrayContaining(['Set targets', 'Export']));
    expect(buttons(section('applicationsByFlow'))).toContain('Export');
  });

  it('asks the flow report only once a user is picked', async () => {
    await page.until(() => section('applicationsByFlow') !== null, 'the flow report');
    expect(section('applicationsByFlow')?.textContent).toContain('Pick a user');
    expect(mocked.fetchFlowCounts).not.toHaveBeenCalled();
    const exportButton = () =>
      [...(section('applicationsByFlow')?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Export');
    expect(exportButton()?.disabled).toBe(true);
    // Picking a user asks for their flows and lets the report export.
    mocked.fetchFlowCounts.mockResolvedValue({ rows: [{ flowName: 'Home loan flow', count: 2, amount: 500000 }] });
    const combobox = section('applicationsByFlow')?.querySelector<HTMLElement>('[role="combobox"]');
    await act(async () => combobox?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Ravi');
    await act(async () => option?.click());
    await page.until(() => rowsOf(section('applicationsByFlow')).length === 1, 'the flow rows');
    expect(mocked.fetchFlowCounts.mock.lastCall?.[0]).toMatchObject({ userId: 'USR-2' });
    expect(exportButton()?.disabled).toBe(false);
  });

  it('names the field and the reason in Set targets', async () => {
    await page.until(() => buttons(section('targetAchievement')).includes('Set targets'), 'Set targets');
    const open = [...(section('targetAchievement')?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Set targets',
    );
    await act(async () => open?.click());
    const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
    await page.until(() => dialog() !== null, 'the dialog');
    const save = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Save');
    await act(async () => save?.click());
    const text = dialog()?.textContent ?? '';
    expect(text).toContain('User is required');
    expect(text).toContain('Target applications is required');
    expect(text).toContain('Target amount is required');
    expect(mocked.saveTarget).not.toHaveBeenCalled();
  });
});
