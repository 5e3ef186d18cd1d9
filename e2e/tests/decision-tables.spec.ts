// Settings → Decision tables against the real server: the operations admin changes the rate of the home loan's
// pricing row that prices a given applicant, saves the tables as a new version and sees it in the history; the
// next decision on that applicant's application is taken on the new version at the new rate; the version before
// opens from the history read only, saying what changed since. Then the admin adds an input column reading the
// applicant's age to the deviations table and a row testing it: the next decision fires that row when the age is
// in the row's range and not when it is not (the column is evaluated), and the column is removed again. The tables
// found are put back (as a further version equal to them) in finally, so other specs' home loans are priced as
// before.
import {
  apiPath,
  type BureauAnswer,
  type DecisionAnswer,
  type DecisionConfigAnswer,
  type LoginResponse,
} from '@originate/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { apiGet, apiLogin, apiPost } from '../support/api';
import { copyApplication } from '../support/data';
import { screenshot, signIn } from '../support/ui';

test.use({ viewport: { width: 1440, height: 900 } });

const PRODUCT = 'HL';
const decisionPath = apiPath('decisionConfig', { product: PRODUCT });
const decide = (who: LoginResponse, applicationId: string) =>
  apiGet<DecisionAnswer>(
    who,
    `${apiPath('decisionExecute', { product: PRODUCT, name: 'credit' })}?application_id=${applicationId}`,
  );

test('the operations admin changes a pricing rate, saves a new version, and the next decision uses it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const found = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
  // The applicant's own copy (the sandbox bureau scores this PAN in the 750s: band B), priced by the tables found:
  // which row fires, at what rate.
  const applicationId = await copyApplication(admin, 'HL-2026-000120');
  await apiPost<BureauAnswer>(admin, apiPath('bureauObligation', {}), { application_id: applicationId });
  const before = await decide(admin, applicationId);
  const fired = before.firedRows.find((row) => row.table === 'pricing');
  expect(fired, `the applicant is priced by a row of version ${found.verNum}`).toBeDefined();
  const row = (fired?.index ?? 0) + 1;
  const newRate = ((before.pricing?.annualRatePercent ?? 9) + 0.35).toFixed(2);

  try {
    await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings' });
    await page.getByRole('link', { name: 'Decision tables' }).click();
    await expect(page.getByRole('heading', { name: 'Decision tables' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: /\(HL\)$/ }).click();
    const rate = page.getByRole('textbox', { name: new RegExp(`^Row ${row} \\(${fired?.rowId}\\), Rate`) });
    await expect(rate).toHaveValue(String(before.pricing?.annualRatePercent));

    // A cell the engine would not read is named with its row and column, and stops the save.
    await rate.fill('9,5');
    await expect(
      page.getByText(`Row ${row} (${fired?.rowId}), Rate % a year: ',' at position 2 where the end should be`),
    ).toBeVisible();
    await expect(page.getByTestId('decision-status')).toHaveText('1 problem to fix before saving');
    await expect(page.getByRole('button', { name: 'Save…' })).toBeDisabled();
    await screenshot(page, 'decision-tables-problem');

    await rate.fill(newRate);
    await expect(page.getByTestId('decision-status')).toHaveText('Pricing: 1 row changed: not saved');
    await expectNoSeriousViolations(page, 'decision tables editor');
    await screenshot(page, 'decision-tables-editor');

    await page.getByRole('button', { name: 'Save…' }).click();
    const next = found.verNum + 1;
    const dialog = page.getByRole('dialog', { name: `Save the HL decision tables as version ${next}?` });
    await expect(dialog).toContainText(`Applications decided from now on use version ${next}`);
    await dialog.getByRole('button', { name: `Save as version ${next}` }).click();
    await expect(page.getByTestId('decision-saved')).toHaveText(
      `Version ${next} of the HL decision tables saved. Applications decided from now on use version ${next}.`,
    );
    const versions = page.getByTestId('decision-versions').getByRole('listitem');
    await expect(versions.first()).toContainText(`Version ${next}`);
    await expect(versions.first()).toContainText(`by ${admin.user.displayName}`);
    await expect(page.getByTestId('decision-status')).toHaveText('No changes');
    await page.getByRole('button', { name: 'Eligibility' }).click();
    await expect(page.getByRole('textbox', { name: 'Row 1 (no-bureau), Bureau report' })).toHaveValue('false');
    await screenshot(page, 'decision-tables-eligibility');

    // The version before, from the history: read only, with what changed since; then back to the one in use.
    await page.getByRole('button', { name: 'Pricing' }).click();
    await versions
      .filter({ hasText: new RegExp(`^Version ${found.verNum}(?!\\d)`) })
      .getByRole('button')
      .click();
    await expect(page.getByTestId('decision-older-version')).toContainText(
      `An older version, read only. Changed since, in version ${next} (in use): Pricing: 1 row changed.`,
    );
    await expect(page.getByText(`Read only: version ${found.verNum} is an older version.`)).toBeVisible();
    const oldRate = page.getByRole('textbox', { name: new RegExp(`^Row ${row} \\(${fired?.rowId}\\), Rate`) });
    await expect(oldRate).toHaveValue(String(before.pricing?.annualRatePercent));
    await expect(oldRate).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Save…' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'decision tables, an older version');
    await screenshot(page, 'decision-tables-older-version');
    await page.getByRole('button', { name: `Back to version ${next}` }).click();
    await expect(page.getByTestId('decision-older-version')).toHaveCount(0);
    await expect(rate).toHaveValue(newRate);

    const after = await decide(admin, applicationId);
    expect({ verNum: after.verNum, rate: after.pricing?.annualRatePercent }).toEqual({
      verNum: next,
      rate: Number(newRate),
    });
  } finally {
    const latest = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
    if (latest.verNum !== found.verNum) {
      await apiPost(admin, decisionPath, { name: 'credit', verNum: latest.verNum, document: found.document });
    }
  }
});

