// Independent delivery (deploy README "Deploying"): a remote is published and rolled back while the back
// office is open; the shell is neither rebuilt nor restarted, the open page keeps working on the old
// release, offers the new one, and shows it after a reload. A release that does not fit is refused.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '@originate/deploy/scripts/lib/run.mjs';
import { expect, type Page, test } from '@playwright/test';
import { getText, readState, remoteManifestUrl, SHELL, shellMainJsUrl } from '../support/system';
import { logIn } from '../support/ui';

const APP = 'mfe-notifications';
const OLD_TEXT = 'Assignments and updates on the applications you work on.';
const NEW_TEXT = 'Assignments and updates on the applications you work on, now grouped by day.';

/** Runs the release CLI as a team would (`npm run release|rollback|releases -- …`), against the e2e system. */
function cli(...args: string[]): { code: number; output: string } {
  const state = readState();
  if (!state) throw new Error('the e2e system is not running');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join('deploy', 'src', 'release-cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...state.env },
      encoding: 'utf8',
    },
  );
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/**
 * A build of the remote that differs from the running one: the built folder, changed by `change`.
 */
function variantBuild(change: (folder: string) => void): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'originate-variant-'));
  cpSync(path.join(ROOT, APP, 'dist'), folder, { recursive: true });
  change(folder);
  return folder;
}

/** Every text file of a build folder, relative to it. */
function textFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => /\.(js|json|html)$/.test(f));
}

/** Rewrites a build file; its precompressed copies would still hold the old text, so they go. */
function rewrite(folder: string, file: string, text: string): void {
  writeFileSync(path.join(folder, file), text);
  rmSync(path.join(folder, `${file}.br`), { force: true });
  rmSync(path.join(folder, `${file}.gz`), { force: true });
}

/**
 * Changes a sentence in the chunk that holds it, as a source change would: the chunk gets a new content
 * hash in its name, and every file naming the old hash (the runtime's chunk map) names the new one.
 */
function changeSentence(folder: string, from: string, to: string): void {
  const chunk = textFiles(folder).find(
    (f) => f.startsWith('chunks') && readFileSync(path.join(folder, f), 'utf8').includes(from),
  );
  const oldHash = chunk && /\.([0-9a-f]{12})\.js$/.exec(chunk)?.[1];
  if (!chunk || !oldHash) throw new Error(`no content-hashed chunk of ${APP} says '${from}'`);
  const newHash = createHash('sha256').update(to).digest('hex').slice(0, 12);
  rewrite(folder, chunk, readFileSync(path.join(folder, chunk), 'utf8').split(from).join(to));
  renameSync(path.join(folder, chunk), path.join(folder, chunk.replace(oldHash, newHash)));
  for (const file of textFiles(folder)) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    if (text.includes(oldHash)) rewrite(folder, file, text.split(oldHash).join(newHash));
  }
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
  await page
    .getByRole('navigation', { name: 'Back-office menu' })
    .getByRole('button', { name: 'Notification' })
    .click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('a remote is published and rolled back while the back office is open, with no failed request', async ({
  page,
}) => {
  const shellMain = await shellMainJsUrl();
  const shellPid = readState()?.pids.shell;
  const before = await remoteManifestUrl('mfe_notifications');
  const failed = failures(page);
  await logIn(page, 'officer', 'Officer@123');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  const variant = variantBuild((folder) => changeSentence(folder, OLD_TEXT, NEW_TEXT));
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
    const variant = variantBuild((folder) => {
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
