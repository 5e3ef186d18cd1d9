// The operations admin's Settings (users, products and their limits, theme with a preview), one source
// for product limits (an admin changes one and the portal follows), the shell's chrome (a debug-mode
// banner, menu entries that are links, widget skeletons) and axe on every back-office page.
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { ORIGINS, startHomeLoan } from '../support/portal';
import { detailUrl, headerLogoff, screenshot, signIn } from '../support/ui';

const ADMIN = ['opsadmin', 'Admin@123'] as const;
const menu = (page: Page) => page.getByRole('navigation', { name: 'Back-office menu' });

/** Sets the Home Loan's minimum amount in Settings › Products and waits for the save. */
async function setHomeLoanMinimum(page: Page, minimum: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Home Loan' });
  await form.getByRole('textbox', { name: 'Loan amount (₹) minimum' }).fill(minimum);
  await form.getByRole('button', { name: 'Save Home Loan limits' }).click();
  await expect(page.getByText('Home Loan: limits saved')).toBeVisible();
}

test('an admin changes the home loan limit in Settings: the Products page and the portal follow', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ...ADMIN, { at: '/settings?tab=products' });
  await expect(page.getByRole('tab', { name: 'Products', selected: true })).toBeVisible();
  const form = page.getByRole('region', { name: 'Home Loan' });
  await expect(form.getByRole('textbox', { name: 'Loan amount (₹) minimum' })).toHaveValue('500000');
  await screenshot(page, 'settings-products');
  try {
    await setHomeLoanMinimum(page, '10,00,000');

    await menu(page).getByRole('link', { name: 'Products', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Home Loan' });
    await expect(row).toContainText('₹10,00,000.00 – ₹5,00,00,000.00');
    await expect(row).toContainText('5 – 30 years');
    await expect(row).toContainText('6.00% – 15.00%');
    await expect(page.getByRole('link', { name: 'Edit limits in Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=products',
    );
    await screenshot(page, 'products-page');

    // The applicant's portal, in a browser of its own: ₹7,00,000 was allowed before, now it is below the minimum.
    const applicant = await browser.newContext();
    try {
      const portal = await applicant.newPage();
      await startHomeLoan(portal, ORIGINS.standalone);
      const amount = portal.getByRole('textbox', { name: 'Loan amount', exact: true });
      await amount.fill('700000');
      await amount.blur();
      await expect(amount).toHaveAccessibleDescription(/₹10,00,000/);
    } finally {
      await applicant.close();
    }
  } finally {
    await page.goto('/settings?tab=products');
    await setHomeLoanMinimum(page, '500000');
  }
});

test('Settings › Users and Settings › Theme (with its live preview); an officer sees only their teams', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ...ADMIN, { at: '/settings?tab=users' });
  const users = page.getByRole('table', { name: 'Users' });
  const officerRow = users.getByRole('row').filter({ hasText: 'officer' }).first();
  await expect(officerRow).toContainText('CPA');
  await screenshot(page, 'settings-users');
  await officerRow.getByRole('button', { name: /^Edit roles and teams of / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'CPA', exact: true })).toBeChecked();
  await screenshot(page, 'settings-users-edit', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Theme' }).click();
  await expect(page).toHaveURL(/\?tab=theme$/);
  const preview = page.getByRole('region', { name: 'Theme preview' });
  await page.getByLabel('Primary colour', { exact: true }).fill('#8e24aa');
  await expect(preview.getByRole('button', { name: 'Approve' })).toHaveCSS('background-color', 'rgb(142, 36, 170)');
  await expect(page.getByRole('group', { name: 'Primary shades' })).toBeVisible();
  await screenshot(page, 'settings-theme');

  const officer = await browser.newContext();
  try {
    const own = await officer.newPage();
    await signIn(own, 'officer', 'Officer@123', { at: '/settings?tab=users' });
    await expect(own.getByRole('heading', { name: 'Teams', level: 2 })).toBeVisible();
    await expect(own.getByRole('tab')).toHaveCount(0);
  } finally {
    await officer.close();
  }
});

