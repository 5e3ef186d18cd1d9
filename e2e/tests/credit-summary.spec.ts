// The reviewer's credit summary and the Docs tab's document types against the real
// server: an approver opens an application with a pending approval on its Summary tab (the figures with their
// sources and IST times: the form's amount, the bureau adapter's score, FOIR against the configured cap), the
// approve dialog shows the figures being approved, and approving records them; the officer picks a document
// type by its name from the home loan's list, sees the required ones not received first, a thumbnail of the
// image uploaded and an inline preview of a PDF (the browser's PDF viewer showing its page, under the CSP); My Applications reads in staff's words (product names, 'Active',
// 'applications') and keeps the Application ID in view after a row action. The Credit panel's affordability and the
// Summary tab are the same rows of the server's credit summary: before the bureau report (FOIR not yet available in
// both, never a FOIR without obligations in one) and after it.
// Every application it changes is its own copy of a seeded home loan (with a PAN: the bureau sandbox answers).
import type { CreditSummaryAnswer, TaskConfigsAnswer } from '@originate/contract';
import { API_PATHS, apiPath } from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { copyApplication } from '../support/data';
import { pngFile } from '../support/portal';
import { detailTab, detailUrl, openDetailTab, openPage, screenshot, signIn } from '../support/ui';

const SOURCE = 'HL-2026-000105';
const REASON = 'Home loan within policy: credit summary reviewed';

const figure = (page: Page, key: string) => page.getByTestId(`summary-${key}`);

// Chromium itself, not the headless shell the other specs use: the shell has no PDF viewer (a PDF frame stays
// blank there), and the Docs preview must be seen showing the PDF's page.
test.use({
  viewport: { width: 1280, height: 900 },
  launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
});

/** The Credit panel's affordability rows read exactly as the Summary tab's: value, cap and source. */
async function expectSameFigures(page: Page) {
  for (const key of ['monthlyIncome', 'monthlyObligations', 'emi', 'foirPercent']) {
    const summary = (await figure(page, key).textContent()) ?? '';
    expect(summary).not.toBe('');
    await expect(page.getByTestId(`credit-${key}`)).toHaveText(summary);
  }
}

test('the Credit panel and the Summary tab show the same figures, before and after the bureau report', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, SOURCE);
  await openPage(page, detailUrl(applicationId), ['officer', 'Officer@123']);
  await openDetailTab(page, 'Summary');
  const credit = page.getByRole('region', { name: 'Credit', exact: true });
  await expect(credit.getByText('No bureau report yet.')).toBeVisible();
  // Without obligations FOIR is not worked out, in either place.
  await expect(figure(page, 'foirPercent')).toContainText('Not yet available: bureau not fetched');
  await expect(credit.getByTestId('credit-foirPercent')).toContainText('Not yet available: bureau not fetched');
  await expectSameFigures(page);
  await screenshot(page, 'credit-summary-summary-tab-before-bureau');

  await credit.getByRole('button', { name: 'Fetch bureau report' }).click();
  await expect(credit.getByTestId('credit-score')).toHaveText(/^\d{3}$/);
  const answer = await apiGet<CreditSummaryAnswer>(officer, apiPath('applicationCreditSummary', { applicationId }));
  const foir = answer.figures.find((f) => f.key === 'foirPercent')?.value;
  expect(typeof foir).toBe('number');
  await expect(figure(page, 'foirPercent').getByTestId('summary-foirPercent-value')).toContainText(
    `${foir?.toFixed(2)}%`,
  );
  await expectSameFigures(page);
  await screenshot(page, 'credit-summary-summary-tab');
  await credit.getByRole('heading', { name: 'Affordability' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'credit-summary-credit-panel', { fullPage: false });
});

