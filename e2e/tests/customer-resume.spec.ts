// A saved draft resumes in a new browser (context) from its resume link, at the step where the
// applicant stopped, values kept; the link opens one session (a reload goes on with it, another browser
// gets '400 Invalid URL'); a link the server refuses lands on '400 Invalid URL'.
import { expect, test } from '@playwright/test';
import { button, dateFromToday, fillDate, next, ORIGINS, startHomeLoan, stepHeading } from '../support/portal';
import { screenshot } from '../support/ui';

const INVALID_URL_TEXT =
  'The link is either expired or invalid or your application has already been submitted for further processing.';

test('a saved draft resumes in a new browser context at the step where the applicant stopped', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await startHomeLoan(page, ORIGINS.standalone);
  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('2500000');
  await page.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true }).fill('9.25');
  await fillDate(page, 'Expected disbursal date', dateFromToday(10));
  await next(page, 'Property');
  await page.getByRole('textbox', { name: 'Property value', exact: true }).fill('6500000');
  await page.getByRole('textbox', { name: 'Property address', exact: true }).fill('4 Lake View, Koramangala');
  await button(page, 'Save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your application is saved' })).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Resume link', exact: true }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3103\/dynamic-resume\?transactionToken=./);

  // Another browser: no session, no IndexedDB draft, only the link.
  const other = await browser.newContext();
  try {
    const resumed = await other.newPage();
    await resumed.goto(link);
    await expect(stepHeading(resumed, 'Property')).toBeVisible();
    await expect(resumed.getByRole('textbox', { name: 'Property value', exact: true })).toHaveValue('65,00,000.00');
    await expect(resumed.getByRole('textbox', { name: 'Property address', exact: true })).toHaveValue(
      '4 Lake View, Koramangala',
    );
    await screenshot(resumed, 'customer-resumed');
    // The link opened one session: a reload goes on with it; another browser gets '400 Invalid URL'.
    await resumed.reload();
    await expect(stepHeading(resumed, 'Property')).toBeVisible();
    const third = await browser.newContext();
    try {
      const again = await third.newPage();
      await again.goto(link);
      await expect(again).toHaveURL(`${ORIGINS.standalone}/invalidURL`);
      await expect(again.getByText(INVALID_URL_TEXT)).toBeVisible();
    } finally {
      await third.close();
    }
    await button(resumed, 'Back').click();
    await expect(stepHeading(resumed, 'Loan details')).toBeVisible();
    await expect(resumed.getByRole('textbox', { name: 'Loan amount', exact: true })).toHaveValue('25,00,000.00');
    await expect(resumed.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true })).toHaveValue('9.25');
  } finally {
    await other.close();
  }
});

for (const [where, origin] of Object.entries(ORIGINS)) {
  test(`an invalid resume token lands on '400 Invalid URL' (${where})`, async ({ page }) => {
    await page.goto(`${origin}/dynamic-resume?transactionToken=not-a-real-token`);
    await expect(page).toHaveURL(`${origin}/invalidURL`);
    await expect(page.getByText('400 Invalid URL', { exact: true })).toBeVisible();
    await expect(page.getByText(INVALID_URL_TEXT, { exact: true })).toBeVisible();
    await screenshot(page, `customer-invalid-url-${where}`);
  });
}
