// The application detail (/backstage/application) against the real server: the officer edits a
// field of the form and finds it in the field history, adds a note and a document, raises a query, and
// completing the step is refused with QUERIES_PENDING; a first-level approver approves in the Approvals tab; a user
// without APPLICATIONS_ACTIONS has no Actions tab and a direct call changes nothing.
// The officer works on their own copy of the seed's customer-flow home loan (its task In Progress with them);
// the approver's seeded application is only read.
import { API_PATHS, apiPath, type TaskConfigs, type TaskConfigsAnswer } from '@originate/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost, HttpError } from '../support/api';
import { copyApplication, FLOW_DEMO_APPLICATION } from '../support/data';
import { pngFile } from '../support/portal';
import { type Credentials, detailTab, detailUrl, openDetailTab, openPage, screenshot } from '../support/ui';

const PNG_BYTES = pngFile('scan.png').buffer;

const dialog = (page: Page) => page.getByRole('dialog');

async function openDetail(page: Page, id: string, signInAs?: Credentials): Promise<void> {
  await openPage(page, detailUrl(id), signInAs);
  await expect(page.getByRole('heading', { name: `Application ${id}` })).toBeVisible();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('the officer edits, documents and queries an application; completion waits for the query; the first approval level approves', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const application = await copyApplication(await apiLogin('officer', 'Officer@123'), FLOW_DEMO_APPLICATION);
  await openDetail(page, application, ['officer', 'Officer@123']);
  await expect(page.getByTestId('header-Assignee')).toHaveText('Rahul Verma (you)');
  await expect(page.getByTestId('header-Product')).toContainText('(HL)');
  for (const name of ['Worklogs', 'Queries', 'Docs', 'Notes', 'Approvals', 'Tasks', 'Save', 'Actions', 'Close']) {
    await expect(detailTab(page, name)).toBeVisible();
  }

  // The form, editable in the Save tab: a changed field shows in the field history.
  await expect(detailTab(page, 'Save')).toHaveAttribute('aria-selected', 'true');
  const fullName = page.getByRole('textbox', { name: 'Full name' });
  await expect(fullName).toBeEditable();
  await fullName.fill('Ananya S Kulkarni');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(API_PATHS.userSaveOrUpdate) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.getByRole('button', { name: 'Field history' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  const change = changes.getByRole('row').filter({ hasText: '→ Ananya S Kulkarni' });
  // The flow's label, the key beside it.
  await expect(change.getByRole('cell').first()).toHaveText(/^Full name\s*full_name$/);
  // One field's history (getAudits with fieldKey): only its rows; the picker lists fields by label.
  await page.getByRole('combobox', { name: 'Field' }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /^Full name/ })
    .click();
  await expect(changes.getByRole('row').filter({ hasText: 'marital_status' })).toHaveCount(0);
  await expect(change).toContainText('Kulkarni →');
  await expect(change).toContainText('Rahul Verma');
  await expect(change).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await screenshot(page, 'applications-detail-history');
  await page.getByRole('button', { name: 'Close history' }).click();

  // A note.
  await openDetailTab(page, 'Notes');
  await page.getByRole('textbox', { name: 'New note' }).fill('Called the applicant: salary slips follow by e-mail.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('salary slips follow by e-mail');

  // A document: a file over the type limits is refused before upload; a PNG goes up.
  await openDetailTab(page, 'Docs');
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'ID document (required)' }).click();
  const file = page.getByLabel('Document file');
  await file.setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'tool.exe: Only these file types are allowed' }),
  ).toBeVisible();
  await file.setInputFiles({ name: 'pan-card.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(page.getByRole('table', { name: 'Documents' })).toContainText('pan-card.png');

  // A query; completing the step is then refused with QUERIES_PENDING, saying what to do.
  await openDetailTab(page, 'Queries');
  await page.getByRole('button', { name: 'Raise query' }).click();
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill('Income proof');
  await dialog(page).getByRole('textbox', { name: 'Description' }).fill('Upload the last three salary slips.');
  // The recipient by name: the bank has many staff, the server searches what is typed.
  await dialog(page).getByRole('combobox', { name: 'Raise to (empty: the task team)' }).fill('priya sh');
  await page.getByRole('option', { name: /^Priya Sharma · teamlead / }).click();
  await dialog(page).getByRole('button', { name: 'Raise query' }).click();
  await expect(page.getByTestId('query').filter({ hasText: 'Income proof' })).toContainText('OPEN');
  await expect(page.getByTestId('query').filter({ hasText: 'Income proof' })).toContainText('to Priya Sharma');

  await openDetailTab(page, 'Close');
  await page.getByRole('button', { name: 'Complete step' }).click();
  await dialog(page).getByRole('button', { name: 'Complete step' }).click();
  const problem = page.getByTestId('completion-problem');
  await expect(problem).toContainText('QUERIES_PENDING');
  await expect(problem).toContainText('Queries tab');
  await screenshot(page, 'applications-detail-queries-pending');

  // An approval, asked of a first-level approver of the home loan's matrix (a branch credit manager), who
  // approves it in the Approvals tab; above that level's limit it goes up to the next level.
  await openDetailTab(page, 'Approvals');
  await page.getByRole('button', { name: 'Request approval' }).click();
  // The approver is picked by name among the users the server would accept (MUI Autocomplete, server search).
  const approverPicker = dialog(page).getByRole('combobox', { name: 'Approver' });
  await approverPicker.fill('priya');
  const priya = page.getByRole('option', { name: /^Priya Sharma · teamlead / });
  await expect(priya).toBeVisible();
  // Only matches: every option names a Priya.
  for (const name of await page.getByRole('listbox').getByRole('option').allInnerTexts())
    expect(name).toMatch(/priya/i);
  await screenshot(page, 'applications-detail-approver-picker');
  await priya.click();
  await expect(approverPicker).toHaveValue('Priya Sharma (teamlead)');
  await dialog(page).getByRole('textbox', { name: 'Reason' }).fill('Loan above the branch limit');
  await dialog(page).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('approval').filter({ hasText: 'Loan above the branch limit' })).toContainText(
    'PENDING',
  );
  // Only the approver acts: the officer has no decision buttons.
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  const lead = await newPage(browser);
  await openDetail(lead, application, ['teamlead', 'Lead@123']);
  await openDetailTab(lead, 'Approvals');
  const pending = lead.getByTestId('approval').filter({ hasText: 'Loan above the branch limit' });
  await pending.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog(lead).getByRole('textbox', { name: 'Comment' }).fill('Documents in order');
  await dialog(lead).getByRole('button', { name: 'Approve', exact: true }).click();
  // 45 lakh is above the branch's 5 lakh: approved there, it waits at level 2.
  await expect(pending.getByTestId('approval-level')).toContainText('Level 2 of 3');
  await expect(pending.getByRole('list', { name: 'Decisions' })).toContainText('Priya Sharma approved → level 2');
  await screenshot(lead, 'applications-detail-approved');
  await lead.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await openDetail(page, application);
  await screenshot(page, 'applications-detail-390');
});

