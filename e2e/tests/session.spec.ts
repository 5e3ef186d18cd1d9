import { API_PATHS } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { logIn, SESSION_KEY, screenshot, storedSession } from '../support/ui';

const TOAST = 'Session expired. Please login again.';

test('the guard sends a visitor without a session to the root with the toast', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText(TOAST)).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await screenshot(page, 'guard-toast');
});

test('the guard refuses an expired session', async ({ page }) => {
  await logIn(page, 'officer', 'Officer@123');
  // Age the stored session past its lifetime, as if the tab had slept.
  await page.evaluate((key) => {
    const session = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    session.issuedAt = Date.now() - (session.expires_in + 60) * 1000;
    sessionStorage.setItem(key, JSON.stringify(session));
  }, SESSION_KEY);
  await page.goto('/profile');
  await expect(page.getByText(TOAST)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
});

test('session warning offers to extend, then the expired dialog', async ({ page }) => {
  await page.clock.install();
  await logIn(page, 'officer', 'Officer@123');
  const session = await storedSession(page);
  const expiresIn = session?.expires_in ?? 0;
  expect(expiresIn, 'timers exist only when expires_in >= 900').toBeGreaterThanOrEqual(900);
  const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await page.clock.fastForward((expiresIn - 300) * 1000 - 5000);
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward(6000);
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Extend session' })).toBeVisible();
  await screenshot(page, 'session-warning');
  await page.clock.fastForward(300 * 1000);
  const expired = page.getByRole('dialog', { name: 'Your session expired' });
  await expect(expired).toBeVisible();
  await screenshot(page, 'session-expired');
});

test('extending the session refreshes the tokens and closes the warning', async ({ page }) => {
  await page.clock.install();
  await logIn(page, 'officer', 'Officer@123');
  const before = await storedSession(page);
  await page.clock.fastForward(((before?.expires_in ?? 0) - 300) * 1000 + 1000);
  const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(warning).toBeVisible();
  const refreshed = page.waitForResponse((r) => r.url().endsWith(API_PATHS.refreshToken) && r.status() === 200);
  await warning.getByRole('button', { name: 'Extend session' }).click();
  await refreshed;
  await expect(warning).toHaveCount(0);
  const after = await storedSession(page);
  expect(after?.refresh_token).not.toBe(before?.refresh_token);
});
