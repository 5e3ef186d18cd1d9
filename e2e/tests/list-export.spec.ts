// Spreadsheet export of an application list as staff meet it: the operations admin exports All
// (every row the grid counts, not a page), the file downloads under spec §9's name and opens with the
// spec's fills, typed cells and the list's total; an export still being written can be cancelled, and a
// failed one says that no file was produced. Only reads.
import { API_PATHS, SPREADSHEET_FILLS } from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { menuItem, screenshot, signIn } from '../support/ui';

const rows = (page: Page) => page.getByRole('grid').locator('.MuiDataGrid-row');

async function openAll(page: Page): Promise<number> {
  await signIn(page, 'opsadmin', 'Admin@123');
  if (!(await menuItem(page, 'All').isVisible())) await menuItem(page, 'Applications').click();
  await menuItem(page, 'All').click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Applications' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  // The grid shows the rows it asked for once it stops fetching; then its footer holds the list's total.
  await expect(page.getByRole('grid').getByRole('progressbar')).toHaveCount(0);
  const displayed = page.locator('.MuiTablePagination-displayedRows');
  await expect(displayed).toHaveText(/of [1-9]\d*/);
  return Number(/of (\d+)/.exec((await displayed.textContent()) ?? '')?.[1] ?? Number.NaN);
}

const exportDialog = (page: Page) => page.getByRole('dialog', { name: 'Spreadsheet export' });

test('the operations admin exports All: every row, the spec’s name, fills and typed cells', async ({ page }) => {
  const total = await openAll(page);
  expect(total).toBeGreaterThan(10);
  await screenshot(page, 'list-export-all');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^All_Applications_export_\d{13}\.xlsx$/);
  await expect(page.getByText(`Exported ${download.suggestedFilename()}`)).toBeVisible();
  await expect(exportDialog(page)).toBeHidden();

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const fill = (row: number, column: number) =>
    (sheet.getCell(row, column).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
  expect(sheet.getCell(1, 1).value).toBe('All Applications');
  expect(fill(1, 1)).toBe(SPREADSHEET_FILLS.title);
  expect(sheet.getCell(4, 1).value).toBe('Application ID');
  expect(fill(4, 1)).toBe(SPREADSHEET_FILLS.header);
  // Every row the grid counts: three title rows and the header above them.
  expect(sheet.rowCount).toBe(4 + total);
  const headers = (sheet.getRow(4).values as unknown[]).slice(1);
  const amount = sheet.getCell(5, headers.indexOf('Loan amount') + 1);
  expect(typeof amount.value).toBe('number');
  expect(amount.numFmt).toContain('₹');
  expect(sheet.getCell(5, headers.indexOf('Created') + 1).value).toBeInstanceOf(Date);
});

test('an export being written can be cancelled, and a failed one says no file was produced', async ({ page }) => {
  await openAll(page);
  // The server's answer held back: the export stays in progress until the user cancels it.
  await page.route(`**${API_PATHS.exportApplications}?exportFile=xlsx`, () => {});
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(exportDialog(page).getByRole('status')).toHaveText('Preparing the list…');
  await expect(exportDialog(page).getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await screenshot(page, 'list-export-in-progress');
  await exportDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(exportDialog(page)).toBeHidden();
  await expect(page.getByText('Export cancelled: no file was produced')).toBeVisible();

  await page.unroute(`**${API_PATHS.exportApplications}?exportFile=xlsx`);
  await page.route(`**${API_PATHS.exportApplications}?exportFile=xlsx`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: {
        'access-control-allow-origin': new URL(page.url()).origin,
        'access-control-allow-credentials': 'true',
      },
      body: JSON.stringify({ code: 1100, message: 'Internal server error' }),
    }),
  );
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(exportDialog(page).getByRole('alert')).toContainText('The export failed and no file was produced');
  await screenshot(page, 'list-export-failed');
  await exportDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(exportDialog(page)).toBeHidden();
});
