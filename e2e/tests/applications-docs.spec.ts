// The Docs tab of the application detail (spec §5 upload limits, §6 MANAGE_DOCUMENT, §7
// documents) against the real server: the officer, on an application assigned to them, uploads a real
// PDF and PNG, downloads one (the same bytes back), edits metadata, copies one to another application,
// merges two into one PDF (read back with pdf-lib: three pages), replaces a file (the earlier version
// stays downloadable) and deletes one; a file over 30 MB and a wrong type are refused with the upload
// rule's messages (and by the server); a user without MANAGE_DOCUMENT sees no upload, replace, metadata
// or delete controls, and a direct call changes nothing.
// Every application it changes is its own copy of a seeded one; its files are named docs-e2e-*.
import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResponse, StaffDocument } from '@originate/contract';
import { API_PATHS, apiPath, MAX_FILE_SIZE_BYTES } from '@originate/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { apiGet, apiLogin, apiPost, HttpError } from '../support/api';
import { approversApplication, copyApplication } from '../support/data';
import { pngFile } from '../support/portal';
import { API } from '../support/system-under-test';
import { type Credentials, detailUrl, openPage, screenshot } from '../support/ui';

const PNG_BYTES = pngFile('scan.png').buffer;

async function pdfOf(pages: number, title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++)
    doc.addPage([300, 400]).drawText(`${title}, page ${i + 1}`, { x: 20, y: 350, size: 12 });
  return Buffer.from(await doc.save());
}

const documentsOf = (session: LoginResponse, applicationId: string) =>
  apiGet<{ data: StaffDocument[] }>(session, apiPath('applicationDocuments', { applicationId })).then((r) => r.data);

/** A staff upload as the Docs tab sends it, from outside the browser (the server's own limits). */
async function uploadAs(session: LoginResponse, applicationId: string, fieldKey: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append('application_id', applicationId);
  form.append('fieldKey', fieldKey);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${API}${API_PATHS.uploadDocument}`, {
    method: 'POST',
    headers: { access_token: session.access_token, sessionId: session.sessionid },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const docsTable = (page: Page) => page.getByRole('table', { name: 'Documents' });
/** The row whose Name cell starts with the file name (a merged file's description names its sources). */
const row = (page: Page, fileName: string) => {
  const startsWith = new RegExp(`^${fileName.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}`);
  return docsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell').filter({ hasText: startsWith }) });
};
const dialog = (page: Page) => page.getByRole('dialog');

/** Clicks a Download button and answers the bytes the browser saved. */
async function downloaded(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(saved) };
}

async function openDocs(page: Page, id: string, signInAs: Credentials): Promise<void> {
  await openPage(page, detailUrl(id), signInAs);
  await expect(page.getByRole('heading', { name: `Application ${id}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Docs', exact: true }).click();
}

