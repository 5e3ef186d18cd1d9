// The application detail's Messages against the real server, the run's mail catcher and the
// outbox's worker: the officer generates the sanction letter (it appears in Docs with its version), sends the
// sanctioned e-mail with that letter attached after seeing it rendered, and finds the message in the delivery
// log as sent and in the applicant's mailbox. The application is the officer's own copy of a seeded one.
import { type Application, apiPath } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiGet, apiLogin } from '../support/api';
import { copyApplication } from '../support/data';
import { latestMail } from '../support/messages';
import { detailUrl, screenshot, signIn } from '../support/ui';

const SOURCE = 'PL-2026-000131';

// A laptop's screen: the delivery log and the Docs table must show every address and action at this width.
test.use({ viewport: { width: 1280, height: 800 } });

test('the officer generates a sanction letter, mails it to the applicant and finds it in Docs and in the delivery log', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, SOURCE);
  const record = await apiGet<Application>(officer, apiPath('application', { applicationId }));
  const primary = (record.applicant?.primary ?? {}) as Record<string, unknown>;
  const address = String(primary.email ?? '');
  const applicant = String(primary.fullName ?? '');
  expect(address).toContain('@');

  await signIn(page, 'officer', 'Officer@123', { at: detailUrl(applicationId) });
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages).toBeVisible();

  // The letter: previewed as the PDF, generated into Docs.
  await messages.getByRole('button', { name: 'Generate letter' }).click();
  const letterDialog = page.getByRole('dialog', { name: 'Generate a letter' });
  await letterDialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: /^Sanction Letter \(PDF letter, version \d+\)$/ }).click();
  await expect(letterDialog.locator('iframe[title^="Sanction Letter for application"]')).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await screenshot(page, 'messages-generate-letter', { fullPage: false });
  await letterDialog.getByRole('button', { name: 'Generate' }).click();
  const generated = letterDialog.getByTestId('letter-generated');
  await expect(generated).toHaveText(/^.+\.pdf stored in Docs as version 1\.$/);
  const letterName = ((await generated.textContent()) ?? '').replace(/ stored in Docs as version 1\.$/, '');
  await letterDialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Docs' }).click();
  const docs = page.getByRole('table', { name: 'Documents' });
  await expect(docs.getByText(letterName, { exact: true })).toBeVisible();
  // Every action of the letter's row is whole on this screen, none behind the table's right edge.
  const letterRow = docs.getByRole('row').filter({ hasText: letterName });
  await letterRow.getByRole('checkbox').scrollIntoViewIfNeeded();
  for (const name of ['Download', 'Metadata', 'Replace file', 'Copy', 'Delete']) {
    await expect(letterRow.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await screenshot(page, 'messages-letter-in-docs');

  // The e-mail: rendered for this application, the letter ticked, sent.
  await messages.getByRole('button', { name: 'Send message' }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send a message to the applicant' });
  await sendDialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: /^Loan sanctioned \(e-mail\) \(E-mail, version \d+\)$/ }).click();
  const rendered = sendDialog.frameLocator('iframe[title^="Loan sanctioned (e-mail) for application"]');
  await expect(rendered.getByText(`Dear ${applicant},`)).toBeVisible();
  await sendDialog.getByRole('checkbox', { name: `${letterName} (version 1)` }).check();
  // The e-mail's own preview is a frame sandboxed without scripts: the dialog around it is what is checked here.
  await expectNoSeriousViolations(page, 'send message dialog', { iframes: false });
  await screenshot(page, 'messages-send-dialog', { fullPage: false });
  const sentAfter = new Date(Date.now() - 1000);
  await sendDialog.getByRole('button', { name: 'Send' }).click();
  await expect(sendDialog).toBeHidden();

  // The delivery log: queued at once, sent once the worker delivered it, the letter attached.
  const row = messages.getByTestId('message-row').filter({ hasText: 'Loan sanctioned (e-mail)' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(letterName)).toBeVisible();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(address);
  // At 1280 px the address shows whole on one line and the attachment is not cut off at the table's edge.
  // Centred, so the check is of the table's right edge, not of where the page happened to scroll.
  await row.evaluate((tr) => tr.scrollIntoView({ block: 'center' }));
  const to = row.getByRole('cell', { name: address, exact: true });
  await expect(to).toBeInViewport({ ratio: 1 });
  expect(await to.evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('nowrap');
  await expect(row.getByText(letterName)).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'messages-delivery-log');

  const mail = await latestMail(address, { after: sentAfter, subject: 'is sanctioned' });
  expect(mail.text).toContain(`Dear ${applicant},`);
  expect(mail.text).toContain(applicationId);
});
