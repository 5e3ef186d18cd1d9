// A saved draft resumes in a new browser (context) from its resume link, at the step where the
// applicant stopped, values kept; the link opens one session (a reload goes on with it, another browser
// gets '400 Invalid URL'), and the browser that opened it comes back from My applications though it closed
// the page before any save; a link the server refuses lands on '400 Invalid URL'.
import { type Browser, expect, test } from '@playwright/test';
import {
  applicationIdOnPage,
  button,
  dateFromToday,
  fillDate,
  next,
  ORIGINS,
  otpCodeFrom,
  startHomeLoan,
  stepHeading,
} from '../support/portal';
import { E2E_PORTS } from '../support/system-under-test';
import { screenshot } from '../support/ui';

/** A used resume link opens nothing in a browser of its own: '400 Invalid URL'. */
async function expectUsedUp(browser: Browser, link: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(`${ORIGINS.standalone}/invalidURL`);
    await expect(page.getByText(INVALID_URL_TEXT)).toBeVisible();
  } finally {
    await context.close();
  }
}

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
  expect(link).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORTS.MFE_CUSTOMER_FLOW_PORT}/dynamic-resume\\?transactionToken=.`),
  );

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
    await expectUsedUp(browser, link);
    await button(resumed, 'Back').click();
    await expect(stepHeading(resumed, 'Loan details')).toBeVisible();
    await expect(resumed.getByRole('textbox', { name: 'Loan amount', exact: true })).toHaveValue('25,00,000.00');
    await expect(resumed.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true })).toHaveValue('9.25');
  } finally {
    await other.close();
  }
});

test('the browser that opened a link, closed before any save, continues from My applications; the link stays used', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A car loan (its e-mail on the first step) of an e-mail no other test uses: My applications lists it.
  const email = `resume.${Date.now()}@example.in`;
  await page.goto(`${ORIGINS.standalone}/newapplication?product=CL`);
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Kavya Menon');
  await fillDate(page, 'Date of birth', '14/02/1992');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('9811122233');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Kochi');
  await next(page, 'Income');
  const applicationId = await applicationIdOnPage(page);
  const link = await page.getByRole('textbox', { name: 'Resume link', exact: true }).inputValue();

  const other = await browser.newContext();
  try {
    // Opened, nothing typed, the page closed: the link is used up, and this browser still has a way back.
    const opened = await other.newPage();
    await opened.goto(link);
    await expect(stepHeading(opened, 'Income')).toBeVisible();
    await opened.close();

    const back = await other.newPage();
    await back.goto(`${ORIGINS.standalone}/newapplication`);
    const mine = back.getByRole('region', { name: 'Your applications' });
    await mine.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    const before = new Date(Date.now() - 1000).toISOString();
    await mine.getByRole('button', { name: 'Send code' }).click();
    await mine.getByRole('textbox', { name: 'Code' }).fill(await otpCodeFrom(email, applicationId, before));
    await mine.getByRole('button', { name: 'Sign in' }).click();
    await mine
      .getByRole('article')
      .filter({ hasText: applicationId })
      .getByRole('button', { name: 'Continue application' })
      .click();
    await expect(stepHeading(back, 'Income')).toBeVisible();
    await expect(back.getByText(`Application ${applicationId}`, { exact: true })).toBeVisible();
    await screenshot(back, 'customer-resume-continued');
    await button(back, 'Back').click();
    await expect(back.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  } finally {
    await other.close();
  }

  // The link itself opens nothing any more, in a browser of its own too.
  await expectUsedUp(browser, link);
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
