// Resume links that are safe (mock-server README "Resume links"): the applicant saves and asks 'Send me this
// link' by e-mail from the save toast; the link read from the mail catcher opens in another browser only
// after a one-time code sent to the verified e-mail ('Verify it's you', nothing personal before it), then the
// form opens with the data; the link the applicant held before is revoked ('400 Invalid URL'). The browser
// that made the application opens its own link directly. A link the server refuses lands on '400 Invalid URL'.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { latestMail, oneTimeCode } from '../support/messages';
import {
  applicationIdOnPage,
  button,
  dateFromToday,
  fillDate,
  next,
  ORIGINS,
  startHomeLoan,
  stepHeading,
  verifyOtp,
} from '../support/portal';
import { screenshot } from '../support/ui';

const INVALID_URL_TEXT =
  'The link is either expired or invalid or your application has already been submitted for further processing.';
const WRONG_CODE = 'Oops, this is incorrect one time password (OTP)';

/** A refused link opens nothing in a browser of its own: '400 Invalid URL'. */
async function expectInvalid(browser: Browser, link: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(/\/invalidURL$/);
    await expect(page.getByText(INVALID_URL_TEXT)).toBeVisible();
  } finally {
    await context.close();
  }
}

/** The home loan's first two steps filled; the first save made the application (and bound this browser). */
async function loanAndProperty(page: Page): Promise<void> {
  await startHomeLoan(page, ORIGINS.standalone);
  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('2500000');
  await page.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true }).fill('9.25');
  await fillDate(page, 'Expected disbursal date', dateFromToday(10));
  await next(page, 'Property');
  await page.getByRole('textbox', { name: 'Property value', exact: true }).fill('6500000');
  await page.getByRole('textbox', { name: 'Property address', exact: true }).fill('4 Lake View, Koramangala');
}

/** The rest of the Property step (the pincode fills the city and state), then 'About you'. */
async function toAboutYou(page: Page): Promise<void> {
  const pincode = page.getByRole('textbox', { name: 'Pincode', exact: true });
  await pincode.fill('411001');
  await pincode.blur();
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Pune');
  await next(page, 'About you');
}

/** The link this browser holds, as its copy button puts it on the clipboard (it is never shown). */
async function copiedLink(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(page.getByRole('textbox', { name: 'Resume link' })).toHaveCount(0);
  await button(page, 'Copy link').click();
  // The toast saying so may wait behind another one: the clipboard itself tells.
  const link = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(link).toMatch(/\/dynamic-resume\?transactionToken=[A-Za-z0-9_-]{43}$/);
  return link();
}

test("'Send me this link' by e-mail: another browser must pass the one-time code; the older link is refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loanAndProperty(page);
  await toAboutYou(page);
  const applicationId = await applicationIdOnPage(page);
  // An address of this run's own: the newest mails to it are this test's.
  const email = `resume.${Date.now()}@example.in`;
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await verifyOtp(page, 'Email verification code', email, applicationId);
  const older = await copiedLink(page);

  await button(page, 'Save').click();
  const toast = page.getByRole('alert').filter({ hasText: 'Your application is saved' });
  await expect(toast).toBeVisible();
  await screenshot(page, 'resume-save-toast', { fullPage: false });
  await toast.getByRole('button', { name: 'Send me this link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send me this link' });
  // Only the verified destination, masked (the mobile was never verified).
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: 'E-mail to r***@example.in' })).toBeChecked();
  await screenshot(page, 'resume-send-link-dialog', { fullPage: false });
  const sentAfter = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Link sent by e-mail to r***@example.in' })).toBeVisible();
  const mail = await latestMail(email, { after: sentAfter, subject: `Continue your application ${applicationId}` });
  const link = mail.links.find((l) => l.includes('/dynamic-resume?transactionToken=')) ?? '';
  expect(link).toMatch(/\/dynamic-resume\?transactionToken=[A-Za-z0-9_-]{43}$/);
  expect(link).not.toBe(older);

  const other = await browser.newContext();
  try {
    const resumed = await other.newPage();
    await resumed.goto(link);
    await expect(resumed.getByRole('heading', { name: "Verify it's you" })).toBeVisible();
    // Nothing of the application before the code: no number, no e-mail, no form.
    await expect(resumed.getByText(applicationId)).toHaveCount(0);
    await expect(resumed.getByText(email)).toHaveCount(0);
    await expect(resumed.getByRole('textbox', { name: 'Email', exact: true })).toHaveCount(0);
    await expect(resumed.getByRole('radio', { name: 'E-mail to r***@example.in' })).toBeChecked();
    await screenshot(resumed, 'resume-verify-step');

    const codeAfter = new Date(Date.now() - 1000);
    await button(resumed, 'Send code').click();
    const code = oneTimeCode((await latestMail(email, { after: codeAfter, subject: 'Your one time password' })).text);
    const codeBox = resumed.getByRole('textbox', { name: 'One-time code' });
    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await button(resumed, 'Verify and continue').click();
    await expect(resumed.getByText(WRONG_CODE)).toBeVisible();
    await screenshot(resumed, 'resume-verify-wrong-code');
    await codeBox.fill(code);
    await button(resumed, 'Verify and continue').click();

    await expect(stepHeading(resumed, 'About you')).toBeVisible();
    await expect(resumed.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(resumed.getByText(`Application ${applicationId}`, { exact: true })).toBeVisible();
    await screenshot(resumed, 'resume-resumed-form');
    await button(resumed, 'Back').click();
    await expect(stepHeading(resumed, 'Property')).toBeVisible();
    await expect(resumed.getByRole('textbox', { name: 'Property value', exact: true })).toHaveValue('65,00,000.00');
  } finally {
    await other.close();
  }

  // The link held before 'Send me this link' was revoked by it; the sent one is used up.
  await expectInvalid(browser, older);
  await expectInvalid(browser, link);
});

test('the browser that made the application opens its own link directly, without a code', async ({ page }) => {
  test.setTimeout(120_000);
  await loanAndProperty(page);
  await button(page, 'Save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your application is saved' })).toBeVisible();
  const link = await copiedLink(page);
  // A new tab: no session of its own, but this browser's device cookie.
  const tab = await page.context().newPage();
  await tab.goto(link);
  await expect(stepHeading(tab, 'Property')).toBeVisible();
  await expect(tab.getByRole('heading', { name: "Verify it's you" })).toHaveCount(0);
  await expect(tab.getByRole('textbox', { name: 'Property address', exact: true })).toHaveValue(
    '4 Lake View, Koramangala',
  );
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
