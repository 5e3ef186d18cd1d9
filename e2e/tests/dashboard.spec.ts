// The Dashboard and the Reports as staff meet them: the back office lands on the Dashboard, the
// menu follows the spec's order, the widgets show the server's figures for the user's scope (everyone's,
// the team's, one's own) and move when an application is started; a team lead sees the team's people and
// no one else's; a report's export downloads with the spec's fills; a team lead sets a reportee's target.
// An operations admin configures the dashboard (a widget renamed and hidden), and the officer sees it.
// Changes: one started application (the officer's own) and the officer's target for the current month;
// the reports configuration is changed and put back.
import {
  API_PATHS,
  apiPath,
  bankDayOf,
  bankMonthOf,
  type CountByRange,
  REPORT_MAX_RANGE_DAYS,
  REPORTS_CONFIG,
  type ReporteeDetails,
  type ReportsConfig,
  SPREADSHEET_FILLS,
  type Targets,
  type UserProductRows,
} from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiGet, apiLogin, apiPost, apiPut } from '../support/api';
import { logIn, menuItem, screenshot, signIn } from '../support/ui';

const widget = (page: Page, id: string) => page.getByTestId(`widget-${id}`);
const figure = (page: Page, id: string, name: string) => page.getByTestId(`widget-${id}-figure-${name}`).locator('dd');
/** Scrolls to a widget and waits until it has drawn its figures (a stand-in card is busy until then). */
async function shown(page: Page, id: string): Promise<void> {
  // The stand-in is replaced by the widget as it scrolls near: a scroll can find it gone, so again.
  await expect(async () => {
    await widget(page, id).scrollIntoViewIfNeeded({ timeout: 2000 });
    await expect(widget(page, id)).toHaveAttribute('aria-busy', 'false', { timeout: 2000 });
  }).toPass();
}

/** A figure as the card writes it (Indian grouping, a currency sign) read back as a number. */
const numberOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

const today = () => bankDayOf(new Date());
/** The longest range a report takes, up to today: most of the seeded bank (two years up to 2 Nov 2026). */
const SEEDED_FROM = bankDayOf(Date.now() - (REPORT_MAX_RANGE_DAYS - 1) * 86_400_000);

/** YYYY-MM-DD as the date fields take it (spec §9: DD/MM/YYYY). */
const typed = (day: string) => day.split('-').reverse().join('/');

async function setRange(page: Page, from: string, to: string): Promise<void> {
  const filters = page.getByRole('search', { name: 'Filters' });
  await filters.getByRole('textbox', { name: 'From' }).fill(typed(from));
  await filters.getByRole('textbox', { name: 'To' }).fill(typed(to));
  await expect(page.getByTestId('filter-range')).toHaveText(`Showing ${typed(from)} to ${typed(to)}`);
}

test('the back office lands on the Dashboard, first of a menu in the spec’s order', async ({ page }) => {
  await logIn(page, 'opsadmin', 'Admin@123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const top = page.getByRole('navigation', { name: 'Back-office menu' }).locator(':scope > ul > *');
  const labels = (await top.allInnerTexts()).map((t) => t.split('\n')[0]?.trim());
  // Spec §2: Dashboard; Applications; Leads; Internal; Products; Reports; Notification; Profile; Settings;
  // Logoff; Search; Filters. Form preview is the admin feature ApplicationFormPreview's page (seeded on).
  expect(labels).toEqual([
    'Dashboard',
    'Applications',
    'Leads',
    'Internal',
    'Products',
    'Reports',
    'Notification',
    'Form preview',
    'Profile',
    'Settings',
    'Logoff',
    'Search',
    'Filters',
  ]);
});

test('the operations admin sees everyone’s figures, the server’s, and a started application moves them', async ({
  page,
}) => {
  const admin = await apiLogin('opsadmin', 'Admin@123');
  await signIn(page, 'opsadmin', 'Admin@123');
  await setRange(page, SEEDED_FROM, today());
  const filter = { from: SEEDED_FROM, to: today() };
  const expected = await apiPost<CountByRange>(admin, API_PATHS.applicationsCountByRange, {
    filter,
    interval: 'month',
  });
  const total = expected.buckets.reduce((n, b) => n + b.count, 0);
  expect(total).toBeGreaterThan(100);
  // Each widget is drawn as it comes near the screen: scrolled to, it loads its figures, with no error.
  for (const id of [
    'targets',
    'pipeline',
    'applicationsOverTime',
    'conversion',
    'pending',
    'slaBreaches',
    'turnaround',
  ]) {
    await shown(page, id);
    await expect(widget(page, id).getByRole('alert')).toHaveCount(0);
  }
  await expect(figure(page, 'applicationsOverTime', 'count')).toHaveText(total.toLocaleString('en-IN'));
  await expect(figure(page, 'pipeline', 'open')).not.toHaveText('0');
  // Every chart has a table view with the same figures.
  await widget(page, 'pipeline').getByLabel('Table view').check();
  await expect(page.getByTestId('widget-pipeline-table').getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, 'dashboard-admin');

  // The officer starts an application (as the New Internal page does): today's figures count it.
  const officer = await apiLogin('officer', 'Officer@123');
  const before = numberOf(await figure(page, 'applicationsOverTime', 'count').textContent());
  await apiPost(officer, API_PATHS.startApplication, { product_code: 'PL' });
  await page.reload();
  await setRange(page, SEEDED_FROM, today());
  await shown(page, 'applicationsOverTime');
  await expect(async () => {
    const now = numberOf(await figure(page, 'applicationsOverTime', 'count').textContent());
    expect(now).toBeGreaterThanOrEqual(before + 1);
  }).toPass();
});

test('a team lead sees the team’s people and no one else’s; the officer sees only their own', async ({ page }) => {
  const lead = await apiLogin('teamlead', 'Lead@123');
  const reportees = await apiPost<ReporteeDetails>(lead, API_PATHS.reporteeDetails, {});
  expect(reportees.scope).toBe('TEAM');
  expect(reportees.users.map((u) => u.displayName).sort()).toEqual(['Priya Sharma', 'Rahul Verma']);

  await signIn(page, 'teamlead', 'Lead@123');
  await setRange(page, SEEDED_FROM, today());
  await page.getByRole('search', { name: 'Filters' }).getByLabel('User').click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: 'Rahul Verma' })).toBeVisible();
  await expect(options.filter({ hasText: 'Priya Sharma' })).toBeVisible();
  await expect(options.filter({ hasText: 'Vikram Nair' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The per-user targets name the team and nobody else.
  const targets = widget(page, 'targets');
  await shown(page, 'targets');
  await targets.getByLabel('Table view').check();
  await expect(targets.getByRole('rowheader').first()).toBeVisible();
  const people = await targets.getByRole('rowheader').allInnerTexts();
  expect(people.length).toBeGreaterThan(0);
  for (const person of people) expect(['Priya Sharma', 'Rahul Verma']).toContain(person.trim());
  await screenshot(page, 'dashboard-team-lead');

  // Asking for another team's figures is refused by the server, whatever the page offers.
  const refused = await apiPost(lead, API_PATHS.reportPipeline, {
    filter: { from: SEEDED_FROM, to: today(), teamId: 'TEAM-CREDIT-APPROVALS' },
  }).catch((error: { status?: number }) => error.status);
  expect(refused).toBe(403);

  // The officer: own figures only, no team or user pickers.
  await page.getByRole('banner').getByRole('button', { name: 'Logoff' }).click();
  await signIn(page, 'officer', 'Officer@123');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('User')).toHaveCount(0);
  await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('Team')).toHaveCount(0);
});

