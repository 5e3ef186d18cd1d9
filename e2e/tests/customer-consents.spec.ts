// An applicant on a phone (Pixel 7's viewport, touch and user agent, in Chromium) applies for the personal loan
// from the product list to the confirmation page: each consent text shown in full and accepted on its own box
// (Submit refused, naming it, while a required one is unticked), the receipt downloaded and read back (its text
// holds the application number, read by pdf.js), then an operations admin
// sees the consents, as recorded on the phone, in the application's detail. A new wording an operations admin
// saves reaches the next applicant, whose tick is recorded at the new version. Also the '400 Invalid URL' page's
// ways forward. mock-server README "Consents and the receipt".
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPath, CONSENT_CONFIG_TYPE, type ConsentRecordsAnswer, type ConsentSet } from '@originate/contract';
import { devices, expect, test } from '@playwright/test';
import { apiGet, apiLogin, apiPut } from '../support/api';
import {
  applicationIdOnPage,
  button,
  chooseOption,
  fillCurrentAddress,
  fillDate,
  next,
  ORIGINS,
  personalLoanFirstStep,
  personalLoanToSummary,
  stepHeading,
} from '../support/portal';
import { detailUrl, screenshot, signIn } from '../support/ui';

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use({ ...pixel7 });

// pdf.js, the server tests' PDF reader (a mock-server dependency): the receipt's text as a reader shows it.
const MOCK_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'mock-server', 'package.json');
const fromServer = createRequire(MOCK_SERVER);
const PDFJS_DIR = path.dirname(fromServer.resolve('pdfjs-dist/legacy/build/pdf.mjs'));

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import(path.join(PDFJS_DIR, 'pdf.mjs'));
  const pdf = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item: { str?: string }) => item.str ?? '').join('');
  await pdf.destroy();
  return text;
}

test('a phone applicant accepts each consent, submits, downloads the receipt; staff see the consents', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto(`${ORIGINS.standalone}/newapplication`);
  await page.getByRole('button', { name: 'Apply for Personal Loan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Loan Application' })).toBeVisible();
  const applicationId = await personalLoanFirstStep(page, 'Kavya Raman', '9822055501');
  await personalLoanToSummary(page);

  // Each text is there in full, in a box of its own that scrolls on the phone.
  const panel = page.getByRole('region', { name: 'Declaration and consents' });
  for (const title of [
    'Declaration',
    'Consent to obtain my credit information (CIBIL and other credit bureaus)',
    'Consent for KYC verification (CKYC and Aadhaar)',
    'Consent to be contacted by SMS, e-mail, WhatsApp and phone',
  ]) {
    await expect(panel.getByRole('region', { name: `${title}, version`, exact: false })).toBeVisible();
  }
  await expect(panel.getByText(/TransUnion CIBIL Limited/)).toBeAttached();
  await expect(panel.getByText(/National Do Not Call/)).toBeAttached();

  // A required consent withdrawn: Submit is refused, naming it, and the box gets the focus.
  const declaration = panel.getByRole('checkbox', { name: 'I have read and accept: Declaration' });
  await declaration.click();
  await expect(declaration).not.toBeChecked();
  await expect(declaration).toBeEnabled();
  await button(page, 'Submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'To continue, please accept: Declaration.' })).toBeVisible();
  await expect(declaration).toBeFocused();
  await declaration.click();
  await expect(declaration).toBeChecked();
  await expect(declaration).toBeEnabled();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'consents-declaration-step-phone', { fullPage: false });

  await button(page, 'Submit').click();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await expect(page.getByTestId('application-number')).toHaveText(applicationId);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText(/^Next: Document Verification\./)).toBeVisible();
  await expect(page.getByText('Customer care 1800 209 4455 (toll free)')).toBeVisible();
  await screenshot(page, 'consents-confirmation-phone');

  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download receipt (PDF)').click()]);
  expect(download.suggestedFilename()).toBe(`Receipt ${applicationId}.pdf`);
  const bytes = new Uint8Array(await readFile(await download.path()));
  const text = await pdfText(bytes);
  expect(text).toContain(`Application number ${applicationId}`);
  expect(text).toContain('Kavya Raman');
  expect(text).toContain('Personal Loan');
  expect(text).toMatch(/Submitted on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} IST/);

  // The back office: the consents as the phone gave them.
  const staff = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const officePage = await staff.newPage();
    await signIn(officePage, 'opsadmin', 'Admin@123', { at: detailUrl(applicationId) });
    const consents = officePage.getByRole('region', { name: 'Consents' });
    await expect(consents.getByRole('row')).toHaveCount(5);
    await expect(consents.getByText('Accepted')).toHaveCount(4);
    await expect(consents.getByRole('row', { name: /Declaration Accepted v1 .* IST Mobile · / })).toBeVisible();
    await consents.scrollIntoViewIfNeeded();
    await screenshot(officePage, 'consents-staff-detail', { fullPage: false });
  } finally {
    await staff.close();
  }
});

