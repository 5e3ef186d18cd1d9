// What a user does in the browser, in one place, so each test reads as its scenario.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SCREENSHOTS } from './system';

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

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  // A full-page capture lays the page out at its whole height and back, and can leave the scroll position
  // off by the height that changed until the next layout moves it back (a trace at 390 px: 270 → 304 px
  // during the capture, back to 270 between the next click's press and release, so that click was lost).
  // Force the layout now, and wait until two frames agree on the scroll position.
  await page.evaluate(async () => {
    let last = Number.NaN;
    for (let frame = 0; frame < 30; frame++) {
      document.documentElement.getBoundingClientRect();
      if (window.scrollY === last) return;
      last = window.scrollY;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}

/** The back office's detail of one application. */
export const detailUrl = (applicationId: string) => `/backstage/application?application_id=${applicationId}`;
