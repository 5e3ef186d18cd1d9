// Two tabs holding one session (window.open copies sessionStorage): refresh once between them, and a
// logoff in one logs the other out. The refresh count is what the server would see: a second POST of
// the same refresh token is a reuse, which the server answers by revoking the session once its grace ends.

import { API_PATHS, type LoginResponse } from '@originate/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiGet } from '../support/api';
import { headerLogoff, logIn, SESSION_KEY, storedSession } from '../support/ui';

const REFRESH_PATH = API_PATHS.refreshToken;
const WARNING = 'Your session is about to expire';

/** Opens the back office in a second tab that shares the first one's session. */
async function openSharingTab(page: Page): Promise<Page> {
  const [second] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => {
      window.open('/', '_blank');
    }),
  ]);
  await expect(headerLogoff(second)).toBeVisible();
  expect(await storedSession(second)).toEqual(await storedSession(page));
  return second;
}

test('two tabs extending the shared session at once send one refresh and both stay logged in', async ({
  context,
  page,
}) => {
  await context.clock.install();
  await logIn(page, 'officer', 'Officer@123');
  const second = await openSharingTab(page);
  const before = await storedSession(page);

  const refreshes: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === REFRESH_PATH) {
      refreshes.push(request.postData() ?? '');
    }
  });
  // The first refresh is held until both tabs have asked to extend, so they really ask at once.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(`**${REFRESH_PATH}`, async (route) => {
    await held;
    await route.continue();
  });

  await context.clock.fastForward(((before?.expires_in ?? 0) - 300) * 1000 + 60_000);
  const tabs = [page, second];
  const warnings = tabs.map((tab) => tab.getByRole('dialog', { name: WARNING }));
  for (const warning of warnings) await expect(warning).toBeVisible();
  for (const warning of warnings) await warning.getByRole('button', { name: 'Extend session' }).click();
  for (const warning of warnings) {
    await expect(warning.getByRole('button', { name: 'Extend session' })).toBeDisabled();
  }
  release();

  for (const warning of warnings) await expect(warning).toHaveCount(0);
  for (const tab of tabs) await expect(headerLogoff(tab)).toBeVisible();
  expect(refreshes).toEqual([JSON.stringify({ refresh_token: before?.refresh_token })]);
  const [first, other] = await Promise.all(tabs.map((tab) => storedSession(tab)));
  expect(first?.refresh_token).not.toBe(before?.refresh_token);
  expect(other).toEqual(first);

  // The session the tabs hold is still alive on the server (a reuse would have revoked it).
  const live = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), SESSION_KEY);
  await expect(apiGet(live as LoginResponse, API_PATHS.groupsByUserId)).resolves.toBeDefined();
});

test('logging off in one tab logs out the tabs sharing its session', async ({ page }) => {
  await logIn(page, 'officer', 'Officer@123');
  const second = await openSharingTab(page);
  await headerLogoff(page).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await storedSession(second)).toBeNull();
});
