// The built system on the e2e ports and a browser, for a bench's work; one place for every bench and profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '@originate/tools/lib/app-builds.mjs';
import { startSystem } from '@originate/tools/lib/composed-system.mjs';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { E2E_PORTS } from '../support/system-under-test';

/** The built system started on the e2e ports (built first when stale) and a browser, for `work`. */
export async function withSystem<T>(
  work: (browser: Browser, env: Record<string, string>, server: { pid: () => number | undefined }) => Promise<T>,
  /** The server's own environment (e.g. a kept bench database), over the system's defaults. */
  serverEnv: Record<string, string> = {},
  /** Chromium's flags besides those that keep it off the network (the video bench's fake camera). */
  browserArgs: readonly string[] = [],
): Promise<T> {
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-'));
  const system = await startSystem({
    ports: E2E_PORTS,
    dataDir,
    releasesDir: `${dataDir}-releases`,
    logDir: path.join(ROOT, 'bench-results', 'logs'),
    env: serverEnv,
  });
  try {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...browserArgs],
    });
    try {
      return await work(browser, system.env, { pid: () => system.server.pid });
    } finally {
      await browser.close();
    }
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-releases`, { recursive: true, force: true });
  }
}