test("'400 Invalid URL' keeps the spec's texts and offers the ways forward", async ({ page }) => {
  await page.goto(`${ORIGINS.standalone}/dynamic-resume?transactionToken=not-a-live-token`);
  await expect(page.getByRole('heading', { level: 1, name: '400 Invalid URL' })).toBeVisible();
  await expect(
    page.getByText(
      'The link is either expired or invalid or your application has already been submitted for further processing.',
    ),
  ).toBeVisible();
  const ways = page.getByRole('navigation', { name: 'What you can do' });
  await expect(ways.getByRole('link', { name: 'Start a new application' })).toHaveAttribute('href', '/newapplication');
  await expect(ways.getByRole('link', { name: 'Track an application you submitted' })).toBeVisible();
  await expect(ways.getByText('Customer care 1800 209 4455 (toll free)', { exact: false })).toBeVisible();
  await screenshot(page, 'consents-invalid-url-phone');
  await ways.getByRole('link', { name: 'Start a new application' }).click();
  await expect(page.getByRole('heading', { name: 'Apply for a loan' })).toBeVisible();
  await expect(stepHeading(page, 'Customer type')).toHaveCount(0);

  // The shell's own page (the back office's origin) offers the same.
  await page.goto(`${ORIGINS.shell}/invalidURL`);
  await expect(page.getByRole('heading', { level: 1, name: '400 Invalid URL' })).toBeVisible();
  const shellWays = page.getByRole('navigation', { name: 'What you can do' });
  await expect(shellWays.getByRole('link', { name: 'Track an application you submitted' })).toHaveAttribute(
    'href',
    '/newapplication#my-applications',
  );
  await expect(shellWays.getByText('Customer care 1800 209 4455 (toll free)', { exact: false })).toBeVisible();
});

// The car loan's: no other spec ticks its consents, so none meets the version changing under it.
test("a consent's new wording reaches the next applicant, and their tick is recorded at the new version", async ({
  page,
}) => {
  test.slow();
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const setPath = apiPath('setupConfig', { type: CONSENT_CONFIG_TYPE, name: 'CL' });
  const before = await apiGet<ConsentSet>(admin, setPath);
  const old = before.consents.find((c) => c.kind === 'COMMUNICATION');
  if (!old) throw new Error('the car loan has no communication consent');
  const added = `I/We may also be told about car insurance renewals (wording of ${Date.now()}).`;
  const saved = (set: ConsentSet, text: string, version: number): ConsentSet => ({
    ...set,
    consents: set.consents.map((c) => (c.consentId === old.consentId ? { ...c, text, version } : c)),
  });
  await apiPut(admin, setPath, saved(before, `${old.text}\n\n${added}`, old.version + 1));
  try {
    await page.goto(`${ORIGINS.standalone}/newapplication?product=CL`);
    await expect(page.getByRole('heading', { level: 1, name: 'Car Loan Application' })).toBeVisible();
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Full name').fill('Arjun Pillai');
    await fillDate(page, 'Date of birth', '05/06/1988');
    await field('Mobile number').fill('9822066601');
    await field('Email').fill(`arjun.${Date.now()}@example.in`);
    await fillCurrentAddress(page);
    await next(page, 'Income');
    const applicationId = await applicationIdOnPage(page);
    await field('Employer').fill('Infopark Systems');
    await field('Monthly income').fill('90000');
    await next(page, 'Vehicle');
    await chooseOption(page, 'Make', 'Hyundai');
    await field('Model').fill('Creta');
    await field('On-road price').fill('1500000');
    await field('Down payment').fill('300000');
    await next(page, 'Loan');
    await field('Loan amount').fill('1200000');
    await next(page, 'Summary');

    const panel = page.getByRole('region', { name: 'Declaration and consents' });
    const text = panel.getByRole('region', { name: `${old.title}, version ${old.version + 1}` });
    await expect(text).toContainText(added);
    const box = panel.getByRole('checkbox', { name: `I have read and accept: ${old.title}` });
    await box.click();
    await expect(box).toBeChecked();
    await expect(box).toBeEnabled();
    await text.scrollIntoViewIfNeeded();
    await screenshot(page, 'consents-new-version', { fullPage: false });

    // What the staff read of the application: the tick at the new version.
    const { records } = await apiGet<ConsentRecordsAnswer>(admin, apiPath('applicationConsents', { applicationId }));
    expect(records.find((r) => r.consentId === old.consentId)).toMatchObject({
      version: old.version + 1,
      accepted: true,
      recordedBy: null,
    });
  } finally {
    // The wording put back, as the next version (a version never goes down).
    const now = await apiGet<ConsentSet>(admin, setPath);
    const current = now.consents.find((c) => c.consentId === old.consentId)?.version ?? old.version;
    await apiPut(admin, setPath, saved(now, old.text, current + 1));
  }
});
