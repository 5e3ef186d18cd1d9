// Field access (spec §5/§6; contract README "Field access") in the application detail against the real
// server: the seeded home loan lets only BCM/BH change the loan amount and only the Credit Approvals
// department the interest rate. The officer sees both read only while the rest of the form is editable,
// and saves it; a direct save changing the rate is refused (403) and changes nothing; the approver, in
// that department, edits the rate of an application assigned to them. Each works on a copy of a seeded
// home loan of their own (the approver's made by the operations admin, who walks it to Sanction for them).
import {
  API_PATHS,
  apiPath,
  encryptPayload,
  type FlowApplication,
  formatCurrency,
  type LoginResponse,
  type SaveApplicationBody,
  type TaskConfigsAnswer,
} from '@originate/contract';
import { loanCost } from '@originate/contract/templates';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost, HttpError } from '../support/api';
import { approversApplication, copyApplication } from '../support/data';
import { type Credentials, detailUrl, openPage, screenshot } from '../support/ui';

const configsOf = (session: LoginResponse, id: string) =>
  apiGet<TaskConfigsAnswer>(session, `${API_PATHS.taskConfigs}?application_id=${id}`);

const stored = (session: LoginResponse, id: string) =>
  apiGet<FlowApplication>(session, apiPath('application', { applicationId: id }));

async function openForm(page: Page, id: string, signInAs: Credentials): Promise<void> {
  await openPage(page, detailUrl(id), signInAs);
  await expect(page.getByRole('heading', { name: `Application ${id}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Save', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Loan details' })).toBeVisible();
}

const saveResponse = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith(API_PATHS.userSaveOrUpdate) && r.request().method() === 'POST');

test('the officer reads the controlled fields, edits the rest; a direct save of the rate is refused', async ({
  page,
}) => {
  const officer = await apiLogin('officer', 'Officer@123');
  const id = await copyApplication(officer, 'HL-2026-000108');
  const configs = await configsOf(officer, id);
  expect(configs.assigned && configs.tabs.includes('Save')).toBe(true);
  const before = await stored(officer, id);

  await openForm(page, id, ['officer', 'Officer@123']);
  const amount = page.getByRole('textbox', { name: 'Loan amount' });
  const rate = page.getByRole('textbox', { name: 'Expected interest rate (%)' });
  await expect(amount).toBeDisabled();
  await expect(rate).toBeDisabled();
  await expect(rate).toHaveValue(String(before.customFields.interest_rate));
  // The rest of the form stays the officer's to edit; the loan's one EMI is the calculator's, on the terms shown.
  const tenure = page.getByRole('slider', { name: 'Tenure (years)' });
  await expect(tenure).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Loan purpose' })).toBeEnabled();
  const emi = page.getByRole('region', { name: 'Your EMI and repayment schedule' }).getByTestId('emi');
  const emiOver = (years: number) =>
    `${formatCurrency(
      Number(
        loanCost({
          amount: Number(before.customFields.loan_amount),
          annualRatePercent: Number(before.customFields.interest_rate),
          tenureMonths: years * 12,
        }).emi,
      ),
    )} a month`;
  const years = Number(before.customFields.tenure_years);
  await expect(emi).toHaveText(emiOver(years));
  await screenshot(page, 'applications-field-access-officer');

  // Saving the form as shown (the read-only fields sent back untouched) is accepted: the tenure a year
  // longer (shorter at the slider's end), the EMI following it.
  const changed = years < 30 ? years + 1 : years - 1;
  await tenure.focus();
  await tenure.press(years < 30 ? 'ArrowRight' : 'ArrowLeft');
  await expect(emi).toHaveText(emiOver(changed));
  const saved = saveResponse(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  const afterUi = await stored(officer, id);
  expect(Number(afterUi.customFields.tenure_years)).toBe(changed);
  expect(afterUi.customFields.interest_rate).toBe(before.customFields.interest_rate);

  // Around the form: a direct save changing the rate is refused, naming the field, and changes nothing.
  const body: SaveApplicationBody = {
    application_id: id,
    flowId: afterUi.flowId,
    verNum: afterUi.verNum,
    mode: 'DRAFT',
    section_id: 'hl_loan',
    sub_section_id: 'hl_loan_details',
    singleORjoint: afterUi.singleORjoint,
    existing_or_new_customer: afterUi.existing_or_new_customer,
    customFields: { ...afterUi.customFields, interest_rate: '6.05' },
    jointApplicants: afterUi.jointApplicants ?? [],
    progress: afterUi.progress ?? [],
    _deviceType: 'DESKTOP',
  };
  const refused = await apiPost(officer, API_PATHS.userSaveOrUpdate, {
    data: await encryptPayload(body, officer.access_token),
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(403);
  expect(JSON.stringify((refused as HttpError).body)).toContain("'Expected interest rate (%)' (interest_rate)");
  const afterApi = await stored(officer, id);
  expect(afterApi.customFields).toEqual(afterUi.customFields);
  expect(afterApi.mod_time).toBe(afterUi.mod_time);
});

test('the approver, in Credit Approvals, edits the rate of an application assigned to them', async ({ page }) => {
  const approver = await apiLogin('approver', 'Approver@123');
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const id = await approversApplication(admin, approver, 'HL-2026-000111');

  await openForm(page, id, ['approver', 'Approver@123']);
  const rate = page.getByRole('textbox', { name: 'Expected interest rate (%)' });
  await expect(rate).toBeEditable();
  await expect(page.getByRole('textbox', { name: 'Loan amount' })).toBeEditable();
  await rate.fill('9.15');
  const saved = saveResponse(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  expect((await stored(approver, id)).customFields.interest_rate).toBe('9.15');

  await page.getByRole('button', { name: 'Field history' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: '→ 9.15' })).toContainText('interest_rate');
  await expect(changes.getByRole('row').filter({ hasText: '→ 9.15' })).toContainText('Vikram Nair');
  await screenshot(page, 'applications-field-access-approver');
});
