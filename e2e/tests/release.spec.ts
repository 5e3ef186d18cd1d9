// Independent delivery (deploy README "Deploying"): a remote is published and rolled back while the back
// office is open; the shell is neither rebuilt nor restarted, the open page keeps working on the old
// release, offers the new one, and shows it after a reload. A release that does not fit is refused.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  changeSentence,
  NOTIFICATIONS_NEW_TEXT,
  NOTIFICATIONS_TEXT,
  releaseCli,
  variantBuild,
} from '../support/publish-remote';
import { getText, readState, remoteManifestUrl, SHELL, shellMainJsUrl } from '../support/system-under-test';
import { signIn } from '../support/ui';

const APP = 'mfe-notifications';
const OLD_TEXT = NOTIFICATIONS_TEXT;
const NEW_TEXT = NOTIFICATIONS_NEW_TEXT;

/** The release CLI against the e2e system. */
function cli(...args: string[]): { code: number; output: string } {
  const state = readState();
  if (!state) throw new Error('the e2e system is not running');
  return releaseCli(state.env, ...args);
}

/** Every request of the page that failed or answered an error, from now on. */
function failures(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  });
  return failed;
}

async function openNotificationsPage(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Back-office menu' }).getByRole('link', { name: 'Notification' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a remote is published and rolled back while the back office is open, with no failed request', async ({
  page,
}) => {
  // Four release commands run inside the test (each a process of its own, a few seconds when quiet): a CI run
  // at a load of 30 took the whole minute before the last check.
  test.setTimeout(120_000);
  const shellMain = await shellMainJsUrl();
  const shellPid = readState()?.pids.shell;
  const before = await remoteManifestUrl('mfe_notifications');
  const failed = failures(page);
  await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  const variant = variantBuild(APP, (folder) => changeSentence(folder, OLD_TEXT, NEW_TEXT));
  try {
    const published = cli('release', APP, '--dist', variant);
    expect(published.output).toMatch(/\[release\] mfe-notifications: 0\.1\.0-[0-9a-f]{12} is current/);
    expect(published.code).toBe(0);
  } finally {
    rmSync(variant, { recursive: true, force: true });
  }
  const after = await remoteManifestUrl('mfe_notifications');
  expect(after).not.toBe(before);

  // The open page keeps the release it loaded: a page it had not loaded yet comes from the old release.
  await openNotificationsPage(page);
  await expect(page.getByText(OLD_TEXT)).toBeVisible();

  // The shell notices (it checks whenever the tab is shown again, and every minute) and offers a reload.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const notice = page.getByRole('status').filter({ hasText: 'A new version of Notifications is available' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText(NEW_TEXT)).toBeVisible();

  const listed = cli('releases', APP);
  expect(listed.code).toBe(0);
  expect(listed.output.split('\n').filter((line) => line.startsWith('*'))).toHaveLength(1);

  const rolledBack = cli('rollback', APP);
  expect(rolledBack.output).toMatch(/\[rollback\] mfe-notifications: 0\.1\.0-[0-9a-f]{12} is current/);
  expect(await remoteManifestUrl('mfe_notifications')).toBe(before);
  await page.reload();
  await expect(page.getByText(OLD_TEXT)).toBeVisible();

  expect(failed).toEqual([]);
  // The host was neither rebuilt nor restarted.
  expect(await shellMainJsUrl()).toBe(shellMain);
  expect(readState()?.pids.shell).toBe(shellPid);
});

test('a release built against another major of react or @mui/material is refused, and nothing changes', async () => {
  const remotesBefore = await getText(`${SHELL}/remotes.json`);
  const listedBefore = cli('releases', APP).output;
  for (const [pkg, version] of [
    ['react', '18.3.1'],
    ['@mui/material', '7.3.0'],
  ] as const) {
    const variant = variantBuild(APP, (folder) => {
      const file = path.join(folder, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        shared: { name: string; version: string; requiredVersion: string }[];
      };
      // A package is shared as itself and as each deep import ('@mui/material/Box').
      for (const shared of manifest.shared.filter((s) => s.name === pkg || s.name.startsWith(`${pkg}/`))) {
        shared.version = version;
        shared.requiredVersion = `^${version}`;
      }
      writeFileSync(file, JSON.stringify(manifest));
      rmSync(`${file}.br`, { force: true });
      rmSync(`${file}.gz`, { force: true });
    });
    try {
      const refused = cli('release', APP, '--dist', variant);
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain('refused, nothing changed');
      expect(refused.output).toContain(`shared singleton ${pkg}: the remote requires ^${version}`);
    } finally {
      rmSync(variant, { recursive: true, force: true });
    }
  }
  expect(await getText(`${SHELL}/remotes.json`)).toBe(remotesBefore);
  expect(cli('releases', APP).output).toBe(listedBefore);
});
