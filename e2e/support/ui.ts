// What a user does in the browser, in one place, so each test reads as its scenario.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SCREENSHOTS } from './system-under-test';

export const SESSION_KEY = 'originate.session';

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The header's Logoff action: its presence means the back office is showing. */
export const headerLogoff = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Logoff' });

/** An entry of the back-office menu. */
export const menuItem = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Back-office menu' }).getByRole('button', { name: label, exact: true });

/** Logs in through the form and waits for the back office. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await fillLogin(page, username, password);
  await expect(headerLogoff(page)).toBeVisible();
}

export async function storedSession(page: Page): Promise<{ refresh_token: string; expires_in: number } | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  return raw ? JSON.parse(raw) : null;
}

/**
 * Screenshots of key screens are for people to open (test-results/screenshots): taken on a developer's
 * machine, not in CI (CI=true), whose logs keep only text, unless E2E_SCREENSHOTS=1 asks for them there
 * too. A failing test keeps its own screenshot either way (playwright.config.ts).
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

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
