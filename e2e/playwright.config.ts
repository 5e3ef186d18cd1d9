import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { defaultProjects, orderedProjects } from './support/order';
import { RUN_SUFFIX, SHELL } from './support/system-under-test';

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

/**
 * Debian's old headless shell (package chromium-headless-shell, the same Blink as /usr/bin/chromium without the
 * browser's UI layers): the tests' Chromium spent a fifth less CPU in it (20.7 against 25.8 CPU-s on 7 tests).
 * npm test installs it; where it is missing, the full browser. E2E_CHROMIUM names another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // Per offset (RUN_SUFFIX), so two runs at once keep their own; npm test names its reports (tools/scripts/test.mjs).
  outputDir: process.env.E2E_ARTIFACTS_DIR || `./test-results/artifacts${RUN_SUFFIX}`,
  globalSetup: './support/global-setup.ts',
  // Most of a browser test's time is waiting (the page's timers and transitions, the server's pushes), not
  // CPU: two workers on 2 cores (README "Workers"); E2E_ORDER's ordered run keeps one. A failure is a
  // failure (no retries).
  workers: process.env.E2E_ORDER ? 1 : Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT || `./test-results/results${RUN_SUFFIX}.json` }],
  ],
  use: {
    baseURL: SHELL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // A user who asked for less motion (the theme honours it, shared/web ui/theme.ts): no transitions, and
    // spinners and skeletons drawn still, so the renderer does not paint a frame for each step of them.
    reducedMotion: 'reduce',
    // Off: recording a trace for every test costs a fifth of the suite's CPU, and CI keeps only the text. A
    // failing test is replayed with `npx playwright test <spec> --trace on` (README "Debugging a failure").
    trace: 'off',
  },
  // E2E_ORDER=reverse (or a comma-separated list of spec files) runs the files in that order: support/order.ts.
  projects: orderedProjects(process.env.E2E_ORDER) ?? defaultProjects(),
});
