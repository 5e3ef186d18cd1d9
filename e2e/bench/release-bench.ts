// `npm run bench -- --only release`: publishing one remote while the back office is open.
// - seconds from `npm run release -- mfe-notifications` (its webpack build included) to the pointer switched,
//   and the same for a folder built beforehand (`--dist`: what a pipeline that built earlier runs);
// - bytes an open page transfers when it reloads onto the new release, beside what the remote's files
//   weigh: the release changes one sentence (two chunks), and only those and the new entry files travel.
import { rmSync } from 'node:fs';
import { runCommand } from '@originate/tools/lib/process.mjs';
import type { Browser, Page } from 'playwright-core';
import {
  changeSentence,
  NOTIFICATIONS_NEW_TEXT,
  NOTIFICATIONS_TEXT,
  releaseCli,
  variantBuild,
} from '../support/publish-remote';
import { NOTIFICATIONS_ORIGIN, SHELL } from '../support/system-under-test';

const APP = 'mfe-notifications';

export interface ReleaseFigures {
  /** `npm run release -- mfe-notifications`: build, check, copy, switch. */
  buildAndPublishSeconds: number;
  /** `npm run release -- mfe-notifications --dist <built folder>`: check, copy, switch. */
  publishSeconds: number;
  /** What the page loaded from the remote's origin on its first visit (every file transferred). */
  firstVisit: Transfer;
  /** The same page reloaded after the publish. */
  afterPublish: Transfer;
}

interface Transfer {
  /** Requests to the remote's origin. */
  requests: number;
  /** Of them, answered from the browser's cache (nothing transferred). */
  fromCache: number;
  /** Bytes received from the remote's origin (headers and encoded bodies). */
  bytes: number;
}

/** Counts what the page transfers from one origin, from the browser's own network log. */
async function transfers(page: Page, origin: string): Promise<() => Transfer> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  const transfer: Transfer = { requests: 0, fromCache: 0, bytes: 0 };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith(origin)) urls.set(event.requestId, event.request.url);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    cached.add(event.requestId);
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) cached.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!urls.has(event.requestId)) return;
    transfer.requests++;
    if (cached.has(event.requestId)) transfer.fromCache++;
    else transfer.bytes += event.encodedDataLength;
  });
  return () => ({ ...transfer });
}

function timed(env: Record<string, string>, ...args: string[]): number {
  const started = performance.now();
  const { code, output } = releaseCli(env, ...args);
  if (code !== 0) throw new Error(`release ${args.join(' ')} failed: ${output}`);
  return Math.round((performance.now() - started) / 100) / 10;
}

async function openNotifications(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Back-office menu' }).getByRole('link', { name: 'Notification' }).click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
}

export async function releaseBench(browser: Browser, env: Record<string, string>): Promise<ReleaseFigures> {
  // The full command, as a team runs it (the build is webpack's, with its cache).
  const started = performance.now();
  const build = await runCommand('npm', ['run', 'release', '--', APP], { env, quiet: true });
  if (build.code !== 0) throw new Error(`npm run release -- ${APP} failed: ${build.output}`);
  const buildAndPublishSeconds = Math.round((performance.now() - started) / 100) / 10;

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const firstLog = await transfers(page, NOTIFICATIONS_ORIGIN);
    await page.goto(`${SHELL}/`);
    await page.getByRole('textbox', { name: 'Username' }).fill('officer');
    await page.getByRole('textbox', { name: 'Password' }).fill('Officer@123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await openNotifications(page);
    await page.getByText(NOTIFICATIONS_TEXT).waitFor();
    await page.waitForLoadState('networkidle');
    const firstVisit = firstLog();

    const variant = variantBuild(APP, (folder) => changeSentence(folder, NOTIFICATIONS_TEXT, NOTIFICATIONS_NEW_TEXT));
    let publishSeconds: number;
    try {
      publishSeconds = timed(env, 'release', APP, '--dist', variant);
    } finally {
      rmSync(variant, { recursive: true, force: true });
    }
    const afterLog = await transfers(page, NOTIFICATIONS_ORIGIN);
    await page.reload();
    await page.getByText(NOTIFICATIONS_NEW_TEXT).waitFor();
    await page.waitForLoadState('networkidle');
    const afterPublish = afterLog();
    // Back to the release the system started with, for whatever runs next.
    timed(env, 'rollback', APP);
    return { buildAndPublishSeconds, publishSeconds, firstVisit, afterPublish };
  } finally {
    await context.close();
  }
}

export function releaseRows(figures: ReleaseFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['publish of one remote', 'not measured', figures.failed]];
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const transfer = (t: Transfer) =>
    `${kib(t.bytes)} in ${t.requests - t.fromCache} requests (${t.fromCache} from cache)`;
  return [
    [
      'npm run release -- mfe-notifications (build included)',
      `${figures.buildAndPublishSeconds} s`,
      'command to pointer switched',
    ],
    ['publish of a built folder (--dist)', `${figures.publishSeconds} s`, 'check, copy, switch'],
    [
      "open page's first visit, from the remote's origin",
      transfer(figures.firstVisit),
      'every file of the remote it uses',
    ],
    [
      'the same page reloaded onto the new release',
      transfer(figures.afterPublish),
      'only the changed chunks and entry files',
    ],
  ];
}
