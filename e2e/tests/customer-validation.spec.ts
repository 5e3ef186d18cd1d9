// The applicant sees each validation message of spec §5 on bad input, naming the rule with the field's own
// values; a refused Next shows the error summary (each entry a link to its field) and says 'Please fill all
// mandatory fields' only while a mandatory field is empty; fields hidden by page rules never block; the
// stepper shows how much of each section is filled. A whole application made with the keyboard alone.
import { expect, type Locator, type Page, test } from '@playwright/test';
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
  pngFile,
  startHomeLoan,
  stepHeading,
} from '../support/portal';
import { screenshot } from '../support/ui';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const summary = (page: Page) => page.getByRole('alert', { name: /^Please check \d+ fields?$/ });
const stepperEntry = (page: Page, section: string) =>
  page.getByRole('navigation', { name: 'Application progress' }).locator('.MuiStep-root').filter({ hasText: section });

test('each validation message on bad input; Next refused; hidden fields do not block', async ({ page }) => {
  test.setTimeout(120_000);
  await startHomeLoan(page, ORIGINS.standalone);

  // Nothing filled: refused, the mandatory fields marked, focus on the first.
  await expectNextRefused(page);
  await expect(textbox(page, 'Loan amount')).toHaveAccessibleDescription('Loan amount is required');
  await expect(textbox(page, 'Loan amount')).toBeFocused();
  // The error summary at the top of the step: each entry a link that focuses its field.
  await expect(summary(page)).toContainText('Please fill all mandatory fields');
  await textbox(page, 'Loan amount').blur();
  await summary(page).getByRole('link', { name: 'Loan amount is required' }).click();
  await expect(textbox(page, 'Loan amount')).toBeFocused();
  // Nothing filled: every section at 0 %, the Declaration too.
  await expect(stepperEntry(page, 'Loan & Property')).toContainText('0% filled');
  await expect(stepperEntry(page, 'Declaration')).toContainText('0% filled');
  await screenshot(page, 'customer-validation-required');

  // Amount outside its range (spec §5 invalidRange).
  await textbox(page, 'Loan amount').fill('100');
  await textbox(page, 'Loan amount').blur();
  await expect(textbox(page, 'Loan amount')).toHaveAccessibleDescription(
    'Please enter amount between the range of ₹5,00,000 and ₹5,00,00,000',
  );
  // A date outside BETWEEN_DAYS 0..12 weeks (invalidDate): the bounds in DD/MM/YYYY.
  await fillDate(page, 'Expected disbursal date', dateFromToday(200));
  await expect(
    page.getByText(
      `Expected disbursal date is outside the allowed dates: the date must be between ${dateFromToday(0)} and ${dateFromToday(84)}`,
      { exact: true },
    ),
  ).toBeVisible();
  await expectNextRefused(page);
  await expect(stepHeading(page, 'Loan details')).toBeVisible();
  await screenshot(page, 'customer-validation-range-date');

  // 'Current lender' is mandatory but hidden unless the purpose is a balance transfer.
  await expect(textbox(page, 'Current lender')).toHaveCount(0);
  await chooseOption(page, 'Loan purpose', 'Transfer an existing loan');
  await expect(textbox(page, 'Current lender')).toBeVisible();
  await textbox(page, 'Current lender').fill('4 Star Bank');
  await textbox(page, 'Current lender').blur();
  await expect(textbox(page, 'Current lender')).toHaveAccessibleDescription(
    "Current lender is not a name: use letters, spaces, . ' - and start with a letter",
  );
  await chooseOption(page, 'Loan purpose', 'Buy a ready home');
  await expect(textbox(page, 'Current lender')).toHaveCount(0);

  // Every mandatory field filled, one out of range: not 'Please fill all mandatory fields', but what to correct.
  await textbox(page, 'Expected interest rate (%)').fill('8.5');
  await fillDate(page, 'Expected disbursal date', dateFromToday(7));
  await button(page, 'Next').press('Enter');
  await expect(summary(page)).toHaveAccessibleName('Please check 1 field');
  await expect(summary(page)).toContainText('Please correct the highlighted field');
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill all mandatory fields' })).toHaveCount(0);
  const rangeLink = summary(page).getByRole('link', {
    name: 'Loan amount: Please enter amount between the range of ₹5,00,000 and ₹5,00,00,000',
  });
  await textbox(page, 'Expected interest rate (%)').focus();
  await rangeLink.click();
  await expect(textbox(page, 'Loan amount')).toBeFocused();
  await screenshot(page, 'customer-validation-summary');

  // Only the visible mandatory fields filled: Next works.
  // Replaced from the keyboard: select all, type.
  await textbox(page, 'Loan amount').press('ControlOrMeta+a');
  await textbox(page, 'Loan amount').pressSequentially('2500000');
  await expect(textbox(page, 'Loan amount')).toHaveValue('2500000');
  await next(page, 'Property');
  const applicationId = await applicationIdOnPage(page);
  // Loan details filled, Property not yet: the section is half filled (§4), whatever step is current.
  await expect(stepperEntry(page, 'Loan & Property')).toContainText('50% filled');
  await expect(stepperEntry(page, 'Declaration')).toContainText('0% filled');

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
  await expect(stepperEntry(page, 'Loan & Property')).toContainText('100% filled');
  await expect(stepperEntry(page, 'Personal Details')).toContainText('0% filled');
  await screenshot(page, 'customer-validation-stepper');

  // A regex mismatch names the expected format with an example.
  await textbox(page, 'Full name').fill('12345');
  await textbox(page, 'Full name').blur();
  await expect(textbox(page, 'Full name')).toHaveAccessibleDescription(
    "Full name is not a name: use letters, spaces, . ' - and start with a letter",
  );
  await textbox(page, 'Email').fill('not-an-email');
  await textbox(page, 'Email').blur();
  await expect(textbox(page, 'Email')).toHaveAccessibleDescription(
    'Email is not an e-mail address: use the form name@example.com',
  );

  // A wrong OTP: the spec's message; the right one verifies.
  const mobile = `8${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  await textbox(page, 'Mobile number').fill(mobile);
  const otp = fieldGroup(page, 'Mobile verification code');
  // Not verified yet: what to do, not 'is invalid'.
  await expectNextRefused(page);
  await expect(otp.getByRole('alert')).toHaveText('Verify your mobile number: send the OTP and enter the code');
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

/** Tab (or Shift+Tab) until the locator holds focus (or holds it inside); fails when 60 presses do not reach it. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      await expectFocusShown(page);
      return;
    }
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/**
 * A mark of focus drawn on the focused element or the control around it: an outline (the browser's, or the
 * theme's on a button, box or radio), the ring of the portal's field box, an outlined MUI field's thicker
 * border, or MUI's focus shadow (a slider's thumb, a contained button). Empty when nothing marks it, or focus
 * is lost to <body>.
 */
function focusMark(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return '';
    let node: Element | null = focused;
    for (let depth = 0; node && depth < 4; depth += 1, node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0)
        return `outline of ${node.tagName}`;
      const border = node.classList.contains('Mui-focused')
        ? node.querySelector(':scope > .MuiOutlinedInput-notchedOutline')
        : null;
      if (border && Number.parseFloat(getComputedStyle(border).borderTopWidth) >= 2) return 'border of the field';
      if (node.classList.contains('of-box') && style.boxShadow !== 'none') return 'ring of the field';
      if (node.classList.contains('Mui-focusVisible') && style.boxShadow !== 'none') return 'focus shadow';
    }
    return '';
  });
}

async function expectFocusShown(page: Page): Promise<void> {
  await expect.poll(() => focusMark(page), { message: 'the focused element shows focus' }).not.toBe('');
}

/** A new step: focus on its heading (not lost to <body>), shown. */
async function expectStepFocused(page: Page, name: string): Promise<void> {
  await expect(stepHeading(page, name)).toBeFocused();
  await expectFocusShown(page);
}

async function tabAndPress(page: Page, target: Locator, key: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

test('keyboard only: the personal loan from the product list to the confirmation page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${ORIGINS.standalone}/newapplication`);
  await tabAndPress(page, button(page, 'Apply for Personal Loan'), 'Enter');
  await expectStepFocused(page, 'Customer type');
  await tabTo(page, page.getByRole('radio', { name: 'No, I am new' }));
  await expect(page.getByRole('radio', { name: 'No, I am new' })).toBeChecked();

  // Refused: focus on the first field in error; the summary's link for another takes focus to it.
  await tabAndPress(page, button(page, 'Next'), 'Enter');
  await expect(summary(page)).toContainText('Please fill all mandatory fields');
  await expect(textbox(page, 'Full name')).toBeFocused();
  await expectFocusShown(page);
  await tabTo(page, summary(page).getByRole('link', { name: 'Mobile number is required' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(textbox(page, 'Mobile number')).toBeFocused();
  await expectFocusShown(page);
  await page.keyboard.type('9822077701');
  await page.keyboard.press('Shift+Tab');
  await expect(textbox(page, 'Full name')).toBeFocused();
  await page.keyboard.type('Ravi Menon');
  await tabAndPress(page, button(page, 'Next'), 'Enter');

  await expectStepFocused(page, 'Identity (KYC)');
  await tabTo(page, textbox(page, 'PAN'));
  await page.keyboard.type('ABCDE1234F');
  await tabTo(page, textbox(page, 'Date of birth'));
  await page.keyboard.type('10101991');
  await expect(textbox(page, 'Date of birth')).toHaveValue('10/10/1991');
  // The file dialog is the system's: the chooser stands for it.
  const upload = button(fieldGroup(page, 'ID proof'), 'Upload');
  const chooser = page.waitForEvent('filechooser');
  await tabAndPress(page, upload, 'Enter');
  await (await chooser).setFiles(pngFile('pan-card.png'));
  await expect(page.getByRole('list', { name: 'ID proof: uploaded files' }).getByText('pan-card.png')).toBeVisible();
  // Disabled while it uploaded, the button keeps focus.
  await expect(upload).toBeFocused();
  await tabAndPress(page, button(page, 'Next'), 'Enter');

  await expectStepFocused(page, 'Current address');
  await tabTo(page, textbox(page, 'Address line 1'));
  await page.keyboard.type('14 Residency Road');
  await tabTo(page, textbox(page, 'City'));
  await page.keyboard.type('Bengaluru');
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  await tabTo(page, state);
  await page.keyboard.type('Karnataka');
  await expect(state.locator('option:checked')).toHaveText('Karnataka');
  await tabTo(page, textbox(page, 'PIN code'));
  await page.keyboard.type('560025');
  await tabAndPress(page, button(page, 'Next'), 'Enter');

  await expectStepFocused(page, 'Loan');
  await tabTo(page, textbox(page, 'Loan amount'));
  await page.keyboard.type('300000');
  const tenure = page.getByRole('slider', { name: 'Tenure (months)' });
  await tabTo(page, tenure);
  const months = Number(await tenure.inputValue());
  await page.keyboard.press('ArrowRight');
  await expect(tenure).not.toHaveValue(String(months));
  const purpose = page.getByRole('combobox', { name: 'Purpose', exact: true });
  await tabTo(page, purpose);
  await page.keyboard.type('Medical');
  await expect(purpose.locator('option:checked')).toHaveText('Medical');
  await tabTo(page, textbox(page, 'Monthly income'));
  await page.keyboard.type('60000');
  await tabAndPress(page, button(page, 'Next'), 'Enter');

  await expectStepFocused(page, 'Video KYC consent');
  const vkyc = page.getByRole('checkbox', { name: 'I agree to a recorded video KYC call', exact: true });
  await tabAndPress(page, vkyc, 'Space');
  await expect(vkyc).toBeChecked();
  await tabAndPress(page, button(page, 'Next'), 'Enter');

  // Each consent's text scrolls from the keyboard; its box ticks with Space and keeps focus while recorded.
  await expectStepFocused(page, 'Summary');
  const boxes = page
    .getByRole('region', { name: 'Declaration and consents' })
    .getByRole('checkbox', { name: /^I have read and accept: / });
  await expect(boxes).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    await tabAndPress(page, boxes.nth(i), 'Space');
    await expect(boxes.nth(i)).toBeChecked();
    await expect(boxes.nth(i)).toBeEnabled();
    await expect(boxes.nth(i)).toBeFocused();
  }
  await tabAndPress(page, button(page, 'Submit'), 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeFocused();
  await expectFocusShown(page);
  await screenshot(page, 'customer-keyboard-confirmation');
});
