// Settings › Consent texts and Settings › History: an admin saves a consent's new wording as its next version,
// the History lists the change (who, when in IST, before → after); Users are found by name; axe on each tab.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { screenshot, signIn } from '../support/ui';

test('an admin saves a new consent version and the History shows it; Users are searched and paged', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'opsadmin', 'Admin@123', { at: '/settings?tab=consents' });
  await expect(page.getByRole('tab', { name: 'Consent texts', selected: true })).toBeVisible();
  const declaration = page.getByRole('region', { name: 'Declaration' });
  await expect(declaration.getByText('Version 1')).toBeVisible();
  await screenshot(page, 'settings-consents');
  await expectNoSeriousViolations(page, 'settings consents');

  await declaration.getByRole('button', { name: 'New wording' }).click();
  const dialog = page.getByRole('dialog');
  const text = dialog.getByRole('textbox', { name: /^Text/ });
  await text.fill(`${await text.inputValue()}\n\nI/We have read this declaration in full.`);
  await screenshot(page, 'settings-consents-new-wording', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page.getByText('Declaration: version 2 saved')).toBeVisible();
  await expect(declaration.getByText('Version 2')).toBeVisible();
  await expect(declaration.getByText('I/We have read this declaration in full.')).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\?tab=history$/);
  const history = page.getByRole('table', { name: 'Configuration history' });
  // Found by its change, not as the newest row: a spec beside this one may save another consent meanwhile.
  const saved = history.getByRole('row').filter({ hasText: 'consents › declaration › version: 1 → 2' });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(/Consent texts of product \w+/);
  await expect(saved).toContainText(/IST/);
  await screenshot(page, 'settings-history');
  await expectNoSeriousViolations(page, 'settings history');

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Find a user by name or user name' }).fill('offic');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'officer' }).first()).toBeVisible();
  await expect(users.getByRole('row').filter({ hasText: 'opsadmin' })).toHaveCount(0);
  await screenshot(page, 'settings-users-search');
  await expectNoSeriousViolations(page, 'settings users');
});
