// Requests for information ("request info to the user"; mock-server README "Applicant portal"):
// the officer asks the applicant of an application for a document from the detail's Queries tab (the
// flow's fields picked by label); the applicant signs in to the portal with a code sent to their e-mail,
// finds the application in "Your applications" with the request, answers it with text and an upload; the
// officer finds the answer and its file in the Queries tab, and closes the request.
import { readFile } from 'node:fs/promises';
import { type Application, apiPath } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiLogin } from '../support/api';
import { RESERVED } from '../support/data';
import { ORIGINS, otpCodeFrom, pdfFile } from '../support/portal';
import { detailUrl, screenshot, signIn } from '../support/ui';

/** The personal loan's document field, which a request may ask for. */
const DOCUMENT_FIELD = { key: 'pl_id_proof', label: 'ID proof' };

/** The application reserved for this spec, with its applicant's e-mail. */
async function officersApplication(officer: Awaited<ReturnType<typeof apiLogin>>) {
  const id = RESERVED.customerRequests;
  const app = await apiGet<Application>(officer, apiPath('application', { applicationId: id }));
  const email = (app.applicant as { primary?: { email?: string } } | undefined)?.primary?.email;
  if (!email) throw new Error(`${id} has no applicant e-mail`);
  return { id, email, field: DOCUMENT_FIELD };
}

test('the officer asks the applicant for a document; the applicant answers in the portal; the officer reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const app = await officersApplication(officer);

  // The officer asks from the Queries tab ("Ask the applicant": no recipient to pick, the fields asked for).
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'officer', 'Officer@123', { at: detailUrl(app.id) });
  await expect(staff.getByRole('heading', { name: `Application ${app.id}` })).toBeVisible();
  await staff.getByRole('tab', { name: 'Queries', exact: true }).click();
  await staff.getByRole('button', { name: 'Ask the applicant' }).click();
  const ask = staff.getByRole('dialog', { name: 'Ask the applicant' });
  await ask.getByRole('textbox', { name: 'Title' }).fill('Proof of identity');
  await ask
    .getByRole('textbox', { name: 'Description' })
    .fill('Please upload a clear copy of your ID and tell us the name written on it.');
  // The flow's fields by label (its document field among them).
  await ask.getByRole('combobox', { name: 'Fields asked for' }).fill(app.field.label);
  await staff.getByRole('option', { name: `${app.field.label} (${app.field.key})` }).click();
  await expect(ask.getByRole('button', { name: `${app.field.label} (${app.field.key})` })).toBeVisible();
  await ask.getByRole('button', { name: 'Send to the applicant' }).click();
  const query = staff.getByTestId('query').filter({ hasText: 'Proof of identity' });
  await expect(query).toContainText('to the applicant');
  await expect(query).toContainText(`fields: ${app.field.key}`);

  // The applicant: "Your applications" below the products, signed in by a code sent to the e-mail.
  await page.goto(`${ORIGINS.standalone}/newapplication`);
  const mine = page.getByRole('region', { name: 'Your applications' });
  await mine.getByRole('textbox', { name: 'E-mail address' }).fill(app.email);
  const before = new Date(Date.now() - 1000).toISOString();
  await mine.getByRole('button', { name: 'Send code' }).click();
  const code = await otpCodeFrom(app.email, app.id, before);
  await mine.getByRole('textbox', { name: 'Code' }).fill(code);
  await mine.getByRole('button', { name: 'Sign in' }).click();

  const card = mine.getByRole('article').filter({ hasText: app.id });
  await expect(card).toContainText('We need something from you');
  const asked = card.getByTestId('request').filter({ hasText: 'Proof of identity' });
  await expect(asked).toContainText('Waiting for your answer');
  await expect(asked).toContainText('Asked by Rahul Verma');
  await expect(asked).toContainText(`What we need: ${app.field.label} (a document)`);
  await screenshot(page, 'customer-requests-portal-asked');

  await asked
    .getByRole('textbox', { name: 'Your answer' })
    .fill('My PAN card is attached; the name on it is as in my form.');
  await asked.getByLabel(`Upload ${app.field.label}`).setInputFiles(pdfFile('pan-card.pdf'));
  await expect(asked).toContainText('pan-card.pdf');
  await asked.getByRole('button', { name: 'Send answer' }).click();
  await expect(asked).toContainText('Answered: we are checking it');
  await expect(asked).toContainText('Documents: pan-card.pdf');
  await screenshot(page, 'customer-requests-portal-answered');

  // The officer: the answer is a comment of the request in the Queries tab, its file downloadable there.
  await staff.reload();
  await staff.getByRole('tab', { name: 'Queries', exact: true }).click();
  await expect(query).toContainText('OPEN');
  await expect(query).toContainText('Answered');
  await query.getByRole('button', { name: 'Show 1 comment' }).click();
  await expect(query).toContainText('My PAN card is attached; the name on it is as in my form.');
  await expect(query).toContainText('Applicant');
  const downloading = staff.waitForEvent('download');
  await query.getByRole('button', { name: 'Download pan-card.pdf' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('pan-card.pdf');
  expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  await screenshot(staff, 'customer-requests-staff-answer');

  // Read, the officer closes it: the applicant's request is closed and takes no more answers.
  await query.getByRole('button', { name: 'Close', exact: true }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(query).toContainText('CLOSED');
  await page.reload();
  const again = mine.getByRole('article').filter({ hasText: app.id });
  await again.getByRole('button', { name: 'Our questions' }).click();
  await expect(again.getByTestId('request').filter({ hasText: 'Proof of identity' })).toContainText('Closed');
  await expect(page.getByRole('button', { name: 'Send answer' })).toHaveCount(0);
});
