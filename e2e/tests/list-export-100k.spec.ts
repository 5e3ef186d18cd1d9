// A 100,000-row export as the back office meets it: the operations admin's Export of All is
// answered by a second real server on a bank of 100,000 applications (the export bench's, kept in the
// PostgreSQL at 127.0.0.1:5432 and seeded there the first time); the dialog shows the rows and bytes as
// they arrive, the whole file downloads, another export asked meanwhile waits its turn, and a second export
// is cancelled while it is written: no file, and the toast says so. The browser's request is sent on to that server with its own session (the e2e
// server holds a thousand applications). Skipped, saying why, where no PostgreSQL answers.
import { API_PATHS } from '@originate/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { exportBankEnv, exportDatabase } from '../bench/export-bench';
import { login, startServer } from '../bench/lists-bench';
import { SHELL } from '../support/system-under-test';
import { menuItem, screenshot, signIn } from '../support/ui';

test.describe.configure({ timeout: 360_000 });

let bank: Awaited<ReturnType<typeof startServer>> | null = null;
let bankUrl = '';
let session: { access_token: string; sessionid: string } | null = null;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const url = await exportDatabase();
  test.skip(url === null, 'no PostgreSQL answers at 127.0.0.1:5432: the 100,000-application bank lives there');
  bank = await startServer(
    { ...exportBankEnv(url ?? ''), CORS_ORIGINS: SHELL },
    { what: 'applications', bench: 'e2e' },
  );
  bankUrl = `http://127.0.0.1:${bank.port}`;
  session = await login(bankUrl, 'opsadmin', 'Admin@123');
});

test.afterAll(() => {
  bank?.child.kill('SIGTERM');
});

/** The Export of All goes to the 100,000-application server, as the same user there. */
async function exportToBank(page: Page): Promise<void> {
  await page.route(`**${API_PATHS.exportApplications}?exportFile=xlsx`, async (route) => {
    const headers = { ...route.request().headers() };
    // The e2e session's XSRF token means nothing to the other server; its session is in the headers.
    delete headers['x-xsrf-token'];
    await route.continue({
      url: `${bankUrl}${API_PATHS.exportApplications}?exportFile=xlsx`,
      headers: { ...headers, access_token: session?.access_token ?? '', sessionid: session?.sessionid ?? '' },
    });
  });
}

async function openAll(page: Page): Promise<void> {
  await signIn(page, 'opsadmin', 'Admin@123', { at: '/profile' });
  if (!(await menuItem(page, 'All').isVisible())) await menuItem(page, 'Applications').click();
  await menuItem(page, 'All').click();
  await expect(page.getByRole('grid').locator('.MuiDataGrid-row').first()).toBeVisible();
  await exportToBank(page);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Spreadsheet export' });

/**
 * While one export is written, the same user's export from another browser waits its turn (one runs at a
 * time, README of mock-server "Spreadsheet export"): the dialog says so, and cancelling it produces nothing.
 */
async function exportWaitsItsTurn(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await openAll(page);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog(page).getByRole('status')).toHaveText('Your export is queued: it is next');
    await screenshot(page, 'list-export-100k-queued');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Export cancelled: no file was produced')).toBeVisible();
  } finally {
    await context.close();
  }
}

test('a 100,000-row export shows its progress and downloads whole; another meanwhile waits its turn', async ({
  page,
  browser,
}) => {
  await openAll(page);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 240_000 }),
    (async () => {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      // The rows the server counted, then the bytes as they arrive.
      await expect(dialog(page).getByRole('status')).toHaveText(/^Writing [\d,]{6,} rows: .+ received$/, {
        timeout: 60_000,
      });
      await screenshot(page, 'list-export-100k-progress');
      await exportWaitsItsTurn(browser);
    })(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^All_Applications_export_\d{13}\.xlsx$/);
  // Read back as a stream: the header row and every application below it.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await download.path(), {});
  let rows = 0;
  let header: unknown[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows += 1;
      if (rows === 4) header = (row.values as unknown[]).slice(1);
    }
  }
  expect(header).toHaveLength(20);
  expect(rows - 4).toBeGreaterThan(90_000);
});

test('a 100,000-row export being written can be cancelled: no file', async ({ page }) => {
  await openAll(page);
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog(page).getByRole('status')).toHaveText(/received$/, { timeout: 60_000 });
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText('Export cancelled: no file was produced')).toBeVisible();
  // What the server had still been writing goes nowhere.
  await page.waitForTimeout(2000);
  expect(downloaded).toBe(false);
});
