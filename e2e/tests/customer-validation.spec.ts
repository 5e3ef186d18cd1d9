// The applicant sees each validation message of spec §5 on bad input, Next is refused with
// 'Please fill all mandatory fields', and fields hidden by page rules never block.
import { expect, type Page, test } from '@playwright/test';
import {
  applicationIdOnPage,
  button,
  chooseOption,
  dateFromToday,
  expectNextRefused,
  fieldGroup,
  fillDate,
  next,
  ORIGINS,
  otpCodeFrom,
  startHomeLoan,
  stepHeading,
} from '../support/portal';
import { screenshot } from '../support/ui';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('each validation message on bad input; Next refused; hidden fields do not block', async ({ page }) => {
  test.setTimeout(120_000);
  await startHomeLoan(page, ORIGINS.standalone);

  // Nothing filled: refused, the mandatory fields marked, focus on the first.
  await expectNextRefused(page);
  await expect(textbox(page, 'Loan amount')).toHaveAccessibleDescription('Loan amount is required');
  await expect(textbox(page, 'Loan amount')).toBeFocused();
  await screenshot(page, 'customer-validation-required');

  // Amount outside its range (spec §5 invalidRange).
  await textbox(page, 'Loan amount').fill('100');
  await textbox(page, 'Loan amount').blur();
  await expect(textbox(page, 'Loan amount')).toHaveAccessibleDescription(
    'Please enter amount between the range of ₹5,00,000.00 and ₹5,00,00,000.00',
  );
  // A date outside BETWEEN_DAYS 0..12 weeks (invalidDate).
  await fillDate(page, 'Expected disbursal date', dateFromToday(200));
  await expect(page.getByText('Expected disbursal date is invalid', { exact: true })).toBeVisible();
  await expectNextRefused(page);
  await expect(stepHeading(page, 'Loan details')).toBeVisible();
  await screenshot(page, 'customer-validation-range-date');

  // 'Current lender' is mandatory but hidden unless the purpose is a balance transfer.
  await expect(textbox(page, 'Current lender')).toHaveCount(0);
  await chooseOption(page, 'Loan purpose', 'Transfer an existing loan');
  await expect(textbox(page, 'Current lender')).toBeVisible();
  await textbox(page, 'Current lender').fill('4 Star Bank');
  await textbox(page, 'Current lender').blur();
  await expect(textbox(page, 'Current lender')).toHaveAccessibleDescription('Current lender is invalid');
  await chooseOption(page, 'Loan purpose', 'Buy a ready home');
  await expect(textbox(page, 'Current lender')).toHaveCount(0);

  // Only the visible mandatory fields filled: Next works.
  // Replaced from the keyboard: select all, type.
  await textbox(page, 'Loan amount').press('ControlOrMeta+a');
  await textbox(page, 'Loan amount').pressSequentially('2500000');
  await expect(textbox(page, 'Loan amount')).toHaveValue('2500000');
  await textbox(page, 'Expected interest rate (%)').fill('8.5');
  await fillDate(page, 'Expected disbursal date', dateFromToday(7));
  await next(page, 'Property');
  const applicationId = await applicationIdOnPage(page);

  // The PMAY family group (mandatory fields) shows only with the subsidy toggle on; the builder group never.
  await textbox(page, 'Property value').fill('4000000');
  await textbox(page, 'Property address').fill('12 MG Road');
  await textbox(page, 'Pincode').fill('411001');
  await textbox(page, 'Pincode').blur();
  await expect(textbox(page, 'City')).toHaveValue('Pune');
  await expect(textbox(page, 'Head of the family')).toHaveCount(0);
  await expect(textbox(page, 'Builder')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Apply for PMAY interest subsidy', exact: true }).check();
  await expect(textbox(page, 'Head of the family')).toBeVisible();
  await expectNextRefused(page);
  await expect(textbox(page, 'Head of the family')).toHaveAccessibleDescription('Head of the family is required');
  await page.getByRole('switch', { name: 'Apply for PMAY interest subsidy', exact: true }).uncheck();
  await expect(textbox(page, 'Head of the family')).toHaveCount(0);
  await next(page, 'About you');

  // A regex mismatch says '<label> is invalid'.
  await textbox(page, 'Full name').fill('12345');
  await textbox(page, 'Full name').blur();
  await expect(textbox(page, 'Full name')).toHaveAccessibleDescription('Full name is invalid');
  await textbox(page, 'Email').fill('not-an-email');
  await textbox(page, 'Email').blur();
  await expect(textbox(page, 'Email')).toHaveAccessibleDescription('Email is invalid');

  // A wrong OTP: the spec's message; the right one verifies.
  const mobile = `8${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  await textbox(page, 'Mobile number').fill(mobile);
  const otp = fieldGroup(page, 'Mobile verification code');
  const before = new Date(Date.now() - 1000).toISOString();
  await button(otp, 'Send OTP').click();
  const code = await otpCodeFrom(mobile, applicationId, before);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await otp.getByRole('textbox', { name: 'One time password' }).fill(wrong);
  await button(otp, 'Verify OTP').click();
  await expect(otp.getByRole('alert')).toHaveText('Oops, this is incorrect one time password (OTP)');
  await expect(otp.getByRole('textbox', { name: 'One time password' })).toHaveAccessibleDescription(
    'Oops, this is incorrect one time password (OTP)',
  );
  await screenshot(page, 'customer-validation-otp');
  await otp.getByRole('textbox', { name: 'One time password' }).fill(code);
  await button(otp, 'Verify OTP').click();
  await expect(otp.getByRole('status')).toHaveText(`Verified ${mobile}`);
  await expectNextRefused(page);
  await expect(textbox(page, 'Full name')).toBeFocused();
});
