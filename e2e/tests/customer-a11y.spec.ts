// Axe finds no serious or critical violation on the customer-flow pages: the product list, a
// step with many field types (date, radio, dropdowns, toggle, OTP), one with a table, range, password
// and textarea, the summary, the confirmation page after submitting, a resume link's one-time check on a
// new device ('Verify it's you', before and after the code is sent) and the '400 Invalid URL' page.
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import {
  applicationIdOnPage,
  button,
  dateFromToday,
  fillCurrentAddress,
  fillDate,
  next,
  ORIGINS,
  pdfFile,
  personalLoanFirstStep,
  personalLoanToSummary,
  pngFile,
  startHomeLoan,
  startPersonalLoan,
  uploadFile,
  verifyOtp,
} from '../support/portal';
import { screenshot } from '../support/ui';

async function expectSettledAndAccessible(page: Page, name: string) {
  await expectNoSeriousViolations(page, name);
  await screenshot(page, `customer-a11y-${name}`);
  await expect
    .poll(() => clippedLabels(page), { message: `${name}: labels clipped by an ancestor's paint containment` })
    .toEqual([]);
}

/**
 * Labels an ancestor's paint containment cuts off (content-visibility: auto clips at the box plus its
 * overflow-clip-margin; an outlined field's label sits above its box): their texts.
 */
function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const label of document.querySelectorAll('form label')) {
      const box = label.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (let a = label.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.contentVisibility !== 'auto' && !/paint|strict|content/.test(style.contain)) continue;
        const margin = Number.parseFloat(style.overflowClipMargin) || 0;
        const edge = a.getBoundingClientRect();
        const inside =
          box.top >= edge.top - margin - 0.5 &&
          box.left >= edge.left - margin - 0.5 &&
          box.bottom <= edge.bottom + margin + 0.5 &&
          box.right <= edge.right + margin + 0.5;
        if (!inside) clipped.push(label.textContent ?? '');
      }
    }
    return clipped;
  });
}

test('the product list and the 400 Invalid URL page', async ({ page }) => {
  await page.goto(`${ORIGINS.standalone}/newapplication`);
  await expect(page.getByRole('button', { name: 'Apply for Home Loan' })).toBeVisible();
  await expectSettledAndAccessible(page, 'products');
  await page.goto(`${ORIGINS.standalone}/invalidURL`);
  await expect(page.getByText('400 Invalid URL', { exact: true })).toBeVisible();
  await expectSettledAndAccessible(page, 'invalid-url');
});

test('home loan steps with every kind of field, errors shown', async ({ page }) => {
  test.setTimeout(120_000);
  await startHomeLoan(page, ORIGINS.standalone);
  await expectSettledAndAccessible(page, 'loan-details');
  await page.getByRole('textbox', { name: 'Loan amount', exact: true }).fill('2500000');
  await page.getByRole('textbox', { name: 'Expected interest rate (%)', exact: true }).fill('8.5');
  await fillDate(page, 'Expected disbursal date', dateFromToday(7));
  await next(page, 'Property');
  await page.getByRole('switch', { name: 'Apply for PMAY interest subsidy', exact: true }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Head of the family', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectSettledAndAccessible(page, 'property-errors');
  await page.getByRole('switch', { name: 'Apply for PMAY interest subsidy', exact: true }).uncheck();
  await page.getByRole('textbox', { name: 'Property value', exact: true }).fill('4000000');
  await page.getByRole('textbox', { name: 'Property address', exact: true }).fill('7 Park Street');
  await page.getByRole('textbox', { name: 'Pincode', exact: true }).fill('700001');
  await page.getByRole('textbox', { name: 'Pincode', exact: true }).blur();
  await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Kolkata');
  await next(page, 'About you');
  const applicationId = await applicationIdOnPage(page);
  await page.getByRole('button', { name: 'Next', exact: true }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toBeFocused();
  await expectSettledAndAccessible(page, 'about-you-errors');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Sunil Das');
  await fillDate(page, 'Date of birth', '01/01/1985');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('sunil.das@example.com');
  const mobile = `7${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile);
  await verifyOtp(page, 'Mobile verification code', mobile, applicationId);
  await fillCurrentAddress(page);
  // Saved with the verified mobile: the number a resume link's code goes to.
  await next(page, 'Identity (KYC)');

  // The resume link opened on a new device: the one-time check before anything personal.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await button(page, 'Copy link').click();
  const link = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(link).toMatch(/\/dynamic-resume\?transactionToken=[A-Za-z0-9_-]{43}$/);
  const other = await page.context().browser()?.newContext();
  if (!other) throw new Error('no browser to open a second context in');
  try {
    const resumed = await other.newPage();
    await resumed.goto(await link());
    await expect(resumed.getByRole('heading', { name: "Verify it's you" })).toBeVisible();
    await expectSettledAndAccessible(resumed, 'resume-verify');
    // After the code was sent: where it went, the code's field and 'Verify and continue'.
    await button(resumed, 'Send code').click();
    await expect(resumed.getByRole('textbox', { name: 'One-time code' })).toBeVisible();
    await expectSettledAndAccessible(resumed, 'resume-verify-code');
  } finally {
    await other.close();
  }
  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
  await uploadFile(page, 'ID document', pngFile('id.png'));
  await uploadFile(page, 'Address proof', pdfFile('address.pdf'));
  await expectSettledAndAccessible(page, 'kyc-uploaded');
  await next(page, 'Income and obligations');
  const loans = page.getByRole('region', { name: 'Existing loans' });
  await loans.getByRole('textbox', { name: 'Bank account the EMIs are paid from', exact: true }).fill('Axis Bank');
  await loans.getByRole('button', { name: 'Add row', exact: true }).click();
  await expect(loans.getByRole('textbox', { name: 'Lender (row 1)', exact: true })).toBeVisible();
  await expectSettledAndAccessible(page, 'income-table');
});

test('the personal loan summary and the confirmation page', async ({ page }) => {
  test.setTimeout(120_000);
  await startPersonalLoan(page, ORIGINS.standalone);
  await expectSettledAndAccessible(page, 'customer-type');
  await personalLoanFirstStep(page, 'Farah Khan', '9822033344');
  await personalLoanToSummary(page);
  await expectSettledAndAccessible(page, 'summary');

  await button(page, 'Submit').click();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expectSettledAndAccessible(page, 'confirmation');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectSettledAndAccessible(page, 'confirmation-phone');
});
