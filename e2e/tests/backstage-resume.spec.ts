// /backstage/newapplication?resume (spec §2): a CUST_FLOW step assigned to the current user resumes the
// customer flow inside the shell, with the staff session (user/save_or_update); a user the task is not
// assigned to is refused by the server, not just hidden. The officer's own copy of the seed's customer-flow
// home loan is such a task of 'officer', stopped at Personal Details → About you.
import type { FlowApplication } from '@originate/contract';
import { apiPath } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiLogin } from '../support/api';
import { copyApplication, FLOW_DEMO_APPLICATION } from '../support/data';
import { headerLogoff, screenshot, signIn } from '../support/ui';

let resumable = '';

test.beforeAll(async () => {
  resumable = await copyApplication(await apiLogin('officer', 'Officer@123'), FLOW_DEMO_APPLICATION);
});

test('the assigned officer resumes the applicant flow where it stopped and saves through the staff route', async ({
  page,
}) => {
  const officer = await apiLogin('officer', 'Officer@123');
  const before = await apiGet<FlowApplication>(officer, apiPath('application', { applicationId: resumable }));
  await signIn(page, 'officer', 'Officer@123', { at: `/backstage/newapplication?resume=${resumable}` });
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  // Inside the back-office layout: the shell's header and menu stay, the portal adds no frame of its own.
  await expect(headerLogoff(page)).toBeVisible();
  await expect(page.getByText('Apply online')).toHaveCount(0);
  const name = page.getByRole('textbox', { name: 'Full name' });
  await expect(name).toHaveValue(String(before.customFields.full_name));
  await screenshot(page, 'backstage-resume');

  await name.fill('Ananya R Kulkarni');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(apiPath('userSaveOrUpdate')) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);

  const stored = await apiGet<FlowApplication>(officer, apiPath('application', { applicationId: resumable }));
  expect(stored.customFields.full_name).toBe('Ananya R Kulkarni');
  expect(stored.mode).toBe('DRAFT');
});

test('a user the task is not assigned to cannot open it', async ({ page }) => {
  // Staff of another team.
  await signIn(page, 'developer', 'Developer@123', { at: `/backstage/newapplication?resume=${resumable}` });
  await expect(page.getByText('You do not have access to this application')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveCount(0);
});