test('a report exports as a spreadsheet with the spec’s fills; a team lead sets a reportee’s target', async ({
  page,
}) => {
  await signIn(page, 'teamlead', 'Lead@123');
  await menuItem(page, 'Reports').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await setRange(page, SEEDED_FROM, today());
  const report = page.getByTestId('report-applicationsByUserAndProduct');
  const lead = await apiLogin('teamlead', 'Lead@123');
  const { rows } = await apiPost<UserProductRows>(lead, API_PATHS.applicationsByInitiatedByAndProductType, {
    filter: { from: SEEDED_FROM, to: today() },
  });
  expect(rows.length).toBeGreaterThan(0);
  // The table shows the range's rows (the header row above them) before it is exported.
  await expect(report.getByRole('row')).toHaveCount(rows.length + 1);
  const shown = rows.length;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Applications_by_user_and_product_export_\d{13}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const fill = (row: number, column: number) =>
    (sheet.getCell(row, column).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
  expect(fill(1, 1)).toBe(SPREADSHEET_FILLS.title);
  const header = [...Array(sheet.rowCount).keys()]
    .map((i) => i + 1)
    .find((r) => fill(r, 1) === SPREADSHEET_FILLS.header);
  if (!header) throw new Error('the export has no header row');
  expect(sheet.rowCount - header).toBe(shown);
  await screenshot(page, 'reports-team-lead');

  // Set targets: the officer's, for this month; the target report shows it.
  const month = bankMonthOf(new Date());
  await page.getByRole('button', { name: 'Set targets' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('User').click();
  await page.getByRole('option', { name: 'Rahul Verma' }).click();
  await dialog.getByLabel('Target applications').fill('17');
  await dialog.getByLabel('Target amount (₹)').fill('2500000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = await apiPost<Targets>(lead, API_PATHS.targets, { month, userId: 'USR-1001' });
  expect(saved.rows[0]).toMatchObject({ userId: 'USR-1001', targetCount: 17, targetAmount: 2_500_000 });
});

test('an operations admin configures the dashboard, and the officer meets the change', async ({ page, browser }) => {
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const path = apiPath('setupConfig', { type: REPORTS_CONFIG.type, name: REPORTS_CONFIG.name });
  const seeded = await apiGet<ReportsConfig>(admin, path);
  try {
    await signIn(page, 'opsadmin', 'Admin@123');
    await page.getByRole('button', { name: 'Configure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure dashboard and reports' });
    await dialog.getByRole('textbox', { name: 'Pipeline: title' }).fill('Pipeline by stage');
    await dialog.getByRole('checkbox', { name: 'Turnaround' }).uncheck();
    await dialog.getByRole('button', { name: 'Move Pipeline up' }).click();
    await screenshot(page, 'dashboard-configure');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pipeline by stage' })).toBeVisible();

    // Saved on the server: the officer, in a browser of their own, sees the new title and no Turnaround.
    const saved = await apiGet<ReportsConfig>(admin, path);
    expect(saved.dashboard.map((e) => e.widget)).not.toContain('turnaround');
    expect(saved.dashboard[0]).toEqual({ widget: 'pipeline', title: 'Pipeline by stage', roles: [] });
    const context = await browser.newContext();
    const officer = await context.newPage();
    await signIn(officer, 'officer', 'Officer@123');
    await expect(officer.getByRole('heading', { name: 'Pipeline by stage' })).toBeVisible();
    await expect(widget(officer, 'turnaround')).toHaveCount(0);
    await expect(officer.getByRole('button', { name: 'Configure' })).toHaveCount(0);
    await context.close();
  } finally {
    await apiPut(admin, path, seeded);
  }
});
