// Applications staff start for a walk-in customer (mfe-applications README "Applications started by
// staff"): the officer starts a personal loan from New Internal, fills its first step in the customer flow
// inside the back office, finds it in My Internal, and sends the applicant a resume link that opens it in
// another browser, where the applicant finishes and submits it. A user who may not start applications
// sees no button, and the server refuses them. The officer's started applications are their own.
import {
  API_PATHS,
  type ApplicationAnswer,
  apiPath,
  type FlowApplication,
  type ResumeLinkAnswer,
  STAFF_RESUME_LINK_HOURS,
} from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost, HttpError } from '../support/api';
import { button, personalLoanToSummary, stepHeading } from '../support/portal';
import { detailUrl, menuItem, screenshot, signIn } from '../support/ui';

const rows = (page: Page) => page.getByRole('grid').locator('.MuiDataGrid-row');

async function openInternal(page: Page, label: 'My Internal' | 'New Internal'): Promise<void> {
  const item = menuItem(page, label);
  if (!(await item.isVisible())) await menuItem(page, 'Internal').click();
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test('the officer starts a personal loan, fills its first step, finds it in My Internal and sends a resume link the applicant finishes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'officer', 'Officer@123');
  await openInternal(page, 'New Internal');
  await page.getByRole('button', { name: 'Start application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start application' });
  await dialog.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: 'Personal Loan' }).click();
  await screenshot(page, 'internal-start-dialog');
  const created = page.waitForResponse(
    (r) => r.url().endsWith(API_PATHS.startApplication) && r.request().method() === 'POST',
  );
  await button(dialog, 'Start').click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  const applicationId = ((await answer.json()) as ApplicationAnswer).application.application_id;

  // The customer flow in staff mode, inside the back office.
  await expect(page).toHaveURL(new RegExp(`/backstage/newapplication\\?resume=${applicationId}$`));
  await expect(stepHeading(page, 'Customer type')).toBeVisible();
  await page.getByRole('radio', { name: 'No, I am new' }).check();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Walk-in Kiran Rao');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('9822077788');
  await screenshot(page, 'internal-staff-flow');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(API_PATHS.userSaveOrUpdate) && r.request().method() === 'POST',
  );
  await button(page, 'Next').click();
  expect((await saved).status()).toBe(200);
  await expect(stepHeading(page, 'Identity (KYC)')).toBeVisible();

  await openInternal(page, 'My Internal');
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(applicationId);
  await expect(rows(page).filter({ hasText: applicationId })).toHaveCount(1);
  await screenshot(page, 'internal-my-internal');
  const officer = await apiLogin('officer', 'Officer@123');
  const stored = await apiGet<FlowApplication & { initiatedBy?: { username: string }; source_id?: string }>(
    officer,
    apiPath('application', { applicationId }),
  );
  expect(stored.initiatedBy?.username).toBe('officer');
  expect(stored.source_id).toBe('BRANCH');
  expect(stored.customFields.pl_full_name).toBe('Walk-in Kiran Rao');

  // The detail offers the resume link for the applicant.
  await page.goto(detailUrl(applicationId));
  const issued = page.waitForResponse((r) => r.url().endsWith(API_PATHS.resumeLink) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send resume link' }).click();
  const { expiresAt } = (await (await issued).json()) as ResumeLinkAnswer;
  const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
  expect(Math.abs(hours - STAFF_RESUME_LINK_HOURS)).toBeLessThan(0.1);
  const linkBox = page.getByRole('textbox', { name: 'Resume link' });
  await expect(linkBox).toHaveValue(/\/dynamic-resume\?transactionToken=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(/^Expires \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await screenshot(page, 'internal-resume-link');
  const link = await linkBox.inputValue();

  // The applicant: another browser, nothing but the link.
  const other = await browser.newContext();
  try {
    const applicant = await other.newPage();
    await applicant.goto(link);
    await expect(stepHeading(applicant, 'Identity (KYC)')).toBeVisible();
    await screenshot(applicant, 'internal-applicant-resumed');
    await personalLoanToSummary(applicant);
    await button(applicant, 'Submit').click();
    await expect(applicant.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
    await screenshot(applicant, 'internal-applicant-submitted');
  } finally {
    await other.close();
  }
  const after = await apiGet<FlowApplication>(officer, apiPath('application', { applicationId }));
  expect(after.mode).toBe('SAVED');
  // Submitted: the server issues no more links.
  const late = await apiPost(officer, API_PATHS.resumeLink, { application_id: applicationId }).catch(
    (error: unknown) => error,
  );
  expect((late as HttpError).status).toBe(409);
});

test('a user who may not start applications sees no Start application and the server refuses them', async ({
  page,
}) => {
  await signIn(page, 'approver', 'Approver@123');
  await openInternal(page, 'New Internal');
  await expect(page.getByRole('button', { name: 'Start application' })).toHaveCount(0);
  await screenshot(page, 'internal-new-approver');
  const approver = await apiLogin('approver', 'Approver@123');
  const refusal = await apiPost(approver, API_PATHS.startApplication, { product_code: 'PL' }).catch(
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(HttpError);
  expect((refusal as HttpError).status).toBe(403);
  expect((refusal as HttpError).body).toMatchObject({
    message: 'Starting an application needs the role CPA or BCM (branch staff)',
  });
});
