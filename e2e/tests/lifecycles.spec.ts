// Settings → Lifecycles against the real server: the operations admin adds a step to the personal loan's
// lifecycle (checked as typed, the changes shown before saving) and saves a new version; an application
// started after it walks the new step while one started before walks the old steps. Staff without the right
// read the lifecycle without a way to change it. The personal loan's lifecycle is put back (as a further
// version equal to the one found) in finally: every new personal loan of other specs follows it, so this
// spec runs alone (support/order.ts).
import { API_PATHS, apiPath, type Lifecycle, type LoginResponse, type TaskConfigsAnswer } from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { copyApplication } from '../support/data';
import { screenshot, signIn } from '../support/ui';

const PRODUCT = 'PL';
/** A seeded personal loan of the officer's that both applications are copies of (a copy starts on the latest lifecycle). */
const SOURCE = 'PL-2026-000131';
const NEW_STEP = 'Fraud Check';

const lifecyclePath = apiPath('setupConfig', { type: 'Workflow', name: PRODUCT });

async function openTask(admin: LoginResponse, applicationId: string) {
  const { task, status } = await apiGet<TaskConfigsAnswer>(
    admin,
    `${API_PATHS.taskConfigs}?application_id=${applicationId}`,
  );
  return { task, status };
}

/**
 * The steps an application walks, the operations admin taking and completing each one, up to the step
 * named (not completed) or the end.
 */
async function stepsWalked(admin: LoginResponse, applicationId: string, until: string): Promise<string[]> {
  const walked: string[] = [];
  for (let n = 0; n < 10; n++) {
    const { task, status } = await openTask(admin, applicationId);
    if (!task) throw new Error(`${applicationId} has no open task (it is ${status}) after ${walked.join(', ')}`);
    walked.push(task.stepName);
    if (task.stepName === until) return walked;
    if (task.assignedTo !== admin.user.userid) {
      await apiPost(admin, apiPath('applicationAction', { action: task.assignedTo ? 'reassign' : 'assign' }), {
        application_id: applicationId,
        taskId: task.taskId,
        assignTo: admin.user.userid,
      });
    }
    await apiPost(admin, API_PATHS.completeUserStep, { application_id: applicationId, taskId: task.taskId });
  }
  throw new Error(`${applicationId} did not reach ${until}: ${walked.join(', ')}`);
}