test('the operations admin adds an input column on the applicant’s age, a row tests it, and decisions go by it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const found = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
  const applicationId = await copyApplication(admin, 'HL-2026-000120');
  await apiPost<BureauAnswer>(admin, apiPath('bureauObligation', {}), { application_id: applicationId });
  const age = (await decide(admin, applicationId)).inputs.applicant.age;
  expect(age, 'the applicant’s age from the date of birth').not.toBeNull();
  const ageRowFired = async () =>
    (await decide(admin, applicationId)).firedRows.some((r) => r.table === 'deviations' && r.rowId === 'age-check');
  const status = page.getByTestId('decision-status');
  const saveVersion = async (verNum: number) => {
    await page.getByRole('button', { name: 'Save…' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Save as version ${verNum}` })
      .click();
    await expect(page.getByTestId('decision-saved')).toContainText(`Version ${verNum} of the HL decision tables saved`);
    await expect(status).toHaveText('No changes');
  };

  try {
    await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings' });
    await page.getByRole('link', { name: 'Decision tables' }).click();
    await page.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: /\(HL\)$/ }).click();
    await page.getByRole('button', { name: 'Deviations' }).click();
    await page.getByRole('button', { name: /^Columns of the Deviations table/ }).click();

    // The outputs are the decision's: renamed only.
    await expect(page.getByRole('textbox', { name: 'Output 3 reads' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Output 3 reads' })).toHaveValue('approvalLevel');
    await expect(page.getByRole('button', { name: /^Remove output 1 / })).toBeDisabled();

    const inputs = found.document.deviations.inputs.length;
    await page.getByRole('combobox', { name: 'New input reads' }).click();
    await page.getByRole('option', { name: /^Age.*applicant\.age$/ }).click();
    await expect(page.getByRole('textbox', { name: 'New input label' })).toHaveValue('Age');
    await page.getByRole('button', { name: 'Add input column' }).click();
    await expect(page.getByRole('textbox', { name: `Input ${inputs + 1} label` })).toHaveValue('Age');
    await expect(page.getByRole('combobox', { name: `Input ${inputs + 1} reads` })).toContainText('applicant.age');
    await expect(status).toHaveText('Deviations: input Age (applicant.age) added: not saved');

    // A row of its own testing the age, its outputs those of the first row but its code and reason.
    const rows = found.document.deviations.rules.length;
    const level = found.document.deviations.rules[0]?.level ?? '';
    await page.getByRole('button', { name: `Add a row after row ${rows}` }).click();
    const row = rows + 1;
    await page.getByRole('textbox', { name: `Row ${row}, Row id` }).fill('age-check');
    const cellOf = (column: string) => page.getByRole('textbox', { name: `Row ${row} (age-check), ${column}` });
    await cellOf('Age').fill(`[${age}..${age}]`);
    await cellOf('Code').fill('"AGE_CHECK"');
    await cellOf('Reason').fill('"Age checked"');
    await cellOf('Approval level').fill(level);
    await expect(status).toHaveText('Deviations: input Age (applicant.age) added, 1 row changed: not saved');
    await expectNoSeriousViolations(page, 'decision tables, editing columns');
    // The columns in the middle of the viewport: the inputs, the outputs and the form that adds one.
    await page.getByRole('textbox', { name: 'Output 1 label' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'decision-tables-columns', { fullPage: false });

    await saveVersion(found.verNum + 1);
    expect(await ageRowFired(), `age ${age} is in [${age}..${age}]`).toBe(true);

    await cellOf('Age').fill(`> ${age}`);
    await saveVersion(found.verNum + 2);
    expect(await ageRowFired(), `age ${age} is not > ${age}`).toBe(false);

    // Removing the column asks first (a row has a condition in it) and takes the condition with it.
    await page.getByRole('button', { name: /^Columns of the Deviations table/ }).click();
    await page.getByRole('button', { name: `Remove input ${inputs + 1} (Age)` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the input Age?' });
    await expect(dialog).toContainText('1 row has a condition in this column (age-check)');
    await dialog.getByRole('button', { name: 'Remove the input and its conditions' }).click();
    await expect(page.getByRole('textbox', { name: `Row ${row} (age-check), Age` })).toHaveCount(0);
    await page.getByRole('button', { name: `Remove row ${row} (age-check)` }).click();
    await expect(status).toHaveText('Deviations: input Age removed, 1 row changed: not saved');
    await saveVersion(found.verNum + 3);
    const latest = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
    expect(latest.document.deviations).toEqual(found.document.deviations);
    expect(await ageRowFired()).toBe(false);
  } finally {
    const latest = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
    if (latest.verNum !== found.verNum) {
      await apiPost(admin, decisionPath, { name: 'credit', verNum: latest.verNum, document: found.document });
    }
  }
});

test('the operations admin changes the FOIR cap in the credit limits, a band out of order stops the save, and the saved version holds the cap', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const found = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
  const newCap = found.document.foirCapPercent === 55 ? 52 : 55;
  const status = page.getByTestId('decision-status');
  try {
    await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings' });
    await page.getByRole('link', { name: 'Decision tables' }).click();
    await page.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: /\(HL\)$/ }).click();
    const limits = page.getByRole('region', { name: 'Credit limits' });
    await expect(limits.getByRole('textbox', { name: 'FOIR cap %' })).toHaveValue(
      String(found.document.foirCapPercent),
    );
    // The seeded home loan has the RBI's bands: ₹30 lakh, ₹75 lakh, then open-ended.
    await expect(limits.getByText('Loans up to ₹30,00,000.00')).toBeVisible();
    const band2 = limits.getByRole('textbox', { name: 'Band 2 loans up to ₹' });
    await band2.fill('2500000');
    await expect(
      limits.getByText("Band 2: the amount must be above band 1's ₹30,00,000.00: bands rise by amount"),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save…' })).toBeDisabled();
    await screenshot(page, 'decision-tables-credit-limits-problem', { fullPage: false });
    await band2.fill(String(found.document.ltvCaps?.[1]?.upToAmount));

    await limits.getByRole('textbox', { name: 'FOIR cap %' }).fill(String(newCap));
    await expect(status).toHaveText(`FOIR cap ${found.document.foirCapPercent}% → ${newCap}%: not saved`);
    await expectNoSeriousViolations(page, 'decision tables, credit limits');
    await screenshot(page, 'decision-tables-credit-limits', { fullPage: false });
    await page.getByRole('button', { name: 'Save…' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Save as version ${found.verNum + 1}` })
      .click();
    await expect(page.getByTestId('decision-saved')).toContainText(
      `Version ${found.verNum + 1} of the HL decision tables saved`,
    );
    const saved = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
    expect({ verNum: saved.verNum, cap: saved.document.foirCapPercent, bands: saved.document.ltvCaps }).toEqual({
      verNum: found.verNum + 1,
      cap: newCap,
      bands: found.document.ltvCaps,
    });
  } finally {
    const latest = await apiGet<DecisionConfigAnswer>(admin, decisionPath);
    if (latest.verNum !== found.verNum) {
      await apiPost(admin, decisionPath, { name: 'credit', verNum: latest.verNum, document: found.document });
    }
  }
});
