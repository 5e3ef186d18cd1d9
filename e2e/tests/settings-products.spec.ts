// Settings › Products › documents: an operations admin adds a document to the home loan's list, the form says
// what is missing before it may be saved, the save is refused by the server when a key is another step's
// field, and once saved the back office's document-type picker of a home loan application offers it; axe on the
// section. The list is put back as it was afterwards (other specs walk the home loan's documents step).
import { apiPath, type ProductDocumentsAnswer } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiGet, apiLogin, apiPut } from '../support/api';
import { copyApplication } from '../support/data';
import { detailUrl, screenshot, signIn } from '../support/ui';

test('an admin adds a document to a product; the back office picker offers it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const url = apiPath('productDocuments', { productCode: 'HL' });
  const before = await apiGet<ProductDocumentsAnswer>(admin, url);
  // Its own name per run: the server may keep what an earlier run saved if that run stopped before the end.
  const label = `Form 16 ${Date.now().toString(36)}`;
  try {
    await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings?tab=products' });
    const section = page.getByRole('region', { name: 'Home Loan documents' });
    await expect(section.getByRole('textbox', { name: 'Name applicants see' }).first()).toHaveValue(
      before.documents[0]?.label ?? '',
    );

    await section.getByRole('button', { name: 'Add a document' }).click();
    await section.getByRole('button', { name: 'Save Home Loan documents' }).click();
    await expect(section.getByRole('alert')).toContainText(
      `Document ${before.documents.length + 1}: enter the name applicants see`,
    );

    const added = section.getByRole('listitem').last();
    await added.getByRole('textbox', { name: 'Name applicants see' }).fill('PAN');
    await section.getByRole('button', { name: 'Save Home Loan documents' }).click();
    await expect(section.getByRole('alert')).toContainText(
      /Document \d+ \(PAN\), type key: 'pan' is already a field of the step/,
    );

    await added.getByRole('textbox', { name: 'Name applicants see' }).fill(label);
    await expect(added.getByRole('textbox', { name: 'Type key' })).toHaveValue(
      label.toLowerCase().replaceAll(' ', '_'),
    );
    await added.getByRole('checkbox', { name: 'Required' }).uncheck();
    await section.getByRole('button', { name: 'Save Home Loan documents' }).click();
    await expect(page.getByText('Home Loan: documents saved')).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-products-documents', { fullPage: false });
    await expectNoSeriousViolations(page, 'settings products documents');

    const officer = await apiLogin('officer', 'Officer@123');
    const applicationId = await copyApplication(officer, 'HL-2026-000108');
    const staff = await browser.newPage();
    await signIn(staff, 'officer', 'Officer@123', { at: detailUrl(applicationId) });
    await expect(staff.getByRole('heading', { name: `Application ${applicationId}` })).toBeVisible();
    await staff.getByRole('tab', { name: 'Docs', exact: true }).click();
    await staff.getByRole('combobox', { name: 'Document type' }).click();
    await expect(staff.getByRole('option', { name: label })).toBeVisible();
    await screenshot(staff, 'settings-products-documents-picker', { fullPage: false });
    await staff.close();
  } finally {
    await apiPut(admin, url, { documents: before.documents });
  }
});
