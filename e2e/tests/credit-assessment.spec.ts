// The application detail's Credit panel against the real server and its built-in vendor sandboxes: an officer
// opens a home loan (their own copy of a seeded one), fetches the applicant's bureau report and the bank-statement
// analysis, sees the obligations and FOIR they imply, and runs the credit decision, whose outcome and reasons the
// panel shows as the server decided them. A vendor failure: the applicant's PAN is one the sandbox's bureau fails
// the first fetch of (mock-server README "Integrations"); the panel says what happened and what to do, and
// "Try again" brings the report.
import {
  API_PATHS,
  apiPath,
  type BureauAnswer,
  type CreditSummaryAnswer,
  type DecisionAnswer,
  encryptPayload,
  type FlowApplication,
  type LoginResponse,
  type SaveApplicationBody,
} from '@originate/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { copyApplication } from '../support/data';
import { detailUrl, screenshot, signIn } from '../support/ui';

test.use({ viewport: { width: 1280, height: 900 } });

test('an officer fetches the bureau report and the bank-statement analysis, and sees FOIR and the decision with its reasons', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, 'HL-2026-000108');
  await signIn(page, 'officer', 'Officer@123', { at: detailUrl(applicationId) });

  const credit = page.getByRole('region', { name: 'Credit', exact: true });
  await expect(credit.getByText('No bureau report yet.')).toBeVisible();

  await credit.getByRole('button', { name: 'Fetch bureau report' }).click();
  const score = credit.getByTestId('credit-score');
  await expect(score).toHaveText(/^[3-9][0-9]{2}$/);
  await expect(credit.getByRole('table', { name: 'Accounts on the bureau report' }).getByRole('row')).not.toHaveCount(
    1,
  );
  const kept = await apiGet<{ bureau: Pick<BureauAnswer, 'report'> }>(
    officer,
    apiPath('applicationIntegrations', { applicationId }),
  );
  await expect(score).toHaveText(String(kept.bureau.report.score));
  await expect(credit.getByTestId('credit-obligations')).toContainText('a month');
  // FOIR as the credit summary works it out, with the decision configuration's cap.
  const summary = await apiGet<CreditSummaryAnswer>(officer, apiPath('applicationCreditSummary', { applicationId }));
  const foir = summary.figures.find((f) => f.key === 'foirPercent');
  expect(foir?.value).toEqual(expect.any(Number));
  await expect(credit.getByTestId('credit-foirPercent-value')).toContainText(`${foir?.value?.toFixed(2)}%`);
  await expect(credit.getByTestId('credit-foirPercent')).toContainText(`cap ${foir?.cap?.percent}%`);

  await credit.getByRole('button', { name: 'Fetch bank-statement analysis' }).click();
  const months = credit.getByRole('table', { name: 'Monthly summary of the bank statement' });
  await expect(months.getByRole('row')).toHaveCount(7);
  await expect(credit.getByTestId('credit-salary')).toContainText('6 salary credits');

  await credit.getByRole('button', { name: 'Run credit decision' }).click();
  const outcome = credit.getByTestId('credit-outcome');
  await expect(outcome).toHaveText(/^(APPROVE|REFER|DECLINE)$/);
  const [decision] = (
    await apiGet<{ data: DecisionAnswer[] }>(officer, apiPath('applicationDecisions', { applicationId }))
  ).data;
  expect(decision).toBeDefined();
  await expect(outcome).toHaveText(decision?.outcome ?? '');
  if (decision?.reasons.length) {
    const reasons = credit.getByRole('list', { name: 'Reasons' }).getByRole('listitem');
    await expect(reasons).toHaveText(decision.reasons);
  } else {
    await expect(credit.getByText('Every rule passed.')).toBeVisible();
  }
  if (decision?.riskGrade) await expect(credit.getByText(`Risk grade ${decision.riskGrade}`)).toBeVisible();

  await credit.scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(page, 'credit panel');
  await screenshot(page, 'credit-assessment');
});

/** A PAN the sandbox's bureau fails the first fetch of with a 503 (its digits 9999), new to this run's server. */
function flakyPan(): string {
  const letters = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  return `${letters}PR9999K`;
}

/** The officer saves the applicant's PAN on their application, as the form's KYC step would. */
async function savePan(officer: LoginResponse, applicationId: string, pan: string): Promise<void> {
  const stored = await apiGet<FlowApplication>(officer, apiPath('application', { applicationId }));
  const body: SaveApplicationBody = {
    application_id: applicationId,
    flowId: stored.flowId,
    verNum: stored.verNum,
    mode: 'DRAFT',
    section_id: 'hl_personal',
    sub_section_id: 'hl_kyc',
    singleORjoint: stored.singleORjoint,
    existing_or_new_customer: stored.existing_or_new_customer,
    customFields: { ...stored.customFields, pan },
    jointApplicants: stored.jointApplicants ?? [],
    progress: stored.progress ?? [],
    _deviceType: 'DESKTOP',
  };
  await apiPost(officer, API_PATHS.userSaveOrUpdate, { data: await encryptPayload(body, officer.access_token) });
}

test('the bureau fails: the panel says so and what to do, and "Try again" brings the report', async ({ page }) => {
  test.setTimeout(120_000);
  const officer = await apiLogin('officer', 'Officer@123');
  const applicationId = await copyApplication(officer, 'HL-2026-000108');
  await savePan(officer, applicationId, flakyPan());
  await signIn(page, 'officer', 'Officer@123', { at: detailUrl(applicationId) });

  const credit = page.getByRole('region', { name: 'Credit', exact: true });
  await credit.getByRole('button', { name: 'Fetch bureau report' }).click();
  const failure = credit.getByRole('alert');
  await expect(failure).toHaveText(
    /The credit bureau answered with an error\. Nothing was saved; please try again\.\s*Try again$/,
    // The fetch's three attempts and their backoff, on a loaded machine.
    { timeout: 45_000 },
  );
  await expect(credit.getByText('No bureau report yet.')).toBeVisible();
  await expect(credit.getByTestId('credit-score')).toHaveCount(0);
  await failure.scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(page, 'credit panel, bureau failed');
  // The panel where the officer is (a full-page capture draws the fixed header over the middle of the page).
  await screenshot(page, 'credit-assessment-bureau-failed', { fullPage: false });

  await failure.getByRole('button', { name: 'Try again' }).click();
  const score = credit.getByTestId('credit-score');
  await expect(score).toHaveText(/^[3-9][0-9]{2}$/);
  await expect(failure).toHaveCount(0);
  const kept = await apiGet<{ bureau: Pick<BureauAnswer, 'report'>; calls: { kind: string; status: string }[] }>(
    officer,
    apiPath('applicationIntegrations', { applicationId }),
  );
  await expect(score).toHaveText(String(kept.bureau.report.score));
  // Newest first: the failed fetch audited, then the retry's report.
  expect(kept.calls.filter((c) => c.kind === 'bureau').map((c) => c.status)).toEqual(['OK', 'VENDOR_ERROR']);
  await score.scrollIntoViewIfNeeded();
  await screenshot(page, 'credit-assessment-bureau-retried', { fullPage: false });
});
