import { defineConfig } from '@playwright/test';
import { orderedProjects } from './support/order';
import { SHELL } from './support/system';

/** Keeps Debian's Chromium off the network (see /work/shared/TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  globalSetup: './support/global-setup.ts',
  // 2 cores: one worker, and a failure is a failure (no retries).
  workers: 1,
  retries: 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/results.json' }]],
  use: {
    baseURL: SHELL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // A failure keeps its trace (actions and DOM snapshots); its screencast would cost a fifth of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
  },
  // E2E_ORDER=reverse (or a comma-separated list of spec files) runs the files in that order: support/order.ts.
  projects: orderedProjects(process.env.E2E_ORDER),
});