test('debug mode shows a banner on every page while it is on', async ({ page }) => {
  await signIn(page, 'developer', 'Developer@123', { at: '/settings' });
  const banner = page.getByTestId('debug-banner');
  await expect(banner).toHaveCount(0);
  await page.getByRole('switch', { name: 'Debug mode' }).check();
  await expect(banner).toContainText('Debug mode is on');
  await screenshot(page, 'debug-banner', { fullPage: false });
  await menu(page).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Turn it off in Settings' }).click();
  await page.getByRole('switch', { name: 'Debug mode' }).uncheck();
  await expect(banner).toHaveCount(0);
});

test('menu entries are links: a real address to open elsewhere; a plain click stays in the app', async ({ page }) => {
  await signIn(page, 'officer', 'Officer@123', { at: '/dashboard' });
  const links = menu(page).getByRole('link');
  expect(await links.count()).toBeGreaterThan(5);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^\/[a-z]/);
  }
  // A marker on the window survives in-app navigation and would be gone after a page load.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await menu(page).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(menu(page).getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(headerLogoff(page)).toBeVisible();
});

test('dashboard widgets show their shape while their figures load', async ({ page }) => {
  // The pipeline's answer is held until the skeleton has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/backstage/reports/pipeline', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, 'teamlead', 'Lead@123', { at: '/dashboard' });
  // The first widget on screen: its figures come from the held call.
  const widget = page.locator('section[data-testid^="widget-"]').first();
  const skeleton = widget.getByTestId('widget-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('role', 'status');
  await screenshot(page, 'dashboard-skeleton', { fullPage: false });
  release();
  await expect(skeleton).toHaveCount(0, { timeout: 60_000 });
});

/**
 * Opens a page as staff do: by its menu entry when it has one (the app stays loaded, so each page costs its own
 * chunks, not a reload of the shell and every remote), else by its address. Waits for the page's own heading.
 */
async function open(page: Page, url: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  const before = (await heading.count()) > 0 ? await heading.textContent() : null;
  const current = new URL(page.url());
  const here = `${current.pathname}${current.search}` === url;
  const entry = menu(page).locator(`a[href="${url}"]`).first();
  const byMenu = !here && (await entry.count()) > 0;
  if (byMenu) await entry.click();
  else if (!here) await page.goto(url);
  await page.waitForURL((address) => `${address.pathname}${address.search}` === url);
  await expect(headerLogoff(page)).toBeVisible();
  await expect(heading).toBeVisible({ timeout: 60_000 });
  // A menu click may keep the last page on screen while the next one loads: axe must read the next one.
  if (byMenu && before) await expect(heading).not.toHaveText(before, { timeout: 60_000 });
}

// The axe walk in two halves, which may run on the two workers at once.
test.describe('axe: no serious or critical finding', () => {
  test.describe.configure({ mode: 'parallel' });

  test('on the login page and every page of the menu', async ({ page }) => {
    test.setTimeout(600_000);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /log ?in|sign in/i })).toBeVisible();
    await expectNoSeriousViolations(page, 'login');

    await signIn(page, ...ADMIN, { at: '/dashboard' });
    const hrefs = await menu(page)
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const url of new Set(hrefs)) {
      await open(page, url);
      await expectNoSeriousViolations(page, url);
    }
  });

  test("on an application's detail and every Settings tab", async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, ...ADMIN, { at: '/dashboard' });
    for (const url of [
      detailUrl('HL-2026-000105'),
      '/settings?tab=users',
      '/settings?tab=products',
      '/settings?tab=consents',
      '/settings?tab=theme',
      '/settings?tab=history',
    ]) {
      await open(page, url);
      await expectNoSeriousViolations(page, url);
    }
  });
});
