// An applicant's one-time code arrives by SMS: the home loan's mobile verification sends the code
// through the server's outbox to the SMS gateway (the run's SMS sink), the applicant reads it there, as from
// their phone, and verifies it; a wrong code is still refused.
import { expect, test } from '@playwright/test';
import { latestSms, oneTimeCode } from '../support/messages';
import {
  applicationIdOnPage,
  button,
  dateFromToday,
  fieldGroup,
  fillDate,
  next,
  ORIGINS,
  startHomeLoan,
} from '../support/portal';
import { SMS_SINK } from '../support/system-under-test';
import { screenshot } from '../support/ui';

test('an applicant gets the OTP by SMS and verifies the mobile number with it', async ({ page }) => {
  test.setTimeout(120_000);
  await startHomeLoan(page, ORIGINS.standalone);
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
  await textbox('Loan amount').fill('2500000');
  await textbox('Expected interest rate (%)').fill('8.5');
  await fillDate(page, 'Expected disbursal date', dateFromToday(7));
  await next(page, 'Property');
  expect(await applicationIdOnPage(page)).toMatch(/^HL-/);
  await textbox('Property value').fill('4000000');
  await textbox('Property address').fill('12 MG Road');
  await textbox('Pincode').fill('411001');
  await textbox('Pincode').blur();
  await expect(textbox('City')).toHaveValue('Pune');
  await next(page, 'About you');

  // A number of this run's own, so the newest SMS to it is this test's.
  const mobile = `7${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  await textbox('Mobile number').fill(mobile);
  const otp = fieldGroup(page, 'Mobile verification code');
  const sentAfter = new Date(Date.now() - 1000);
  await button(otp, 'Send OTP').click();
  await expect(button(otp, 'Resend OTP')).toBeVisible();

  // The SMS as the gateway received it: to the mobile (+91), with the code in its text.
  const sms = await latestSms(`+91${mobile}`, { after: sentAfter });
  expect(sms.to.replace(/\D/g, '')).toBe(`91${mobile}`);
  const code = oneTimeCode(sms.text);
  expect(code).toMatch(/^\d{6}$/);
  expect(sms.reference).not.toBe('');

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await otp.getByRole('textbox', { name: 'One time password' }).fill(wrong);
  await button(otp, 'Verify OTP').click();
  await expect(otp.getByRole('alert')).toHaveText('Oops, this is incorrect one time password (OTP)');
  await otp.getByRole('textbox', { name: 'One time password' }).fill(code);
  await button(otp, 'Verify OTP').click();
  await expect(otp.getByRole('status')).toHaveText(`Verified ${mobile}`);
  await screenshot(page, 'otp-sms-verified');

  // The SMS sink's page, as a developer reads it beside the mails.
  await page.goto(SMS_SINK);
  await expect(page.getByText(code, { exact: false }).first()).toBeVisible();
  await screenshot(page, 'otp-sms-sink');
});
