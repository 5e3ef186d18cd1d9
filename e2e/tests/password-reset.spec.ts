// Password reset from the login page, against the real server and the run's mail catcher: a staff
// member asks for a link, reads the mail, opens the link in the shell's reset page, is told what the policy
// asks as they type, sets a new password and logs in with it; the link works once ('400 Invalid URL' after), and
// a link that is no link of ours shows the same page. The user is a generated branch officer nobody else logs
// in as (the seed's generated staff have addresses of their own and no known password).
import { INVALID_URL_HEADING, INVALID_URL_TEXT } from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { latestMail } from '../support/messages';
import { SHELL } from '../support/system-under-test';
import { fillLogin, headerLogoff, screenshot } from '../support/ui';

const USERNAME = 'br01.officer01';
const ADDRESS = `${USERNAME}@originate-bank.example`;
const NEW_PASSWORD = 'Sunrise#2026';

async function expectInvalidUrlPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(INVALID_URL_HEADING);
  await expect(page.getByText(INVALID_URL_TEXT, { exact: true })).toBeVisible();
}

test('a user resets a forgotten password with the mailed link and logs in with the new one; the link works once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Username' }).fill(USERNAME);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue(USERNAME);
  const asked = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await screenshot(page, 'password-reset-requested', { fullPage: false });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The mail: to the user's address, with a link to the shell's reset page.
  const mail = await latestMail(ADDRESS, { after: asked, subject: 'Reset your Originate password' });
  expect(mail.text).toContain(`user name: ${USERNAME}`);
  expect(mail.text).toContain('within 30 minutes');
  const link = mail.links.find((l) => l.startsWith(`${SHELL}/reset-password?token=`));
  expect(link, `a reset link among ${mail.links.join(', ')}`).toBeDefined();

  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For the user ${USERNAME}.`, { exact: false })).toBeVisible();
  const policy = page.getByRole('list', { name: 'Your new password must:' });
  await expect(policy.getByRole('listitem')).toHaveCount(4);
  await expectNoSeriousViolations(page, 'reset page');
  await screenshot(page, 'password-reset-page');

  // Checked as typed: the policy's reason at the field, the second password that differs at its own.
  const password = page.getByRole('textbox', { name: 'New password', exact: true });
  const repeat = page.getByRole('textbox', { name: 'Repeat the new password' });
  await password.fill('sunrise');
  await expect(password).toHaveAccessibleDescription('Must be at least 8 characters long.');
  await password.fill('sunrise2026');
  await expect(password).toHaveAccessibleDescription('Must contain an upper-case letter.');
  await password.fill(NEW_PASSWORD);
  await repeat.fill('Sunrise#2025');
  await expect(repeat).toHaveAccessibleDescription('The two passwords are not the same.');
  await screenshot(page, 'password-reset-problems');
  await repeat.fill(NEW_PASSWORD);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Change password' }).click();

  // Back at the login with the news; the new password opens the back office.
  await expect(page).toHaveURL(`${SHELL}/login`);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  await screenshot(page, 'password-reset-done');
  await page.getByRole('textbox', { name: 'Username' }).fill(USERNAME);
  await page.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(headerLogoff(page)).toBeVisible();
  await headerLogoff(page).click();

  // The link is used: the '400 Invalid URL' page, and the old password no longer works.
  await page.goto(link as string);
  await expectInvalidUrlPage(page);
  await screenshot(page, 'password-reset-link-used');
  await fillLogin(page, USERNAME, 'not-the-password-1A!');
  await expect(page.getByRole('alert')).toBeVisible();
});

test("a link that is not one of ours, or has no token, shows the '400 Invalid URL' page", async ({ page }) => {
  await page.goto('/reset-password?token=not-a-token-of-ours');
  await expectInvalidUrlPage(page);
  await expect(page.getByRole('link', { name: 'Go to the login page to ask for a new link' })).toBeVisible();
  await page.goto('/reset-password');
  await expectInvalidUrlPage(page);
  await page.getByRole('link', { name: 'Go to the login page to ask for a new link' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
