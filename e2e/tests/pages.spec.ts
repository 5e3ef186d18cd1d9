import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_PORTS, startApp, stopPart } from '../support/system-under-test';
import { screenshot, signIn, storedSession } from '../support/ui';

/** mfe-customer-flow's declared fallback words (its remote.json displayName). */
const UNAVAILABLE = 'The application form is unavailable right now.';

const NOT_FOUND_TEXTS = {
  branch: ["Sorry! we couldn't find what you are looking for.", 'You may be lost or not allowed to be here.'],
  cousumerApplication: ['Application cancelled successfully'],
  web: ['Application Saved successfully'],
};

test('the not-found page shows the branch texts by default and clears the session', async ({ page }) => {
  await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
  expect(await storedSession(page)).not.toBeNull();
  await page.goto('/no/such/page');
  for (const text of NOT_FOUND_TEXTS.branch) await expect(page.getByText(text, { exact: true })).toBeVisible();
  await screenshot(page, 'not-found-branch');
  await expect.poll(() => storedSession(page)).toBeNull();
});

for (const [source, texts] of Object.entries(NOT_FOUND_TEXTS)) {
  test(`the not-found page for source=${source}`, async ({ page }) => {
    await page.goto(`/missing-page?source=${source}`);
    for (const text of texts) await expect(page.getByText(text, { exact: true })).toBeVisible();
    const others = Object.entries(NOT_FOUND_TEXTS).filter(([s]) => s !== source);
    for (const [, other] of others) await expect(page.getByText(other[0] ?? '', { exact: true })).toHaveCount(0);
    if (source === 'web') await screenshot(page, 'not-found-web');
  });
}

test('/invalidURL shows the 400 Invalid URL page', async ({ page }) => {
  await page.goto('/invalidURL');
  await expect(page.getByText('400 Invalid URL', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'The link is either expired or invalid or your application has already been submitted for further processing.',
      { exact: true },
    ),
  ).toBeVisible();
  await screenshot(page, 'invalid-url');
});

// The shell routes every customer path to the customerArea slot (mfe-customer-flow): the portal renders,
// never the fallback, while the remote is up.
const CUSTOMER_ROUTES: { route: string; shows: (page: Page) => Locator }[] = [
  { route: '/newapplication', shows: (page) => page.getByRole('button', { name: 'Apply for Personal Loan' }) },
  { route: '/newapplication?product=PL', shows: (page) => page.getByRole('button', { name: 'Next' }) },
  { route: '/omni-embed', shows: (page) => page.getByRole('button', { name: 'Apply for Home Loan' }) },
  // No transaction token: the link is invalid.
  { route: '/dynamic-resume', shows: (page) => page.getByText('400 Invalid URL', { exact: true }) },
];

test('/backstage/newapplication is a back-office page: a visitor without a session is sent to log in', async ({
  page,
}) => {
  await page.goto('/backstage/newapplication?resume=HL-2026-600001');
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

for (const { route, shows } of CUSTOMER_ROUTES) {
  test(`the customer route ${route} loads the customer-flow remote`, async ({ page }) => {
    await page.goto(route);
    await expect(shows(page)).toBeVisible();
    await expect(page.getByText(UNAVAILABLE, { exact: true })).toHaveCount(0);
  });
}

test('the customer area shows its fallback only while the remote is down, and Retry recovers', async ({ page }) => {
  await stopPart('mfe-customer-flow');
  try {
    await page.goto('/newapplication');
    await expect(page.getByText(UNAVAILABLE, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await screenshot(page, 'customer-fallback');
  } finally {
    await startApp('mfe-customer-flow', E2E_PORTS.MFE_CUSTOMER_FLOW_PORT);
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Apply for Personal Loan' })).toBeVisible();
  await expect(page.getByText(UNAVAILABLE, { exact: true })).toHaveCount(0);
});
