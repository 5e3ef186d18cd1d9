// Settings → Templates against the real server: the operations admin opens the sanctioned e-mail,
// puts a placeholder in from the palette, previews it on an application (the applicant's name in the rendered
// mail), is told at the body about a placeholder that does not exist (in the preview and by the save) and saves
// a new version with a Hindi translation added (previewed in Hindi, stored beside the English text); the SMS
// preview counts its parts and a letter previews as a PDF. Staff who are no operations admin read templates
// without a way to change them. The e-mail's text and translations are put back (as a further version) in
// finally: lifecycle events send it.
import {
  API_PATHS,
  type Application,
  apiPath,
  type TemplateListAnswer,
  type TemplateVersion,
} from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { screenshot, signIn } from '../support/ui';

const TEMPLATE = 'SANCTIONED';
/** A seeded personal loan with an applicant: what the previews are filled in from (found by its whole id). */
const APPLICATION = 'PL-2026-000131';
/** The translation the admin adds to the e-mail. */
const HINDI = {
  subject: 'आपका {{application.product}} स्वीकृत है',
  body: '<p>प्रिय {{applicant.name}},</p>\n<p>आपका ऋण स्वीकृत है।</p>',
};

async function openTemplates(page: Page): Promise<void> {
  // Signed in at /settings already: no second load of the page.
  if (new URL(page.url()).pathname !== '/settings') await page.goto('/settings');
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Templates' })).toBeVisible();
}

