// The application detail's Credit panel against the real server and its built-in vendor sandboxes: an officer
// opens a home loan (their own copy of a seeded one), fetches the applicant's bureau report and the bank-statement
// analysis, sees the obligations and FOIR they imply, and runs the credit decision, whose outcome and reasons the
// panel shows as the server decided them.
import { apiPath, type BureauAnswer, type DecisionAnswer } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiGet, apiLogin } from '../support/api';
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
  const kept = await apiGet<{ bureau: Pick<BureauAnswer, 'report'>; affordability: BureauAnswer['affordability'] }>(
    officer,
    apiPath('applicationIntegrations', { applicationId }),
  );
  await expect(score).toHaveText(String(kept.bureau.report.score));
  await expect(credit.getByTestId('credit-obligations')).toContainText('a month');
  const foir = kept.affordability.foirPercent;
  expect(foir).toMatch(/^\d+\.\d{2}$/);
  await expect(credit.getByTestId('credit-foir')).toHaveText(`${foir}%`);

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
