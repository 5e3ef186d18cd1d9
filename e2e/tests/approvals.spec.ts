// Approval limits and four eyes against the real server, on the personal loan's seeded matrix (level 1: a
// branch credit manager, BCM of the branch, decides up to 5 lakh; level 2: the West Region's head, BH, any
// amount, queued to the region's approvers). The officer captures an 18.5-lakh loan and asks for its approval: they are not offered Approve
// (they captured it) and read why; the team lead, a level-1 approver with a 5-lakh limit, approves and the
// approval goes up to level 2 by itself; the approver decides it there.
import { expect, type Page, test } from '@playwright/test';
import { apiLogin } from '../support/api';
import { copyApplication } from '../support/data';
import { type Credentials, detailUrl, openDetailTab, openPage, screenshot } from '../support/ui';

/** A seeded personal loan of ₹18,50,000 the officer works (only copied here; a copy is captured by its copier). */
const SOURCE = 'PL-2026-000101';
const REASON = 'Loan above the branch limit';

const approvalCard = (page: Page) => page.getByTestId('approval').filter({ hasText: REASON });

async function openApprovals(page: Page, applicationId: string, signInAs?: Credentials): Promise<void> {
  await openPage(page, detailUrl(applicationId), signInAs);
  await expect(page.getByRole('heading', { name: `Application ${applicationId}` })).toBeVisible();
  await openDetailTab(page, 'Approvals');
}

async function approve(page: Page, comment: string): Promise<void> {
  await approvalCard(page).getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('a 5-lakh approver forwards a larger loan by approving it, the next level approves it; who captured it may not', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const application = await copyApplication(await apiLogin('officer', 'Officer@123'), SOURCE);

  // The officer, who captured it, asks; the first level takes it.
  await openApprovals(page, application, ['officer', 'Officer@123']);
  await page.getByRole('button', { name: 'Request approval' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  const card = approvalCard(page);
  await expect(card).toContainText('PENDING');
  await expect(card.getByTestId('approval-level')).toHaveText(
    'Level 1 of 2, Branch Credit Manager: decides up to ₹5,00,000 (5 lakh)',
  );
  await expect(card).toContainText('loan ₹18,50,000 (18.5 lakh)');
  await expect(card.getByTestId('approval-waiting')).toHaveText(
    "Waiting for Priya Sharma. The loan of ₹18,50,000 (18.5 lakh) is above this level's limit: approving forwards it to level 2.",
  );
  // Four eyes: not offered, and told why.
  await expect(card.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(card.getByTestId('approval-refusal')).toHaveText(
    'You cannot decide this approval: you captured this application; someone who did not must decide it.',
  );
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'approvals-refused-officer', { fullPage: false });

  // The team lead, a branch credit manager: approving below the amount sends it up to level 2.
  const lead = await (await browser.newContext()).newPage();
  await openApprovals(lead, application, ['teamlead', 'Lead@123']);
  const leadCard = approvalCard(lead);
  for (const action of ['Approve', 'Reject', 'Forward', 'Send back']) {
    await expect(leadCard.getByRole('button', { name: action, exact: true })).toBeVisible();
  }
  await leadCard.scrollIntoViewIfNeeded();
  await screenshot(lead, 'approvals-level-1-approver', { fullPage: false });
  await approve(lead, 'Income verified; above my limit');
  await expect(leadCard.getByTestId('approval-level')).toHaveText(
    'Level 2 of 2, Regional Credit Head: decides any amount',
  );
  await expect(leadCard).toContainText('PENDING');
  await expect(leadCard.getByRole('list', { name: 'Decisions' })).toContainText(
    'level 1 · Priya Sharma approved → level 2: Income verified; above my limit',
  );
  // Having approved at level 1, the team lead is not offered level 2.
  await expect(leadCard.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await lead.context().close();

  // The region's head decides at the final level.
  const approver = await (await browser.newContext()).newPage();
  await openApprovals(approver, application, ['approver', 'Approver@123']);
  const finalCard = approvalCard(approver);
  await expect(finalCard.getByTestId('approval-waiting')).toHaveText('Waiting for any approver of West Region.');
  // The final level forwards nowhere.
  await expect(finalCard.getByRole('button', { name: 'Forward', exact: true })).toHaveCount(0);
  await finalCard.scrollIntoViewIfNeeded();
  await screenshot(approver, 'approvals-level-2-approver', { fullPage: false });
  await approve(approver, 'Within the regional mandate');
  await expect(finalCard).toContainText('APPROVED');
  await expect(finalCard.getByRole('list', { name: 'Decisions' })).toContainText(
    'level 2 · Vikram Nair approved: Within the regional mandate',
  );
  await finalCard.scrollIntoViewIfNeeded();
  await screenshot(approver, 'approvals-approved', { fullPage: false });
  await approver.context().close();

  // The officer sees it decided, still with no decision to take.
  await openApprovals(page, application);
  await expect(approvalCard(page)).toContainText('APPROVED');
  await expect(approvalCard(page).getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
});
