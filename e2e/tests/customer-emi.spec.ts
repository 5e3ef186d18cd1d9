// The applicant sees the loan's EMI and repayment schedule while choosing the amount and tenure (the loan
// calculator field of the personal and the home loan, worked out in the browser with the contract's loanCost).
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import {
  fillCurrentAddress,
  fillDate,
  next,
  ORIGINS,
  personalLoanFirstStep,
  pngFile,
  startHomeLoan,
  startPersonalLoan,
  uploadFile,
} from '../support/portal';
import { screenshot } from '../support/ui';

test('an applicant sees the EMI and the schedule change as they choose amount and tenure', async ({ page }) => {
  await startPersonalLoan(page, ORIGINS.standalone);
  await personalLoanFirstStep(page, 'Kavya Rao', '9822054321');
  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
  await fillDate(page, 'Date of birth', '10/10/1991');
  await uploadFile(page, 'ID proof', pngFile('pan-card.png'));
  await next(page, 'Current address');
  await fillCurrentAddress(page);
  await screenshot(page, 'customer-address');
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'customer-address-phone');
  if (desktop) await page.setViewportSize(desktop);
  await next(page, 'Loan');

  const calculator = page.getByRole('region', { name: 'Your EMI (indicative)' });
  await expect(calculator).toContainText('Choose the amount and tenure to see your EMI.');

  // ₹5,00,000 at the product's 11.49% (the letters' rate) over the slider's first tenure, 12 months: EMI 44,305.19.
  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('500000');
  await expect(calculator.getByTestId('emi')).toHaveText('₹44,305.19 a month');
  const schedule = calculator.getByRole('table', { name: 'Repayment schedule' });
  await expect(schedule.getByRole('row')).toHaveCount(13);
  await expect(schedule.getByRole('row').nth(1)).toContainText('₹5,00,000.00');
  await expect(schedule.getByRole('row').last()).toContainText('₹0.00');

  // A longer tenure: 13 months, then the slider's end, 60 months (EMI 10,993.79, 60 instalments).
  const tenure = page.getByRole('slider', { name: 'Tenure (months)' });
  await tenure.focus();
  await tenure.press('ArrowRight');
  await expect(calculator.getByTestId('emi')).toHaveText('₹41,088.54 a month');
  await tenure.press('End');
  await expect(calculator.getByTestId('emi')).toHaveText('₹10,993.79 a month');
  await expect(schedule.getByRole('row')).toHaveCount(61);
  await expect(calculator).toContainText('over 5 years at 11.49% a year');
  await expect(calculator).toContainText('APR 11.49%');
  // The schedule scrolls: a keyboard reaches it (axe: scrollable-region-focusable).
  await expect(calculator.getByRole('region', { name: 'Repayment schedule by month' })).toHaveAttribute(
    'tabindex',
    '0',
  );
  await expectNoSeriousViolations(page, 'loan calculator');
  await calculator.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-emi');

  // ₹100 is below the product's limit: the rule with the limits, no schedule of a loan not on offer.
  const amount = page.getByRole('textbox', { name: 'Loan amount', exact: true });
  await amount.press('ControlOrMeta+a');
  await amount.pressSequentially('100');
  await expect(amount).toHaveValue('100');
  await expect(calculator.getByTestId('emi-problem')).toHaveText(
    'Please enter amount between the range of ₹50,000 and ₹25,00,000',
  );
  await expect(calculator.getByTestId('emi')).toHaveCount(0);
  await expect(schedule).toHaveCount(0);
  await expectNoSeriousViolations(page, 'loan calculator out of range');
  await calculator.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-emi-out-of-range');
  await page.setViewportSize({ width: 390, height: 844 });
  await calculator.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-emi-out-of-range-phone');
});

test('a home-loan applicant sees the EMI and the schedule at the rate they expect, in years of tenure', async ({
  page,
}) => {
  await startHomeLoan(page, ORIGINS.standalone);
  const calculator = page.getByRole('region', { name: 'Your EMI and repayment schedule' });
  await expect(calculator).toContainText('Choose the amount and tenure to see your EMI.');

  // ₹25,00,000 at 8.5% over the slider's first tenure, 5 years: EMI 51,291.33, 60 instalments.
  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('2500000');
  await page.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true }).fill('8.5');
  await expect(calculator.getByTestId('emi')).toHaveText('₹51,291.33 a month');
  const schedule = calculator.getByRole('table', { name: 'Repayment schedule' });
  await expect(schedule.getByRole('row')).toHaveCount(61);

  // A year longer, then the slider's end: 30 years, 360 instalments.
  const tenure = page.getByRole('slider', { name: 'Tenure (years)' });
  await tenure.focus();
  await tenure.press('ArrowRight');
  await expect(calculator.getByTestId('emi')).toHaveText('₹44,445.96 a month');
  await tenure.press('End');
  await expect(calculator.getByTestId('emi')).toHaveText('₹19,222.84 a month');
  await expect(schedule.getByRole('row')).toHaveCount(361);
  await expect(calculator).toContainText('over 30 years');
  await expect(calculator).toContainText('APR 8.50%');
  await calculator.scrollIntoViewIfNeeded();
  await screenshot(page, 'customer-emi-home-loan');

  // A rate above the product's 15%: the rate's rule instead of a schedule.
  // Selected and typed over: the rate's mask keeps what fill() would append to.
  const rate = page.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true });
  await rate.press('ControlOrMeta+a');
  await rate.pressSequentially('18');
  await expect(rate).toHaveValue('18');
  await expect(calculator.getByTestId('emi-problem')).toHaveText('Please enter a rate between 6.00% and 15.00%');
  await expect(schedule).toHaveCount(0);
});
