// A task whose SLA runs out while its list is open shows breached without a reload. The operations admin gives
// the car loan's capture task a one-minute assigned limit (a new version of its lifecycle, put back at once:
// every new car loan of other specs would follow it, so this spec runs alone: support/order.ts); the officer's
// copy of a seeded car loan starts on it, its capture task with the officer. The officer opens My Applications
// on it; the server's SLA sweep (every 2 s on the e2e server) marks the assigned part and pushes the change,
// and the chip turns to 'Breached: assigned' on the open page. The application's worklog says the sweep marked it.
import { apiPath, type Lifecycle, type Worklog } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { copyApplication } from '../support/data';
import { menuItem, screenshot, signIn } from '../support/ui';

const PRODUCT = 'CL';
/** A seeded car loan to copy (only read). */
const SOURCE = 'CL-2026-000115';
const lifecyclePath = apiPath('setupConfig', { type: 'Workflow', name: PRODUCT });

test("an assigned part that runs out turns the list's SLA chip to breached with no reload", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const officer = await apiLogin('officer', 'Officer@123');
  const original = await apiGet<Lifecycle>(admin, lifecyclePath);
  const { updatedAt: _at, updatedBy: _by, ...body } = original;
  const [capture, ...rest] = body.steps;
  if (!capture?.tasks[0]) throw new Error('the car loan lifecycle has no first task');
  const [first, ...others] = capture.tasks;
  const quick = {
    ...body,
    steps: [
      {
        ...capture,
        tasks: [{ ...first, sla: { ...first.sla, clock: 'CALENDAR' as const, assignedMins: 1 } }, ...others],
      },
      ...rest,
    ],
  };
  let applicationId: string;
  await apiPost(admin, lifecyclePath, quick);
  try {
    applicationId = await copyApplication(officer, SOURCE);
  } finally {
    const latest = await apiGet<Lifecycle>(admin, lifecyclePath);
    await apiPost(admin, lifecyclePath, { ...body, verNum: latest.verNum });
  }

  await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
  const item = menuItem(page, 'My Applications');
  if (!(await item.isVisible())) await menuItem(page, 'Applications').click();
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(applicationId);
  // The grid view: each application a card with all its SLA chips (the list view renders only the columns in view).
  await page.getByRole('button', { name: 'Grid view' }).click();
  const card = page.locator('.MuiCard-root', { hasText: applicationId });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/(On track|Due soon): assigned \(due \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST\)/);
  await screenshot(page, 'sla-running');

  // A minute, then the next sweep: the page is never reloaded.
  await expect(card).toContainText(/Breached: assigned \(due /, { timeout: 150_000 });
  await screenshot(page, 'sla-breached-live');
  const { data } = await apiGet<{ data: Worklog[] }>(officer, apiPath('applicationWorklogs', { applicationId }));
  expect(data.filter((w) => w.action === 'sla_breached').map((w) => w.detail)).toEqual([
    expect.objectContaining({ part: 'assigned' }),
  ]);
});