test('the officer uploads, downloads, describes, copies, merges, replaces and deletes documents; the limits hold', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, 'PL-2026-000101');
  const copyTarget = await copyApplication(officer, 'CL-2026-000106');
  const slips = await pdfOf(2, 'Salary slips');
  const panV2 = await pdfOf(1, 'PAN card, both sides');

  await openDocs(page, applicationId, ['officer', 'Officer@123']);
  const file = page.getByLabel('Document file');
  // Documents the personal loan's list does not name go up under the names staff give them.
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Other document…' }).click();
  const field = page.getByRole('textbox', { name: 'Document name' });

  // Two real files go up and are listed with their field, size and uploader.
  await field.fill('salary_slip');
  await file.setInputFiles({ name: 'docs-e2e-salary-slips.pdf', mimeType: 'application/pdf', buffer: slips });
  await expect(row(page, 'docs-e2e-salary-slips.pdf')).toContainText('salary_slip');
  await field.fill('id_proof');
  await file.setInputFiles({ name: 'docs-e2e-pan.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(row(page, 'docs-e2e-pan.png')).toContainText('id_proof');
  await expect(row(page, 'docs-e2e-pan.png')).toContainText('Rahul Verma');

  // Over 30 MB and a wrong type: refused before upload, with the upload rule's messages.
  const huge = path.join(tmpdir(), `docs-e2e-huge-${process.pid}.pdf`);
  await rm(huge, { force: true });
  await writeFile(huge, '%PDF-1.7\n');
  await truncate(huge, MAX_FILE_SIZE_BYTES + 1);
  try {
    await file.setInputFiles(huge);
    await expect(
      page.getByRole('alert').filter({ hasText: `${path.basename(huge)}: The file is larger than 30 MB` }),
    ).toBeVisible();
    await file.setInputFiles({
      name: 'docs-e2e-tool.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'docs-e2e-tool.exe: Only these file types are allowed' }),
    ).toBeVisible();
    // The server holds the same limits when the browser's check is skipped.
    const over = await uploadAs(officer, applicationId, 'scan', 'docs-e2e-huge.pdf', await readFile(huge));
    expect(over).toEqual({
      status: 413,
      body: { code: 413, message: `docs-e2e-huge.pdf is larger than ${MAX_FILE_SIZE_BYTES} bytes` },
    });
    const exe = await uploadAs(officer, applicationId, 'scan', 'docs-e2e-tool.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect(exe.body.errors[0].label).toBe('docs-e2e-tool.exe');
  } finally {
    await rm(huge, { force: true });
  }
  await expect(docsTable(page).getByRole('row').filter({ hasText: 'docs-e2e-tool.exe' })).toHaveCount(0);
  await screenshot(page, 'applications-docs-uploaded');

  // A download gives the bytes that went up.
  const back = await downloaded(page, row(page, 'docs-e2e-salary-slips.pdf').getByRole('button', { name: 'Download' }));
  expect(back.name).toBe('docs-e2e-salary-slips.pdf');
  expect(back.bytes.equals(slips)).toBe(true);

  // Metadata.
  await row(page, 'docs-e2e-pan.png').getByRole('button', { name: 'Metadata' }).click();
  await dialog(page).getByRole('textbox', { name: 'Document type' }).fill('PAN');
  await dialog(page).getByRole('textbox', { name: 'Description' }).fill('PAN card, front');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'docs-e2e-pan.png')).toContainText('PAN — PAN card, front');

  // A copy to another of the officer's applications (toasts queue, 6 s each: the copy is checked where it lands).
  const copies = async () =>
    (await documentsOf(officer, copyTarget)).filter((d) => d.fileName === 'docs-e2e-salary-slips.pdf').length;
  const copiesBefore = await copies();
  await row(page, 'docs-e2e-salary-slips.pdf').getByRole('button', { name: 'Copy' }).click();
  await dialog(page).getByRole('textbox', { name: 'Application id' }).fill(copyTarget);
  await dialog(page).getByRole('button', { name: 'Copy' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect.poll(copies).toBe(copiesBefore + 1);

  // A merge of the PDF (2 pages) and the PNG (1 page) into one PDF of 3 pages.
  await page.getByRole('checkbox', { name: 'Select docs-e2e-salary-slips.pdf' }).check();
  await page.getByRole('checkbox', { name: 'Select docs-e2e-pan.png' }).check();
  await page.getByRole('button', { name: 'Merge selected' }).click();
  await dialog(page).getByRole('textbox', { name: 'File name' }).fill('docs-e2e-income-proof.pdf');
  await dialog(page).getByRole('button', { name: 'Merge' }).click();
  const merged = row(page, 'docs-e2e-income-proof.pdf');
  await expect(merged).toContainText('Merged from docs-e2e-salary-slips.pdf, docs-e2e-pan.png');
  const mergedFile = await downloaded(page, merged.getByRole('button', { name: 'Download' }));
  expect(mergedFile.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await PDFDocument.load(mergedFile.bytes)).getPageCount()).toBe(3);

  // Replace the PNG with a PDF: same row (type and description kept), version 2, version 1 downloadable.
  await row(page, 'docs-e2e-pan.png')
    .getByLabel('Replace docs-e2e-pan.png')
    .setInputFiles({ name: 'docs-e2e-pan-v2.pdf', mimeType: 'application/pdf', buffer: panV2 });
  const replaced = row(page, 'docs-e2e-pan-v2.pdf');
  await expect(replaced).toContainText('Version 2');
  await expect(replaced).toContainText('PAN — PAN card, front');
  await expect(row(page, 'docs-e2e-pan.png')).toHaveCount(0);
  await replaced.getByRole('button', { name: 'Show 1 earlier' }).click();
  const versions = page.getByRole('list', { name: 'Earlier versions of docs-e2e-pan-v2.pdf' });
  await expect(versions).toContainText('Version 1: docs-e2e-pan.png');
  await expect(versions).toContainText('Rahul Verma');
  const current = await downloaded(page, replaced.getByRole('button', { name: 'Download' }));
  expect(current.bytes.equals(panV2)).toBe(true);
  const first = await downloaded(
    page,
    versions.getByRole('button', { name: 'Download version 1 of docs-e2e-pan-v2.pdf' }),
  );
  expect(first.name).toBe('docs-e2e-pan.png');
  expect(first.bytes.equals(PNG_BYTES)).toBe(true);
  await screenshot(page, 'applications-docs-versions');

  // Delete the salary slips: gone from the list (the copy and the merged file stay).
  await row(page, 'docs-e2e-salary-slips.pdf').getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'docs-e2e-salary-slips.pdf')).toHaveCount(0);
  await expect(merged).toBeVisible();
  const left = (await documentsOf(officer, applicationId)).map((d) => d.fileName);
  expect(left).not.toContain('docs-e2e-salary-slips.pdf');
  expect(left).toEqual(expect.arrayContaining(['docs-e2e-income-proof.pdf', 'docs-e2e-pan-v2.pdf']));

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'applications-docs-390');
});

test('a user without MANAGE_DOCUMENT sees the documents but no controls to change them, and a direct call changes nothing', async ({
  page,
}) => {
  const approver = await apiLogin('approver', 'Approver@123');
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const applicationId = await approversApplication(admin, approver, 'HL-2026-000105');
  // A document on it, put there by the operations admin (who may manage documents anywhere).
  const added = await uploadAs(
    admin,
    applicationId,
    'sanction_note',
    'docs-e2e-sanction-note.pdf',
    await pdfOf(1, 'Sanction note'),
  );
  expect(added.status).toBe(200);
  const fileId = (added.body as { fileId: string }).fileId;

  await openDocs(page, applicationId, ['approver', 'Approver@123']);
  const listed = row(page, 'docs-e2e-sanction-note.pdf');
  await expect(listed).toContainText('Meera Krishnan');
  await expect(listed.getByRole('button', { name: 'Download' })).toBeVisible();
  for (const name of ['Metadata', 'Copy', 'Delete', 'Replace file']) {
    await expect(docsTable(page).getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('combobox', { name: 'Document type' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Document name' })).toHaveCount(0);
  await expect(page.getByText('Upload document')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Merge selected' })).toHaveCount(0);
  await expect(docsTable(page).getByRole('checkbox')).toHaveCount(0);
  await screenshot(page, 'applications-docs-no-permission');

  const refused = await apiPost(approver, API_PATHS.deleteDocument, { application_id: applicationId, fileId }).catch(
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);
  expect(JSON.stringify((refused as HttpError).body)).toContain('MANAGE_DOCUMENT');
  expect((await documentsOf(approver, applicationId)).map((d) => d.fileId)).toContain(fileId);
});