async function openTemplate(page: Page, name: string): Promise<void> {
  await page.getByRole('table', { name: 'Templates' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function previewOn(page: Page, applicationId: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Preview on application' });
  await picker.fill(applicationId);
  await page.getByRole('option', { name: new RegExp(`^${applicationId}`) }).click();
}

test('the operations admin edits an e-mail template, previews it on an application and saves a new version', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const original = await apiGet<TemplateVersion>(admin, apiPath('mailTemplate', { id: TEMPLATE }));
  const record = await apiGet<Application>(admin, apiPath('application', { applicationId: APPLICATION }));
  const applicant = String((record.applicant?.primary as Record<string, unknown> | undefined)?.fullName ?? '');
  expect(applicant).not.toBe('');
  try {
    await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings' });
    await openTemplates(page);
    await expectNoSeriousViolations(page, 'templates list');
    await screenshot(page, 'templates-list');

    await page.getByRole('tab', { name: 'E-mail' }).click();
    await openTemplate(page, original.template_name);
    await expect(page.getByRole('combobox', { name: 'Version' })).toContainText(`Version ${original.verNum}`);
    const body = page.getByRole('textbox', { name: 'Body', exact: true });
    await expect(body).toHaveValue(original.body);

    // A line at the end, its placeholder from the palette (typed in at the cursor).
    await body.focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n<p>Current step: ');
    await page.getByRole('button', { name: /^Insert application\.stage:/ }).click();
    await page.keyboard.type('</p>');
    await expect(body).toHaveValue(`${original.body}\n<p>Current step: {{application.stage}}</p>`);
    await expect(page.getByTestId('template-status')).toHaveText('Changes not saved');

    // The preview: the mail as the applicant of the application picked would get it.
    await previewOn(page, APPLICATION);
    const mail = page.frameLocator(`iframe[title="Preview of ${TEMPLATE} for ${APPLICATION}"]`);
    await expect(mail.getByText(`Dear ${applicant},`)).toBeVisible();
    await expect(mail.getByText('Current step:', { exact: false })).toBeVisible();
    await expect(page.getByTestId('preview-subject')).toContainText('is sanctioned');
    await screenshot(page, 'templates-editor-preview');

    // A placeholder that does not exist: the preview cannot render it, and the save is refused at the body.
    await body.focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('<p>{{applicant.nmae}}</p>');
    await expect(page.getByText(/^Cannot render:.*unknown placeholder \{\{applicant\.nmae\}\}/)).toBeVisible();
    await page.getByRole('button', { name: `Save as version ${original.verNum + 1}` }).click();
    await expect(body).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('unknown placeholder {{applicant.nmae}}', { exact: true })).toBeVisible();
    await screenshot(page, 'templates-editor-refused');
    await body.fill(`${original.body}\n<p>Current step: {{application.stage}}</p>`);
    await expect(body).not.toHaveAttribute('aria-invalid', 'true');

    // A Hindi translation: its own subject and body, previewed in Hindi, saved with the version.
    expect(original.translations.hi).toBeUndefined();
    await page.getByRole('combobox', { name: 'Add a translation' }).click();
    await page.getByRole('option', { name: 'Hindi' }).click();
    await expect(page.getByTestId('template-status')).toHaveText('2 problems to fix before saving');
    await page.getByRole('textbox', { name: 'Hindi subject' }).fill(HINDI.subject);
    await page.getByRole('textbox', { name: 'Hindi body' }).fill(HINDI.body);
    await expect(page.getByTestId('template-status')).toHaveText('Changes not saved');
    await page.getByRole('combobox', { name: 'Preview in' }).click();
    await page.getByRole('option', { name: 'Hindi' }).click();
    const hindiMail = page.frameLocator(`iframe[title="Preview of ${TEMPLATE} for ${APPLICATION} in Hindi"]`);
    await expect(hindiMail.getByText(`प्रिय ${applicant},`)).toBeVisible();
    await expect(page.getByTestId('preview-subject')).toContainText('स्वीकृत है');
    await screenshot(page, 'templates-editor-translation');

    await page.getByRole('button', { name: `Save as version ${original.verNum + 1}` }).click();
    await expect(page.getByTestId('template-saved')).toHaveText(`Version ${original.verNum + 1} of ${TEMPLATE} saved.`);
    await expect(page.getByRole('combobox', { name: 'Version' })).toContainText(`Version ${original.verNum + 1}`);
    const stored = await apiGet<TemplateVersion>(admin, apiPath('mailTemplate', { id: TEMPLATE }));
    expect(stored.verNum).toBe(original.verNum + 1);
    expect(stored.body).toBe(`${original.body}\n<p>Current step: {{application.stage}}</p>`);
    expect(stored.translations).toEqual({ ...original.translations, hi: HINDI });
    const { templates } = await apiPost<TemplateListAnswer>(admin, API_PATHS.templateListAllVersion, {
      templateTypesArray: ['EMAIL'],
    });
    expect(templates.filter((t) => t.template_id === TEMPLATE).map((t) => t.verNum)).toContain(original.verNum);

    // An SMS counts its parts as the gateway bills them; a letter previews as the PDF itself.
    await page.getByRole('button', { name: 'All templates' }).click();
    await page.getByRole('tab', { name: 'SMS' }).click();
    await openTemplate(page, 'Loan sanctioned (SMS)');
    await previewOn(page, APPLICATION);
    await expect(page.getByTestId('sms-segments')).toHaveText(/^(1 SMS \(\d+ of 160 characters\)|\d SMS parts)/);
    await screenshot(page, 'templates-sms-preview');
    await page.getByRole('button', { name: 'All templates' }).click();
    await page.getByRole('tab', { name: 'PDF letter' }).click();
    await openTemplate(page, 'Sanction Letter');
    await previewOn(page, APPLICATION);
    await expect(page.locator('iframe[title^="Preview of SANCTION_LETTER"]')).toHaveAttribute('src', /^blob:/);
    await screenshot(page, 'templates-pdf-preview');
  } finally {
    const latest = await apiGet<TemplateVersion>(admin, apiPath('mailTemplate', { id: TEMPLATE }));
    if (
      latest.body !== original.body ||
      JSON.stringify(latest.translations) !== JSON.stringify(original.translations)
    ) {
      await apiPost(admin, API_PATHS.createTemplate, {
        template_id: original.template_id,
        template_name: original.template_name,
        template_type: original.template_type,
        subject: original.subject,
        body: original.body,
        translations: original.translations,
        events: original.events,
        baseVerNum: latest.verNum,
      });
    }
  }
});

test('staff who are no operations admin read templates without a way to change them', async ({ page }) => {
  await signIn(page, 'teamlead', 'Lead@123', { at: '/settings' });
  await openTemplates(page);
  await expect(page.getByRole('button', { name: 'New template' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await openTemplate(page, 'Loan sanctioned (e-mail)');
  await expect(page.getByText('Read only: only an operations admin changes templates.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Body', exact: true })).toHaveAttribute('readonly', '');
  await screenshot(page, 'templates-read-only');
});
