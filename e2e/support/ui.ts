// What a user does in the browser, in one place, so each test reads as its scenario.
import path from 'node:path';
import type { Session } from '@originate/contract';
import { expect, type Page } from '@playwright/test';
import { apiLoginWithXsrf } from './api';
import { API, SCREENSHOTS, SHELL } from './system-under-test';

export const SESSION_KEY = 'originate.session';

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A tab of the application detail, by its label. */
export const detailTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/**
 * Opens a tab of the application detail and waits until it is the selected one. The form above the tabs arrives
 * from its own remote and pushes them down: a click aimed after Playwright's scroll can land where the tab was
 * (a loaded CI machine's run clicked "Approvals" and stayed on "Snooze"), so the click is repeated until it holds.
 */
export async function openDetailTab(page: Page, name: string): Promise<void> {
  const tab = detailTab(page, name);
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The header's Logoff action: its presence means the back office is showing. */
export const headerLogoff = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Logoff' });

/** An entry of the back-office menu: a link to its page (Logoff, an action, is a button). */
export const menuItem = (page: Page, label: string) => {
  const menu = page.getByRole('navigation', { name: 'Back-office menu' });
  return menu
    .getByRole('link', { name: label, exact: true })
    .or(menu.getByRole('button', { name: label, exact: true }));
};

/** Logs in through the form and waits for the back office. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await fillLogin(page, username, password);
  await expect(headerLogoff(page)).toBeVisible();
}

/**
 * Signs in without the form, for the tests whose subject is not logging in: the server's own login over the
 * API (its limits and audit), then `at` opened directly (no detour through the dashboard) with the session
 * the form would have stored, written before the page's scripts run. The shell boots it as it does a reload
 * of a signed-in tab: the same guard, session timers, token refresh, cross-tab channel and socket. The
 * answer's XSRF-TOKEN cookie goes into the browser as the form's answer would have put it.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  /** timeout: how long the back office may take to show (a bench's throttled or busy page: longer than expect's). */
  { at = '/', timeout }: { at?: string; timeout?: number } = {},
): Promise<void> {
  const { answer, xsrfCookie } = await apiLoginWithXsrf(username, password);
  await page.context().addCookies([{ name: 'XSRF-TOKEN', value: xsrfCookie, url: API, sameSite: 'Lax' }]);
  // The shell's own Session (shared/web's sessionFrom); issuedAt is the page's clock when it is stored.
  const stored: Omit<Session, 'issuedAt'> = {
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    sessionid: answer.sessionid,
    expires_in: answer.expires_in,
    expiry_time: answer.expiry_time,
    user: answer.user,
  };
  // Only in the shell's top frame, and only while no session is stored: the test's own refreshes and
  // logoffs stay theirs. Removed once the page is up, so a later reload after a logoff meets the form.
  const seed = await page.addInitScript(
    ({ key, origin, session }) => {
      if (window !== window.top || location.origin !== origin || sessionStorage.getItem(key) !== null) return;
      sessionStorage.setItem(key, JSON.stringify({ ...session, issuedAt: Date.now() }));
    },
    { key: SESSION_KEY, origin: SHELL, session: stored },
  );
  try {
    await page.goto(at);
    await expect(headerLogoff(page)).toBeVisible({ timeout });
  } finally {
    await seed.dispose();
  }
  // A page already signed in keeps its own session: that is a mistake in the test, not a sign-in.
  const running = await page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null')?.sessionid,
    SESSION_KEY,
  );
  expect(running, `${username}'s session is the page's`).toBe(answer.sessionid);
}

/** A staff user's user name and password. */
export type Credentials = readonly [username: string, password: string];

/** Opens `url`; given credentials, signs in on the way (signIn at `url`), one page load either way. */
export async function openPage(page: Page, url: string, signInAs?: Credentials): Promise<void> {
  if (signInAs) await signIn(page, ...signInAs, { at: url });
  else await page.goto(url);
}

export async function storedSession(page: Page): Promise<{ refresh_token: string; expires_in: number } | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  return raw ? JSON.parse(raw) : null;
}

/**
 * Screenshots of key screens are for people to open (test-results/screenshots): taken on a developer's
 * machine, not in CI (CI=true), whose logs keep only text, nor under npm test, which passes E2E_SCREENSHOTS=0
 * (no test asserts on them, and each full-page capture costs the browser and the runner CPU); E2E_SCREENSHOTS=1
 * asks for them anywhere. A failing test keeps its own screenshot either way (playwright.config.ts).
 */
const TAKE_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === '1' || (process.env.E2E_SCREENSHOTS !== '0' && !process.env.CI);

/** `fullPage: false` takes the viewport only: a modal dialog's backdrop covers the viewport, not the whole page. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  const before = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  // A full-page capture can leave the page scrolled elsewhere (a trace at 390 px: 270 → 304 px) and
  // Chromium puts it back only at the next input: the next click's press lands at 304, its release at
  // 270, and the click is lost. Put it back now, where the capture found it.
  await page.evaluate(async ({ x, y }) => {
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo({ left: x, top: y, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, before);
}

/** The back office's detail of one application. */
export const detailUrl = (applicationId: string) => `/backstage/application?application_id=${applicationId}`;
