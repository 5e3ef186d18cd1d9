// The spec §6 task actions Rebook and Reappraise as staff use them: the officer rebooks a requested
// callback from the detail's Actions tab and sees the new time in the header, the worklog and the list's
// row menu; the operations admin reappraises a completed application from All, which reopens its last
// step for the approver who completed it. Each works on an application of its own: the officer's copy of a
// seeded one, and one the operations admin copies and walks through the lifecycle to its completion.
import type { LoginResponse, TaskConfigs } from '@originate/contract';
import { API_PATHS, apiPath, formatBankDateTime } from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { completedApplication, copyApplication } from '../support/data';
import { detailUrl, menuItem, screenshot, signIn } from '../support/ui';

const configsOf = (session: LoginResponse, id: string) =>
  apiGet<TaskConfigs>(session, `${API_PATHS.taskConfigs}?application_id=${id}`);

/**
 * 'YYYY-MM-DDTHH:mm' in the browser's local time (a datetime-local input's value; the browser and this runner
 * share the machine's zone) and how the back office shows that instant: in the bank's zone, labelled.
 */
function localTime(daysAhead: number, hours: number, minutes: number): { input: string; shown: string } {
  const at = new Date();
  at.setDate(at.getDate() + daysAhead);
  at.setHours(hours, minutes, 0, 0);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    input: `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}T${p(hours)}:${p(minutes)}`,
    shown: formatBankDateTime(at),
  };
}

const grid = (page: Page) => page.getByRole('grid');
const rowOf = (page: Page, id: string) => grid(page).locator('.MuiDataGrid-row').filter({ hasText: id }).first();

async function openListAndSearch(page: Page, label: string, id: string): Promise<void> {
  const item = menuItem(page, label);
  if (!(await item.isVisible())) await menuItem(page, 'Applications').click();
  await item.click();
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(id);
  // The unsearched first page may show the row too: wait for the search's own answer (one row, nothing
  // fetching), or a row menu opened now closes when that answer re-renders the rows.
  await expect(grid(page).locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
  await expect(rowOf(page, id)).toBeVisible();
}

test('the officer rebooks a requested callback; the header, worklog and row menu follow', async ({ page }) => {
  const officer = await apiLogin('officer', 'Officer@123');
  const id = await copyApplication(officer, 'PL-2026-000119');
  const { task } = await configsOf(officer, id);
  // The applicant asked to be called in an hour.
  await apiPost(officer, apiPath('applicationAction', { action: 'request_for_callback' }), {
    application_id: id,
    taskId: task.taskId,
    callbackAt: new Date(Date.now() + 3_600_000).toISOString(),
  });

  await signIn(page, 'officer', 'Officer@123', { at: detailUrl(id) });
  const callback = page.getByTestId('header-Callback');
  await expect(callback).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} IST$/);
  await page.getByRole('tab', { name: 'Actions', exact: true }).click();
  await page.getByRole('button', { name: 'Rebook callback' }).click();
  const dialog = page.getByRole('dialog', { name: `Rebook the callback of application ${id}?` });
  const time = dialog.getByLabel(/Call back at/);
  const confirm = dialog.getByRole('button', { name: 'Rebook' });

  // A time already past is refused in the dialog, naming why.
  await time.fill(localTime(-1, 9, 0).input);
  await expect(dialog.getByText('The callback time must be in the future')).toBeVisible();
  await expect(confirm).toBeDisabled();
  const later = localTime(2, 11, 30);
  await time.fill(later.input);
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Applicant travelling until then');
  await screenshot(page, 'applications-rebook-dialog');
  await confirm.click();
  await expect(page.getByText('Callback rebooked')).toBeVisible();
  await expect(callback).toHaveText(later.shown);

  await page.getByRole('tab', { name: 'Worklogs', exact: true }).click();
  await expect(page.getByText(/^rebook \(.*comment: Applicant travelling until then/).first()).toBeVisible();
  await screenshot(page, 'applications-rebook-worklog');

  // The server holds the new time; the list offers Rebook beside Complete callback.
  const after = await apiGet<TaskConfigs>(
    officer,
    `${API_PATHS.taskConfigs}?application_id=${id}&taskId=${task.taskId}`,
  );
  expect(after.task.callbackAt).toBe(new Date(later.input).toISOString());
  await openListAndSearch(page, 'My Applications', id);
  await rowOf(page, id)
    .getByRole('button', { name: `Actions for ${id}` })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Rebook callback' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Complete callback' })).toBeVisible();
  await screenshot(page, 'applications-rebook-row-menu');
});

test('the operations admin reappraises a completed application; its last step reopens for the approver', async ({
  page,
}) => {
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const approver = await apiLogin('approver', 'Approver@123');
  const id = await completedApplication(admin, approver, 'CL-2026-000112');

  await signIn(page, 'opsadmin', 'Admin@123');
  await openListAndSearch(page, 'All', id);
  const row = rowOf(page, id);
  await expect(row.locator('[data-field="stage"]')).toHaveText('Closed');
  await row.getByRole('button', { name: `Actions for ${id}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Revert stage' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Reappraise' }).click();
  const dialog = page.getByRole('dialog', { name: `Reappraise ${id}` });
  await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Income proof revised after sanction');
  await screenshot(page, 'applications-reappraise-dialog');
  await dialog.getByRole('button', { name: 'Reappraise' }).click();
  await expect(page.getByText(`Reappraise: done for ${id}`)).toBeVisible();
  await expect(rowOf(page, id).locator('[data-field="stage"]')).toHaveText('Sanction');

  // The approver who completed the last step holds it again, In Progress; the worklog names the reappraisal.
  const reopened = await configsOf(approver, id);
  expect(reopened).toMatchObject({ status: 'ACTIVE', stage: 'Sanction', assigned: true });
  expect(reopened.task.progress).toBe('In Progress');
  await page.goto(detailUrl(id));
  await page.getByRole('tab', { name: 'Worklogs', exact: true }).click();
  await expect(page.getByText(/^reappraise \(.*comment: Income proof revised after sanction/).first()).toBeVisible();
  await screenshot(page, 'applications-reappraise-worklog');
});
