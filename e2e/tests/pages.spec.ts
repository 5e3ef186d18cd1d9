import { expect, test } from '@playwright/test';
import { logIn, screenshot, storedSession } from '../support/ui';

const NOT_FOUND_TEXTS = {
  branch: ["Sorry! we couldn't find what you are looking for.", 'You may be lost or not allowed to be here.'],
  cousumerApplication: ['Application cancelled successfully'],
  web: ['Application Saved successfully'],
};

test('the not-found page shows the branch texts by default and clears the session', async ({ page }) => {
  await logIn(page, 'officer', 'Officer@123');
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

// The customer-flow remote is not deployed yet: every customer route shows its fallback, never a fake form.
for (const route of [
  '/newapplication?product=PL',
  '/omni-embed',
  '/dynamic-resume',
  '/backstage/newapplication?resume',
]) {
  test(`the customer route ${route} shows the remote-unavailable fallback`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByText('The application form is unavailable right now.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    if (route === '/omni-embed') await screenshot(page, 'customer-fallback');
  });
}
