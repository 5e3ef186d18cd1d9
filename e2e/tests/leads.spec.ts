// Leads (mfe-leads README): an applicant asks the portal for a call back about a personal loan; the team
// lead, with Team Leads open, sees it arrive live and assigns it to the officer; the officer logs the call,
// qualifies the lead and converts it, lands in the customer flow inside the back office with what the lead
// knew filled in, completes and submits it, and finds the application in My Internal, linked to the lead
// both ways. A user without a lead role sees no Leads menu, and the server refuses them.
import {
  API_PATHS,
  apiPath,
  type CallbackRequestAnswer,
  type FlowApplication,
  type LeadDetailAnswer,
} from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, apiLogin, apiPost, HttpError } from '../support/api';
import { button, ORIGINS, personalLoanToSummary, stepHeading } from '../support/portal';
import { menuItem, screenshot, signIn } from '../support/ui';

const rows = (page: Page) => page.getByRole('grid').locator('.MuiDataGrid-row');

async function openMenu(page: Page, group: string, label: string): Promise<void> {
  const item = menuItem(page, label);
  if (!(await item.isVisible())) await menuItem(page, group).click();
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** Tomorrow at 11:00 in the browser's time, as the datetime-local input takes it. */
function tomorrowAtEleven(): string {
  const at = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T11:00`;
}

test('a web callback reaches Team Leads live, is assigned, qualified and converted into an application the officer submits', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A mobile number of its own per run, so the per-number limit never carries over between runs.
  const mobile = `98${String(Date.now()).slice(-8)}`;
  const name = 'Nikhil Joshi';

  const leadContext = await browser.newContext();
  const officerContext = await browser.newContext();
  const applicantContext = await browser.newContext();
  try {
    // The team lead watches Team Leads.
    const lead = await leadContext.newPage();
    await signIn(lead, 'teamlead', 'Lead@123');
    await openMenu(lead, 'Leads', 'Team Leads');

    // The applicant, on the standalone portal, without an account.
    const applicant = await applicantContext.newPage();
    await applicant.goto(`${ORIGINS.standalone}/newapplication`);
    await applicant.getByRole('button', { name: 'Request a call back about Personal Loan' }).click();
    const dialog = applicant.getByRole('dialog', { name: /Request a call back/ });
    await button(dialog, 'Request call back').click();
    await expect(dialog.getByText('Your name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    await dialog.getByLabel('Preferred time').fill(tomorrowAtEleven());
    await dialog.getByRole('checkbox', { name: /I agree to be called/ }).check();
    const requested = applicant.waitForResponse((r) => r.url().endsWith(API_PATHS.requestForCallback));
    await button(dialog, 'Request call back').click();
    const answer = await requested;
    expect(answer.status()).toBe(200);
    const { reference: leadId } = (await answer.json()) as CallbackRequestAnswer;
    await expect(dialog.getByText(`Your reference is ${leadId}`)).toBeVisible();
    await screenshot(applicant, 'leads-callback-requested');

    // Live: the row appears in the team lead's open list without a reload.
    const row = rows(lead).filter({ hasText: leadId });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row).toContainText('Web callback');
    await expect(row).toContainText('Unassigned');
    await screenshot(lead, 'leads-team-leads-live');
    await row.click();
    await expect(lead.getByRole('heading', { level: 1, name })).toBeVisible();
    await lead.getByRole('toolbar', { name: 'Lead actions' }).getByRole('button', { name: 'Assign' }).click();
    const assign = lead.getByRole('dialog', { name: 'Assign' });
    await assign.getByRole('combobox', { name: 'Team member' }).click();
    await lead.getByRole('option', { name: /Rahul Verma/ }).click();
    await button(assign, 'Assign').click();
    await expect(lead.getByText('Assigned to Rahul Verma')).toBeVisible();
    await screenshot(lead, 'leads-assigned');

    // The officer works it from My Leads.
    const officer = await officerContext.newPage();
    await signIn(officer, 'officer', 'Officer@123');
    await openMenu(officer, 'Leads', 'My Leads');
    await officer.getByRole('searchbox', { name: 'Search this list' }).fill(mobile);
    await rows(officer).filter({ hasText: leadId }).click();
    const actions = officer.getByRole('toolbar', { name: 'Lead actions' });
    await actions.getByRole('button', { name: 'Log call' }).click();
    const call = officer.getByRole('dialog', { name: 'Log call' });
    await call.getByRole('combobox', { name: 'Outcome' }).click();
    await officer.getByRole('option', { name: 'Connected' }).click();
    await call.getByRole('textbox', { name: 'Comment' }).fill('Wants ₹3,00,000 for a medical expense.');
    await button(call, 'Log call').click();
    await expect(officer.getByText('Status New → Contacted')).toBeVisible();
    await actions.getByRole('button', { name: 'Qualify' }).click();
    await button(officer.getByRole('dialog', { name: 'Qualify' }), 'Qualify').click();
    await expect(officer.getByText('Status Contacted → Qualified')).toBeVisible();
    await screenshot(officer, 'leads-qualified');

    await actions.getByRole('button', { name: 'Convert to application' }).click();
    const converted = officer.waitForResponse((r) => r.url().endsWith(API_PATHS.leadConvert));
    await button(officer.getByRole('dialog', { name: 'Convert to application' }), 'Convert to application').click();
    const detail = (await (await converted).json()) as LeadDetailAnswer;
    const applicationId = detail.lead.application_id;
    expect(applicationId).toMatch(/^PL-\d{4}-\d{6}$/);

    // The customer flow in staff mode, with what the lead knew filled in.
    await expect(officer).toHaveURL(new RegExp(`/backstage/newapplication\\?resume=${applicationId}$`));
    await expect(stepHeading(officer, 'Customer type')).toBeVisible();
    await expect(officer.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue(name);
    await expect(officer.getByRole('textbox', { name: 'Mobile number', exact: true })).toHaveValue(mobile);
    await screenshot(officer, 'leads-converted-flow');
    await officer.getByRole('radio', { name: 'No, I am new' }).check();
    await button(officer, 'Next').click();
    await expect(stepHeading(officer, 'Identity (KYC)')).toBeVisible();
    await personalLoanToSummary(officer);
    await button(officer, 'Submit').click();
    await expect(officer.getByRole('heading', { name: 'Application submitted' })).toBeVisible();

    // My Internal holds it; both details link to the other.
    await openMenu(officer, 'Internal', 'My Internal');
    await officer.getByRole('searchbox', { name: 'Search this list' }).fill(String(applicationId));
    await expect(rows(officer).filter({ hasText: String(applicationId) })).toHaveCount(1);
    const session = await apiLogin('officer', 'Officer@123');
    const stored = await apiGet<FlowApplication & { source_id?: string; lead_id?: string }>(
      session,
      apiPath('application', { applicationId: String(applicationId) }),
    );
    expect(stored.source_id).toBe('BRANCH');
    expect(stored.lead_id).toBe(leadId);
    expect(stored.mode).toBe('SAVED');
    const leadLink = officer.getByRole('link', { name: leadId });
    // At a CI run's load the list can re-render under the click (its counts arrive after the rows), and the click
    // lands on a row that is being replaced: clicked again until the detail shows, as a user would.
    await expect(async () => {
      if (!(await leadLink.isVisible())) {
        await rows(officer)
          .filter({ hasText: String(applicationId) })
          .click({ timeout: 10_000 });
      }
      await expect(leadLink).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await screenshot(officer, 'leads-application-links-lead');
    await leadLink.click();
    await expect(officer.getByText(`Converted to application ${applicationId}`)).toBeVisible();
    await screenshot(officer, 'leads-lead-links-application');
  } finally {
    await Promise.all([leadContext.close(), officerContext.close(), applicantContext.close()]);
  }
});

test('the officer records a walk-in home loan lead with its PMAY form; an ineligible house is refused, naming the field', async ({
  page,
}) => {
  await signIn(page, 'officer', 'Officer@123');
  await openMenu(page, 'Leads', 'Create Lead');
  const form = page.getByRole('form', { name: 'Create lead' });
  await form.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: 'Home Loan' }).click();
  await form.getByRole('textbox', { name: 'First name' }).fill('Sunita');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Pawar');
  await form.getByRole('textbox', { name: 'Mobile' }).fill('9833344455');
  await form.getByRole('textbox', { name: 'Loan amount asked for (₹)' }).fill('2800000');
  const choose = async (label: string, option: string) => {
    await form.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose('Loan purpose', 'Purchase of a new house');
  await choose('Gender of the applicant', 'Female');
  for (const [prefix, line1, city, pin] of [
    ['Current address', '4 Linking Road', 'Mumbai', '400050'],
    ['Address of the property', 'Flat 12, Sai Heights', 'Thane', '400601'],
  ] as const) {
    const group = form.getByText(prefix, { exact: true }).locator('..');
    await group.getByRole('textbox', { name: 'Address line 1' }).fill(line1);
    await group.getByRole('textbox', { name: 'City' }).fill(city);
    await group.getByRole('textbox', { name: 'State' }).fill('Maharashtra');
    await group.getByRole('textbox', { name: 'PIN code' }).fill(pin);
  }
  await choose('Property type', 'Flat');
  await form.getByRole('textbox', { name: 'Carpet area (m²)' }).fill('75');
  await form.getByRole('textbox', { name: 'Estimated cost (₹)' }).fill('3200000');
  await choose('A woman of the family owns or co-owns it', 'Yes');
  await form.getByRole('textbox', { name: 'Annual household income (₹)' }).fill('550000');
  await form.getByRole('textbox', { name: 'Family members' }).fill('4');
  await choose('The family owns a pucca house', 'No');
  await choose('The family had central housing assistance', 'No');
  await expect(form.getByText('Income category LIG')).toBeVisible();
  await button(form, 'Create lead').click();
  await expect(form.getByText('Carpet area (m²) is above 60 m², the LIG limit')).toBeVisible();
  await screenshot(page, 'leads-create-pmay-refused');
  await form.getByRole('textbox', { name: 'Carpet area (m²)' }).fill('55');
  const created = page.waitForResponse((r) => r.url().endsWith(API_PATHS.createLead));
  await button(form, 'Create lead').click();
  expect((await created).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunita Pawar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'PMAY · LIG' })).toBeVisible();
  await expect(page.getByText('Walk-in')).toBeVisible();
  await screenshot(page, 'leads-created-pmay');
});

test('a user without a lead role sees no Leads menu, and the lead routes refuse them', async ({ page }) => {
  await signIn(page, 'approver', 'Approver@123');
  await expect(menuItem(page, 'Leads')).toHaveCount(0);
  await expect(menuItem(page, 'My Leads')).toHaveCount(0);
  await screenshot(page, 'leads-approver-menu');
  const approver = await apiLogin('approver', 'Approver@123');
  for (const [path, body] of [
    [API_PATHS.leads, { list: 'TEAM_LEADS', page: { page: 0, size: 10 } }],
    [
      API_PATHS.createLead,
      {
        product_code: 'PL',
        source: 'WALK_IN',
        prospect: { firstName: 'Asha', lastName: 'Rao', mobile: '9811122233' },
      },
    ],
  ] as const) {
    const refusal = await apiPost(approver, path, body).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(403);
  }
});