test('an approver reads the credit summary first and approves what it shows', async ({ page }) => {
  test.setTimeout(120_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, SOURCE);
  // The bureau report and the credit decision, as the officer's Credit panel fetches them.
  await apiPost(officer, API_PATHS.bureauObligation, { application_id: applicationId });
  await apiGet(
    officer,
    `${apiPath('decisionExecute', { product: 'HL', name: 'credit' })}?application_id=${applicationId}`,
  );
  const { task } = await apiGet<TaskConfigsAnswer>(officer, `${API_PATHS.taskConfigs}?application_id=${applicationId}`);
  if (!task) throw new Error(`${applicationId} has no open task`);
  await apiPost(officer, API_PATHS.requestApproval, {
    application_id: applicationId,
    taskId: task.taskId,
    kind: 'APPROVAL',
    reason: REASON,
  });

  await openPage(page, detailUrl(applicationId), ['teamlead', 'Lead@123']);
  await expect(page.getByRole('heading', { name: `Application ${applicationId}` })).toBeVisible();
  // Not the applicant's greyed form: the Summary, first and open.
  await expect(detailTab(page, 'Summary')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab').first()).toHaveText('Summary');
  await expect(figure(page, 'loanAmount')).toContainText(/₹[\d,]+/);
  await expect(figure(page, 'loanAmount')).toContainText('Form field loan_amount');
  await expect(figure(page, 'bureauScore')).toContainText(/Integration · .* bureau adapter, report .* IST/);
  await expect(figure(page, 'foirPercent')).toContainText(/\d+\.\d{2}%/);
  await expect(figure(page, 'foirPercent')).toContainText('cap 50% (Credit decision configuration v');
  await expect(figure(page, 'ltvPercent')).toContainText('Not yet available');
  await expect(page.getByTestId('summary-tab')).toContainText('Decision and deviations');
  // The header carries the key figures too, and the SLA as words.
  await expect(page.getByTestId('summary-strip').getByTestId('key-bureauScore')).toHaveText(/^\d{3}$/);
  await expect(page.getByTestId('header-SLA')).toContainText(/On track|Due soon|Breached|No SLA limit/);
  await screenshot(page, 'credit-summary-approver');

  await openDetailTab(page, 'Approvals');
  const card = page.getByTestId('approval').filter({ hasText: REASON });
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const approving = dialog.getByTestId('approval-figures');
  await expect(approving).toContainText('You are approving');
  const amount = (await page.getByTestId('summary-strip').getByTestId('key-loanAmount').textContent()) ?? '';
  await expect(approving.getByTestId('key-loanAmount')).toHaveText(amount);
  await expect(approving.getByTestId('key-foirPercent')).toContainText('%');
  await screenshot(page, 'credit-summary-approve-dialog', { fullPage: false });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Figures checked');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'Decisions' })).toContainText('approved');
});

/** Chromium's PDF viewer frame, once the preview's blob: frame has loaded it. */
const pdfViewer = (page: Page) => page.frames().find((f) => f.url().startsWith('chrome-extension://'));

test('the officer picks a document type by name, sees the required ones missing first, a thumbnail and a preview', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, SOURCE);
  await openPage(page, detailUrl(applicationId), ['officer', 'Officer@123']);
  await expect(page.getByRole('heading', { name: `Application ${applicationId}` })).toBeVisible();
  await openDetailTab(page, 'Docs');

  const missing = page.getByRole('list', { name: 'Required documents not received' });
  await expect(missing.getByText('Address proof')).toBeVisible();
  await expect(missing.getByText('Required – not received').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Address proof (required)' }).click();
  await page.getByLabel('Document file').setInputFiles(pngFile('address-scan.png'));
  const table = page.getByRole('table', { name: 'Documents' });
  const uploaded = table.getByRole('row').filter({ hasText: 'address-scan.png' });
  await expect(uploaded).toContainText('Address proof');
  await expect(missing.getByText('Address proof')).toHaveCount(0);
  // The image's thumbnail is its own pixels, from a blob: URL of the authorised download.
  const thumbnail = uploaded.getByRole('button', { name: 'Preview address-scan.png' }).locator('img');
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  await screenshot(page, 'credit-summary-docs');
  // Its preview: the same pixels, larger, in the dialog.
  await uploaded.getByRole('button', { name: 'Preview address-scan.png' }).click();
  const imageDialog = page.getByRole('dialog');
  const image = imageDialog.getByRole('img', { name: 'Preview of address-scan.png' });
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  await screenshot(page, 'credit-summary-docs-image-preview', { fullPage: false });
  await imageDialog.getByRole('button', { name: 'Close' }).click();
  await expect(imageDialog).toHaveCount(0);

  // The seeded PDF opens inline in the browser's viewer, from a blob: URL.
  const pdfRow = table.getByRole('row').filter({ hasText: 'ID document' });
  await pdfRow.getByRole('button', { name: /^Preview / }).click();
  const preview = page.getByRole('dialog');
  await expect(preview).toContainText('ID document:');
  await expect(preview.locator('iframe')).toHaveAttribute('src', /^blob:/);
  // The viewer has read the file: it shows the PDF's one page as a thumbnail and its page number.
  await expect.poll(() => pdfViewer(page) !== undefined).toBe(true);
  const viewer = pdfViewer(page);
  if (!viewer) throw new Error('the preview has no PDF viewer');
  await expect(viewer.locator('viewer-thumbnail')).toHaveCount(1);
  await expect(viewer.locator('#pageSelector')).toHaveValue('1');
  await screenshot(page, 'credit-summary-docs-preview', { fullPage: false });
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);
  expect(violations).toEqual([]);
});

test('My Applications shows product names, statuses in words and the count in applications; the ID stays in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await signIn(page, 'officer', 'Officer@123', { at: '/applications/my' });
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
  const grid = page.getByRole('grid');
  const first = grid.locator('.MuiDataGrid-row').first();
  await expect(first).toBeVisible();
  await expect(page.getByText(/^\d+ applications?/)).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Product', exact: true })).toBeVisible();
  await expect(first.locator('[data-field="product_name"]')).toHaveText(/Loan$/);
  await expect(first.locator('[data-field="_applicationStatus"]')).toHaveText(/^(Active|Inactive|Completed)$/);
  await expect(grid.getByRole('columnheader', { name: 'Flow version' })).toHaveCount(0);
  await expect(grid.getByRole('columnheader', { name: 'Product code' })).toHaveCount(0);
  await expect(page.getByText(/\btasks\b/)).toHaveCount(0);
  // A row action at the far right scrolls the rows sideways; the Application ID stays in view.
  const id = first.locator('[data-field="application_id"]');
  await first.getByRole('button', { name: /^Actions for / }).click();
  await page.keyboard.press('Escape');
  await expect(id).toBeInViewport();
  const scrolled = await grid.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollLeft);
  expect(scrolled).toBeGreaterThan(0);
  const idBox = await id.boundingBox();
  const gridBox = await grid.boundingBox();
  expect(idBox && gridBox && idBox.x - gridBox.x).toBeLessThan(5);
  await screenshot(page, 'credit-summary-my-applications', { fullPage: false });
});
