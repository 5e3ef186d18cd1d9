// An applicant completes the seeded home loan (HL) end to end through the shell on a desktop and on the
// standalone portal at 390 px: captcha, a co-applicant, a table row (refused while the headers and the previous
// row are invalid), uploads of real PNG/PDF files, a drawn signature, an OTP read from the outbox, the summary
// and submit. The server then holds the submitted application. The standalone portal on a desktop is walked by
// the other customer specs: a third full journey here cost a minute of CI and covered nothing the two do not.
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, HttpError } from '../support/api';
import {
  acceptConsents,
  applicantSession,
  applicationIdOnPage,
  button,
  chooseOption,
  dateFromToday,
  drawSignature,
  fetchApplication,
  fillCurrentAddress,
  fillDate,
  MANDATORY_FIELDS_MESSAGE,
  next,
  ORIGINS,
  pdfFile,
  pngFile,
  startHomeLoan,
  stepHeading,
  uploadFile,
  verifyOtp,
} from '../support/portal';
import { screenshot } from '../support/ui';

const ROW_REFUSED = 'Complete the marked fields before adding another row.';

/** A mobile number no other test uses, so the outbox holds one code for it. */
const uniqueMobile = () => `9${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;

async function completeHomeLoan(page: Page, origin: string, shots: string) {
  const shot = (name: string) => screenshot(page, `${shots}-${name}`);
  const mobile = uniqueMobile();
  await startHomeLoan(page, origin);
  await shot('01-loan-details');

  // A co-applicant joins: their step follows the primary applicant's income.
  await button(page, 'Add co-applicant').click();
  await expect(page.getByRole('region', { name: 'Applicants' }).getByText('Co-applicant 1')).toBeVisible();

  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('2500000');
  await page.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true }).fill('8.5');
  await fillDate(page, 'Expected disbursal date', dateFromToday(14));
  await next(page, 'Property');
  const applicationId = await applicationIdOnPage(page);

  await page.getByRole('textbox', { name: 'Property value', exact: true }).fill('4000000');
  await page
    .getByRole('textbox', { name: 'Property address', exact: true })
    .fill('Flat 12, Sea View, Hill Road, Bandra West');
  await page.getByRole('textbox', { name: 'Pincode', exact: true }).fill('400050');
  await page.getByRole('textbox', { name: 'Pincode', exact: true }).blur();
  // The pincode_lookup microflow fills the city and state.
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Mumbai');
  await expect(page.getByRole('textbox', { name: 'State', exact: true })).toHaveValue('Maharashtra');
  await shot('02-property');
  await next(page, 'About you');

  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Asha Verma');
  await fillDate(page, 'Date of birth', '15/06/1990');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('asha.verma@example.com');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile);
  await verifyOtp(page, 'Mobile verification code', mobile, applicationId);
  await fillCurrentAddress(page);
  await shot('03-about-you');
  await next(page, 'Identity (KYC)');

  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
  await uploadFile(page, 'ID document', pngFile('aadhaar-front.png'));
  await uploadFile(page, 'Address proof', pdfFile('electricity-bill.pdf'));
  await shot('04-kyc');
  await next(page, 'Income and obligations');

  await page.getByRole('textbox', { name: 'Employer', exact: true }).fill('Tata Consultancy Services');
  await page.getByRole('textbox', { name: 'Monthly income', exact: true }).fill('150000');
  const loans = page.getByRole('region', { name: 'Existing loans' });
  // No row while the header (the bank the EMIs are paid from) is empty: refused, the header marked.
  await button(loans, 'Add row').click();
  await expect(loans.getByRole('alert').filter({ hasText: ROW_REFUSED })).toBeVisible();
  await expect(
    loans.getByRole('textbox', { name: 'Bank account the EMIs are paid from', exact: true }),
  ).toHaveAttribute('aria-invalid', 'true');
  await expect(loans.getByRole('group', { name: /^Row 1/ })).toHaveCount(0);
  await loans.getByRole('textbox', { name: 'Bank account the EMIs are paid from', exact: true }).fill('HDFC Bank');
  await button(loans, 'Add row').click();
  await expect(loans.getByRole('textbox', { name: 'Lender (row 1)', exact: true })).toBeVisible();
  await expect(loans.getByRole('alert')).toHaveCount(0);
  // The first row is still empty: a second one is refused.
  await button(loans, 'Add row').click();
  await expect(loans.getByRole('alert').filter({ hasText: ROW_REFUSED })).toBeVisible();
  await expect(loans.getByRole('textbox', { name: 'Lender (row 2)', exact: true })).toHaveCount(0);
  await loans.getByRole('textbox', { name: 'Lender (row 1)', exact: true }).fill('State Bank of India');
  await loans.getByRole('textbox', { name: 'EMI (row 1)', exact: true }).fill('12000');
  await loans.getByRole('textbox', { name: 'EMI (row 1)', exact: true }).blur();
  await expect(loans.getByRole('group', { name: 'Existing loans totals' })).toContainText('₹12,000');
  await shot('05-income');
  await next(page, 'Co-applicant details');

  await page.getByRole('textbox', { name: 'Co-applicant full name', exact: true }).fill('Rohan Verma');
  await chooseOption(page, 'Relationship to the applicant', 'Spouse');
  await fillDate(page, 'Date of birth', '02/02/1988');
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('9812345678');
  await page.getByRole('textbox', { name: 'Monthly income', exact: true }).fill('90000');
  await page.getByRole('checkbox', { name: 'I consent to a credit bureau check', exact: true }).check();
  await shot('06-co-applicant');
  await next(page, 'Upload documents');

  await uploadFile(page, 'Last 3 salary slips', pdfFile('salary-slips.pdf'));
  await uploadFile(page, 'Bank statements (6 months)', pdfFile('bank-statement.pdf'));
  await shot('07-documents');
  await next(page, 'Declaration and signature');

  await acceptConsents(page);
  await fillDate(page, 'Declaration date', dateFromToday(0));
  await page.getByRole('textbox', { name: 'Place', exact: true }).fill('Mumbai');
  await drawSignature(page);
  await shot('08-declaration');
  await next(page, 'Summary');

  const summary = page.getByRole('region', { name: 'Summary of your application' });
  await expect(summary.getByText('Asha Verma', { exact: true })).toBeVisible();
  await expect(summary.getByText('Rohan Verma', { exact: true })).toBeVisible();
  await expect(summary.getByText('Flat 12, Sai Krupa, 14th Road', { exact: true })).toBeVisible();
  await shot('09-summary');

  // A second co-applicant added at the summary has an empty step: submit is refused and opens it.
  await button(page, 'Add co-applicant').click();
  await button(page, 'Submit').click();
  await expect(page.getByRole('alert').filter({ hasText: MANDATORY_FIELDS_MESSAGE })).toBeVisible();
  await expect(stepHeading(page, 'Co-applicant details (co-applicant 2)')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Co-applicant full name', exact: true })).toBeFocused();
  await page
    .getByRole('region', { name: 'Applicants' })
    .getByRole('button', { name: 'Co-applicant 2' })
    .press('Delete');
  await expect(page.getByRole('region', { name: 'Applicants' }).getByText('Co-applicant 2')).toHaveCount(0);
  // Removing the applicant whose step was open goes back to the first step; the rest is kept.
  await expect(stepHeading(page, 'Loan details')).toBeVisible();
  for (const step of [
    'Property',
    'About you',
    'Identity (KYC)',
    'Income and obligations',
    'Co-applicant details',
    'Upload documents',
    'Declaration and signature',
    'Summary',
  ])
    await next(page, step);

  // The link is never shown: its copy button puts it on the clipboard (mock-server README "Resume links").
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await button(page, 'Copy link').click();
  const resumeLink = await page.evaluate(() => navigator.clipboard.readText());
  const session = await applicantSession(page);
  await button(page, 'Submit').click();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await expect(page.getByTestId('application-number')).toHaveText(applicationId);
  // The refusal of the earlier submit does not stand beside it.
  await expect(page.getByRole('alert').filter({ hasText: MANDATORY_FIELDS_MESSAGE })).toHaveCount(0);
  await shot('10-submitted');

  // The application is submitted: its resume link is over.
  await page.goto(resumeLink);
  await expect(page).toHaveURL(/\/invalidURL$/);
  await expect(page.getByText('400 Invalid URL', { exact: true })).toBeVisible();
  return { applicationId, session };
}

async function expectSubmittedOnServer(applicationId: string, session: Awaited<ReturnType<typeof applicantSession>>) {
  // The submit ended the applicant's session on this device (mock-server README "Applicant sessions").
  const ended = await fetchApplication(session, applicationId).catch((error: unknown) => error);
  expect(ended).toBeInstanceOf(HttpError);
  expect((ended as HttpError).status).toBe(401);
  const app = await fetchApplication(await apiLogin('opsadmin', 'Admin@123'), applicationId);
  expect(app.mode).toBe('SAVED');
  expect(app.product_code).toBe('HL');
  expect(app.customFields.full_name).toBe('Asha Verma');
  expect(app.customFields.property_city).toBe('Mumbai');
  expect(app.customFields.current_state).toBe('Maharashtra');
  expect(app.customFields.current_pincode).toBe('400052');
  expect(app.singleORjoint).toBe('joint');
  expect(app.jointApplicants).toHaveLength(1);
  expect(app.jointApplicants[0]?.customFields.coapp_full_name).toBe('Rohan Verma');
}

test('an applicant completes the home loan end to end (shell)', async ({ page }) => {
  test.setTimeout(180_000);
  const { applicationId, session } = await completeHomeLoan(page, ORIGINS.shell, 'customer-hl-shell');
  await expectSubmittedOnServer(applicationId, session);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('an applicant completes the home loan end to end (standalone, phone)', async ({ page }) => {
    test.setTimeout(180_000);
    const { applicationId, session } = await completeHomeLoan(page, ORIGINS.standalone, 'customer-hl-phone');
    await expectSubmittedOnServer(applicationId, session);
  });
});
