// An applicant's session is scoped by the server to its own application; the portal's sign-in locks an
// e-mail after 5 wrong codes and says until when.
import { API_PATHS, type Application } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, apiPost, HttpError } from '../support/api';
import {
  applicantSession,
  fetchApplication,
  ORIGINS,
  personalLoanFirstStep,
  startPersonalLoan,
} from '../support/portal';
import { screenshot } from '../support/ui';

async function refusal(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

test("an applicant's session reads its own application and no other", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await startPersonalLoan(page, ORIGINS.standalone);
  const mine = await personalLoanFirstStep(page, 'Nisha Kapoor', '9811122233');
  const session = await applicantSession(page);

  const other = await browser.newContext();
  let theirs: string;
  try {
    const otherPage = await other.newPage();
    await startPersonalLoan(otherPage, ORIGINS.standalone);
    theirs = await personalLoanFirstStep(otherPage, 'Arjun Mehta', '9811122244');
  } finally {
    await other.close();
  }
  expect(theirs).not.toBe(mine);

  expect((await fetchApplication(session, mine)).customFields.pl_full_name).toBe('Nisha Kapoor');
  expect(await refusal(fetchApplication(session, theirs))).toBe(403);
  // A seeded back-office application too.
  expect(await refusal(fetchApplication(session, 'PL-2026-000101'))).toBe(403);
});

test('five wrong sign-in codes lock the e-mail: the portal says what is refused and until when', async ({ page }) => {
  // An application of an e-mail no other test uses (the lock would hold for 15 minutes).
  const email = `lock.${Date.now()}@example.in`;
  const lead = await apiLogin('teamlead', 'Lead@123');
  await apiPost<{ application: Application }>(lead, API_PATHS.startApplication, {
    product_code: 'CL',
    customFields: { cl_email: email },
  });
  await page.goto(`${ORIGINS.standalone}/newapplication`);
  const mine = page.getByRole('region', { name: 'Your applications' });
  await mine.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await mine.getByRole('button', { name: 'Send code' }).click();
  const code = mine.getByRole('textbox', { name: 'Code' });
  for (let i = 1; i <= 4; i++) {
    await code.fill(i % 2 ? '000000' : '111111');
    await mine.getByRole('button', { name: 'Sign in' }).click();
    await expect(mine.getByText('Oops, this is incorrect one time password (OTP)')).toBeVisible();
  }
  await code.fill('222222');
  await mine.getByRole('button', { name: 'Sign in' }).click();
  await expect(mine.getByText('Too many wrong codes. Try again in 15 minutes.')).toBeVisible();
  await screenshot(page, 'customer-sign-in-locked');
});
