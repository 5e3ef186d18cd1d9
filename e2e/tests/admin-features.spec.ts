// Admin/Features drive the back office (spec section 6): the Form preview entry and page only with
// ApplicationFormPreview, the header's language switcher only with MultiLingual.
import { type AdminFeatures, API_PATHS } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiLogin, apiPut } from '../support/api';
import { menuItem, screenshot, signIn } from '../support/ui';

test('the menu and header follow Admin/Features', async ({ page }) => {
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const original = await apiGet<AdminFeatures>(admin, API_PATHS.adminFeatures);
  const nav = page.getByRole('navigation', { name: 'Back-office menu' });
  const switcher = page.getByRole('banner').getByRole('button', { name: /^Language: / });
  try {
    await apiPut(admin, API_PATHS.adminFeatures, { MultiLingual: false, ApplicationFormPreview: false });
    await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
    await expect(menuItem(page, 'Profile')).toBeVisible();
    await expect(menuItem(page, 'Form preview')).toHaveCount(0);
    await expect(switcher).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await screenshot(page, 'admin-features-off');

    await apiPut(admin, API_PATHS.adminFeatures, { MultiLingual: true, ApplicationFormPreview: true });
    await page.reload();
    await expect(menuItem(page, 'Form preview')).toBeVisible();
    await expect(switcher).toHaveAccessibleName('Language: English');
    // Form preview sits before Profile, Settings and Logoff (then Search and Filters, spec §2's order).
    await expect
      // Entries are links, Logoff a button: both, in the menu's order.
      .poll(async () => (await nav.getByRole('link').or(nav.getByRole('button')).allInnerTexts()).slice(-6))
      .toEqual(['Form preview', 'Profile', 'Settings', 'Logoff', 'Search', 'Filters']);

    await menuItem(page, 'Form preview').click();
    await expect(page).toHaveURL(/\/form-preview$/);
    await expect(page.getByRole('heading', { name: 'Form preview' })).toBeVisible();
    const preview = page.getByRole('link', { name: /^Preview the Home Loan form/ });
    await expect(preview).toHaveAttribute('href', /\/newapplication\?product=HL$/);
    await expect(preview).toHaveAttribute('target', '_blank');
    // The link opens the applicants' portal on its own origin, with no staff session: the home loan's
    // form starts as an applicant's does, with its captcha.
    const [portal] = await Promise.all([page.waitForEvent('popup'), preview.click()]);
    await expect(portal.getByRole('heading', { name: 'Before you start' })).toBeVisible();
    expect(new URL(portal.url()).origin).not.toBe(new URL(page.url()).origin);
    await screenshot(portal, 'admin-features-form-preview-portal');
    await portal.close();
    await screenshot(page, 'admin-features-form-preview');

    await switcher.click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(switcher).toHaveAccessibleName('Language: हिन्दी');
    await screenshot(page, 'admin-features-on');

    // Off again: the entry, its page and the switcher go; the page is English again.
    await apiPut(admin, API_PATHS.adminFeatures, { MultiLingual: false, ApplicationFormPreview: false });
    await page.goto('/profile');
    await expect(menuItem(page, 'Profile')).toBeVisible();
    await expect(menuItem(page, 'Form preview')).toHaveCount(0);
    await expect(switcher).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await apiPut(admin, API_PATHS.adminFeatures, original);
  }
});