async function openLifecycle(page: Page, productLabel: string): Promise<void> {
  // Signed in at /settings already: no second load of the page.
  if (new URL(page.url()).pathname !== '/settings') await page.goto('/settings');
  await page.getByRole('link', { name: 'Lifecycles' }).click();
  await expect(page.getByRole('heading', { name: 'Lifecycles' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: productLabel }).click();
  await expect(page.getByTestId('lifecycle-step').first()).toBeVisible();
}

test('the operations admin adds a step to the personal loan; new applications walk it, older ones the old steps', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const officer = await apiLogin('officer', 'Officer@123');
  const original = await apiGet<Lifecycle>(admin, lifecyclePath);
  const oldSteps = original.steps.map((s) => s.stepName);
  expect(oldSteps).toContain('Document Verification');
  expect(oldSteps).not.toContain(NEW_STEP);
  const older = await copyApplication(officer, SOURCE);
  try {
    await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings' });
    await openLifecycle(page, 'Personal Loan (PL)');
    await expect(page.getByTestId('lifecycle-step')).toHaveCount(oldSteps.length);
    await expect(page.getByText(`Version ${original.verNum}`, { exact: false }).first()).toBeVisible();
    await screenshot(page, 'lifecycles-editor');

    // A step after Document Verification, named; its one task follows the name.
    await page.getByRole('button', { name: "Add a step after 'Document Verification'" }).click();
    const position = oldSteps.indexOf('Document Verification') + 2;
    const step = page.getByRole('region', { name: /^Step \d+: New step$/ });
    await expect(step).toBeVisible();
    await page.getByRole('textbox', { name: `Name of step ${position}` }).fill(NEW_STEP);
    const added = page.getByRole('region', { name: `Step ${position}: ${NEW_STEP}` });
    const task = `task '${NEW_STEP}' of step '${NEW_STEP}'`;
    await expect(added.getByRole('textbox', { name: `Name of ${task}` })).toHaveValue(NEW_STEP);

    // Checked as typed: minutes that are no number, and a task nobody works, each named beside its field.
    const save = page.getByRole('button', { name: 'Save…' });
    await added.getByRole('textbox', { name: `Queued (min) of ${task}` }).fill('half an hour');
    await expect(added.getByText('must be whole minutes (or empty for no limit)')).toBeVisible();
    await expect(save).toBeDisabled();
    await added.getByRole('textbox', { name: `Queued (min) of ${task}` }).fill('30');
    await added.getByRole('checkbox', { name: 'Branch team' }).uncheck();
    await expect(added.getByText(`Step '${NEW_STEP}', task '${NEW_STEP}': nobody can work it`)).toBeVisible();
    await expect(page.getByTestId('lifecycle-status')).toHaveText('1 problem to fix before saving');
    await expect(save).toBeDisabled();
    await added.scrollIntoViewIfNeeded();
    await screenshot(page, 'lifecycles-editor-problem', { fullPage: false });
    // A department, picked by name.
    await added.getByRole('combobox', { name: 'Departments' }).click();
    await page.getByRole('option', { name: 'Loan Operations' }).click();
    await expect(added.getByText('nobody can work it')).toHaveCount(0);
    await expect(page.getByTestId('lifecycle-status')).toHaveText(/changes? not saved$/);

    // Save shows what changed against the version opened, then saves a new version.
    await save.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Save the PL lifecycle as a new version?');
    await expect(dialog).toContainText(`Changes against version ${original.verNum}`);
    await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText(
      `Step '${NEW_STEP}' added after 'Document Verification'`,
    );
    await screenshot(page, 'lifecycles-save-diff', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save new version' }).click();
    await expect(page.getByTestId('lifecycle-saved')).toContainText(
      `Version ${original.verNum + 1} of the PL lifecycle saved`,
    );
    await expect(page.getByRole('region', { name: `Step ${position}: ${NEW_STEP}` })).toBeVisible();
    await expect(page.getByText(`Version ${original.verNum + 1}`, { exact: false }).first()).toBeVisible();

    const stored = await apiGet<Lifecycle>(admin, lifecyclePath);
    expect(stored.verNum).toBe(original.verNum + 1);
    expect(stored.steps.map((s) => s.stepName)).toEqual([
      ...oldSteps.slice(0, position - 1),
      NEW_STEP,
      ...oldSteps.slice(position - 1),
    ]);
    expect(stored.steps[position - 1]?.tasks[0]).toMatchObject({
      taskName: NEW_STEP,
      workedBy: { branchTeam: false, departments: ['TEAM-OPERATIONS'] },
      sla: { queuedMins: 30 },
    });

    // The application started before walks the version it started with; one started now, the new step.
    const newer = await copyApplication(officer, SOURCE);
    const last = oldSteps[oldSteps.length - 1] as string;
    expect(await stepsWalked(admin, older, last)).toEqual(oldSteps);
    expect(await stepsWalked(admin, newer, last)).toEqual(stored.steps.map((s) => s.stepName));
  } finally {
    const latest = await apiGet<Lifecycle>(admin, lifecyclePath);
    if (latest.verNum !== original.verNum) {
      const { updatedAt: _at, updatedBy: _by, ...body } = original;
      await apiPost(admin, lifecyclePath, { ...body, verNum: latest.verNum });
    }
  }
});

test('staff who are no operations admin read a lifecycle and cannot change it', async ({ page }) => {
  await signIn(page, 'teamlead', 'Lead@123', { at: '/settings' });
  await openLifecycle(page, 'Home Loan (HL)');
  await expect(page.getByText('Read only: only an operations admin changes lifecycles.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add a step/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name of step 1' })).toHaveAttribute('readonly', '');
  await screenshot(page, 'lifecycles-read-only');
});
