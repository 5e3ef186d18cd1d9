// An applicant's session is scoped by the server to its own application.
import { expect, test } from '@playwright/test';
import { HttpError } from '../support/api';
import {
  applicantSession,
  fetchApplication,
  ORIGINS,
  personalLoanFirstStep,
  startPersonalLoan,
} from '../support/portal';

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
