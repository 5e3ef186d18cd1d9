import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoViolations } from '../support/a11y';
import { apiLogin, apiRefresh, HttpError } from '../support/api';
import { fillLogin, headerLogoff, logIn, screenshot, storedSession } from '../support/ui';

const REFUSED = 'Access denied. Your account is not enabled for this portal.';

/** The demo-user table of the root README (role | username | password). */
function readmeDemoUsers(): { role: string; username: string; password: string }[] {
  const readme = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'README.md'), 'utf8');
  const lines = readme.split('\n').map((l) => l.trim());
  const header = lines.findIndex((l) => /^\|\s*role\s*\|\s*username\s*\|\s*password\s*\|$/i.test(l));
  expect(header, 'README has the role | username | password table').toBeGreaterThanOrEqual(0);
  const users = [];
  // The table's rows follow its header and separator, up to the first line that is not a row.
  for (const line of lines.slice(header + 2)) {
    if (!/^\|.*\|$/.test(line)) break;
    const [role = '', username = '', password = ''] = line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    users.push({ role, username, password });
  }
  return users;
}

test('a loan officer logs in and logs off, which ends the session on the server', async ({ page }) => {
  await logIn(page, 'officer', 'Officer@123');
  await screenshot(page, 'backoffice-officer');
  const session = await storedSession(page);
  expect(session?.refresh_token).toBeTruthy();

  await headerLogoff(page).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  // The refresh token died with the session.
  const refused = await apiRefresh(session?.refresh_token ?? '').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).status).toBe(401);
});

test('an operations admin logs in and the header names them', async ({ page }) => {
  const { user } = await apiLogin('opsadmin', 'Admin@123');
  await logIn(page, 'opsadmin', 'Admin@123');
  await expect(page.getByRole('banner')).toContainText(user.displayName);
});

test('a user without the portal app is refused with the access-denied message; axe finds nothing on the form', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectNoViolations(page, 'login');
  await screenshot(page, 'login');
  await fillLogin(page, 'outsider', 'Outsider@123');
  await expect(page.getByText(REFUSED)).toBeVisible();
  await screenshot(page, 'login-refused');
  await expectNoViolations(page, 'login refused');
  await expect(headerLogoff(page)).toHaveCount(0);
  expect(await storedSession(page)).toBeNull();
});

test('after 5 wrong passwords the name is locked, and the form says when to try again', async ({ page }) => {
  // A name of no demo user, so no other test finds its account locked; unknown names lock alike.
  const name = 'lockout-demo';
  for (let attempt = 1; attempt <= 5; attempt++) {
    await fillLogin(page, name, 'wrong-password');
    await expect(page.getByText('Invalid username or password')).toBeVisible();
  }
  await fillLogin(page, name, 'wrong-password');
  await expect(page.getByText('Too many attempts. Please try again in 15 minutes.')).toBeVisible();
  await screenshot(page, 'login-locked');
  await expect(headerLogoff(page)).toHaveCount(0);
});

test('every demo login in the README works, and only the no-access user is refused', async () => {
  const users = readmeDemoUsers();
  expect(users.map((u) => u.username)).toEqual([
    'officer',
    'teamlead',
    'approver',
    'creditchief',
    'riskhead',
    'opsadmin',
    'developer',
    'debugger',
    'outsider',
  ]);
  expect(users[0]?.role).toBe('Loan officer');
  for (const user of users) {
    const result = await apiLogin(user.username, user.password).catch((e: unknown) => e);
    if (user.username === 'outsider') {
      expect(result, user.username).toBeInstanceOf(HttpError);
      expect((result as HttpError).status).toBe(403);
      expect((result as HttpError).body).toMatchObject({ message: REFUSED });
    } else {
      expect(result, `${user.username} logs in`).toMatchObject({ user: { userName: user.username } });
    }
  }
});