test('a user without APPLICATIONS_ACTIONS sees no Actions tab, and calling an action directly changes nothing', async ({
  page,
}) => {
  const approver = await apiLogin('approver', 'Approver@123');
  // A seeded application whose open task is the approver's own (the Sanction step), so only the permission is missing.
  let found: { id: string; configs: TaskConfigs } | null = null;
  for (let n = 101; n < 140 && !found; n++) {
    for (const product of ['PL', 'HL', 'CL']) {
      const id = `${product}-2026-${String(n).padStart(6, '0')}`;
      try {
        const configs = await apiGet<TaskConfigsAnswer>(approver, `${API_PATHS.taskConfigs}?application_id=${id}`);
        if (configs.assigned && configs.status === 'ACTIVE' && configs.task) {
          found = { id, configs };
          break;
        }
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      }
    }
  }
  expect(found, 'a seeded application assigned to the approver').not.toBeNull();
  const { id, configs } = found as { id: string; configs: TaskConfigs };
  expect(configs.tabs).not.toContain('Actions');

  await openDetail(page, id, ['approver', 'Approver@123']);
  await expect(detailTab(page, 'Close')).toBeVisible();
  await expect(detailTab(page, 'Actions')).toHaveCount(0);
  await screenshot(page, 'applications-detail-no-actions');

  const taskId = (configs.task as { taskId: string }).taskId;
  const refused = await apiPost(approver, apiPath('applicationAction', { action: 'inactivate' }), {
    application_id: id,
    taskId,
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);
  const after = await apiGet<TaskConfigsAnswer>(approver, `${API_PATHS.taskConfigs}?application_id=${id}`);
  expect(after.status).toBe('ACTIVE');
});
