// The back office's first screens as staff meet them: JS on the wire (br, as sent) and requests before each
// is usable, per origin, with the 10 largest chunks (login page; the Dashboard with its shell, menu, widget
// frames and bell; the first chart painted; My Applications' first row; every remote's entry), and the time
// from "Log in" to the Dashboard usable and to the first chart painted at CPU 1× and 4× (three runs, medians).
// Bytes are exact whatever the load; timings are a shape on a busy machine. js-budget.spec.ts checks the
// same bytes (measureFirstScreens) against e2e/support/js-budgets.ts.
import type { Browser, Page } from 'playwright-core';
import { type FirstScreen, JS_BUDGETS, type JsBudget, overBudget } from '../support/js-budgets';
import { E2E_PORTS, SHELL } from '../support/system-under-test';
import { median } from './stats';
import { byOrigin, largest, measuredSoFar, recordScripts, type ScriptFile, sizes, wireBytes } from './wire';

const THROTTLES = [1, 4] as const;
const RUNS = Number(process.env.BENCH_FIRST_SCREENS_RUNS || 3);
const LOGIN_TO_CHART_GOAL_MS: Record<(typeof THROTTLES)[number], number> = { 1: 1000, 4: 3000 };
const TIMEOUT_MS = 120_000;

/** 'http://127.0.0.1:3136' → 'mfe-reports' (the system's ports name its origins). */
function originName(origin: string): string {
  const port = Number(new URL(origin).port);
  const key = Object.entries(E2E_PORTS).find(([, p]) => p === port)?.[0];
  return key
    ? key
        .replace(/_PORT$/, '')
        .toLowerCase()
        .replace(/_/g, '-')
    : origin;
}

interface ScreenJs {
  wireKiB: number;
  gzipKiB: number;
  rawKiB: number;
  files: number;
  /** KiB br per app (shell, mfe-…). */
  byApp: Record<string, number>;
  largest: ReturnType<typeof largest>;
}

function screenJs(files: readonly ScriptFile[]): ScreenJs {
  const perOrigin = byOrigin(files);
  return {
    ...sizes(files),
    byApp: Object.fromEntries(Object.entries(perOrigin).map(([origin, kib]) => [originName(origin), kib])),
    largest: largest(files, 10, 'wire'),
  };
}

/**
 * Widgets load when they come near the screen (IntersectionObserver): held until the page releases them, the
 * Dashboard stands with its frames alone, so what it needs is measured apart from what its widgets bring.
 * No named inner functions (tsx's __name helper does not exist in the page).
 */
function holdIntersectionObservers() {
  const Real = window.IntersectionObserver;
  const held: (() => void)[] = [];
  let released = false;
  window.IntersectionObserver = class extends Real {
    override observe(target: Element) {
      if (released) super.observe(target);
      else held.push(() => super.observe(target));
    }
  };
  (window as unknown as { __releaseObservers: () => void }).__releaseObservers = () => {
    released = true;
    for (const observe of held.splice(0)) observe();
  };
}

/** The Dashboard is usable: the menu, a widget's frame and the bell are on screen. */
async function dashboardShown(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Back-office menu' }).waitFor({ timeout: TIMEOUT_MS });
  await page.locator('[data-testid^="widget-"]').first().waitFor({ timeout: TIMEOUT_MS });
  await page.getByRole('button', { name: /^Notifications/ }).waitFor({ timeout: TIMEOUT_MS });
}

const FIRST_CHART = 'figure[data-chart] svg';

export type ScreensJs = Record<FirstScreen, ScreenJs>;

/**
 * Each first screen's JS, cumulative from its page load, in a fresh context: the login page signed out; then,
 * signed in by `signIn` (which opens the Dashboard), the Dashboard with its widgets held, the first chart once
 * they are let go, and My Applications' first row from the menu.
 */
export async function measureFirstScreens(
  browser: Pick<Browser, 'newContext'>,
  signIn: (page: Page) => Promise<void>,
): Promise<ScreensJs> {
  const out: Partial<ScreensJs> = {};
  const signedOut = await browser.newContext({ baseURL: SHELL });
  try {
    const page = await signedOut.newPage();
    const log = recordScripts(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    out.login = screenJs(await measuredSoFar(log));
  } finally {
    await signedOut.close();
  }
  const context = await browser.newContext({ baseURL: SHELL });
  try {
    const page = await context.newPage();
    await page.addInitScript(holdIntersectionObservers);
    const log = recordScripts(page);
    await signIn(page);
    await dashboardShown(page);
    await page.waitForLoadState('networkidle');
    out.dashboard = screenJs(await measuredSoFar(log));
    await page.evaluate(() => (window as unknown as { __releaseObservers: () => void }).__releaseObservers());
    await page.locator(FIRST_CHART).first().waitFor({ timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    out.firstChart = screenJs(await measuredSoFar(log));
    await page
      .getByRole('navigation', { name: 'Back-office menu' })
      .getByRole('link', { name: 'My Applications', exact: true })
      .click();
    await page.getByRole('grid').locator('.MuiDataGrid-row').first().waitFor({ timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    out.myApplications = screenJs(await measuredSoFar(log));
  } finally {
    await context.close();
  }
  return out as ScreensJs;
}

/** Each remote's remoteEntry.js as sent (br), named by its mf-manifest.json (a release renames it), from /remotes.json. */
export async function remoteEntries(): Promise<Record<string, number>> {
  const json = async <T>(url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.json()) as T;
  };
  const env = await json<{ remotesManifestUrl: string }>(`${SHELL}/env.json`);
  const manifest = await json<{ remotes: { entry: string }[] }>(env.remotesManifestUrl);
  const entries = await Promise.all(
    manifest.remotes.map(async (remote) => {
      const federation = await json<{ metaData: { remoteEntry: { name: string; path: string } } }>(remote.entry);
      const { name, path } = federation.metaData.remoteEntry;
      const url = new URL(`${path ? `${path}/` : ''}${name}`, remote.entry).href;
      const bytes = await wireBytes(url, 'br, gzip');
      return [originName(new URL(url).origin), Math.round((bytes / 1024) * 10) / 10] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * When the Dashboard became usable and when its first chart was painted, in the page's clock (epoch ms, so a
 * document that replaces another still counts from the same origin): the frame after the DOM first holds it.
 * No named inner functions: tsx's name-keeping helper (__name) does not exist in the page.
 */
function markFirstScreens() {
  const marks: { usable?: number; chart?: number } = {};
  (window as unknown as { __loginMarks: typeof marks }).__loginMarks = marks;
  new MutationObserver(() => {
    const usable =
      document.querySelector('nav[aria-label="Back-office menu"]') &&
      document.querySelector('[data-testid^="widget-"]') &&
      document.querySelector('button[aria-label^="Notifications"]');
    const chart = document.querySelector('figure[data-chart] svg');
    if ((usable && marks.usable === undefined) || (chart && marks.chart === undefined)) {
      requestAnimationFrame(() => {
        if (usable) marks.usable ??= Date.now();
        if (chart) marks.chart ??= Date.now();
      });
    }
  }).observe(document, { childList: true, subtree: true });
}

interface LoginRun {
  usableMs: number;
  chartMs: number;
}

async function loginRun(browser: Browser, rate: number): Promise<LoginRun> {
  const context = await browser.newContext({ baseURL: SHELL });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(markFirstScreens);
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Username' }).fill('officer');
    await page.getByRole('textbox', { name: 'Password' }).fill('Officer@123');
    const clicked = await page.evaluate(() => Date.now());
    await page.getByRole('button', { name: 'Log in' }).click();
    await dashboardShown(page);
    await page.locator(FIRST_CHART).first().waitFor({ timeout: TIMEOUT_MS });
    const marks = await page.waitForFunction(
      () => {
        const m = (window as unknown as { __loginMarks: { usable?: number; chart?: number } }).__loginMarks;
        return m.usable !== undefined && m.chart !== undefined ? m : null;
      },
      undefined,
      { timeout: TIMEOUT_MS, polling: 100 },
    );
    const { usable, chart } = (await marks.jsonValue()) as { usable: number; chart: number };
    return { usableMs: usable - clicked, chartMs: chart - clicked };
  } finally {
    await context.close();
  }
}

export interface FirstScreensFigures {
  screens: ScreensJs;
  remoteEntries: Record<string, number>;
  budgets: typeof JS_BUDGETS;
  overBudget: string[];
  timings: Record<string, { usableMs: number; chartMs: number; runs: LoginRun[]; failures: string[] }>;
}

export async function firstScreensBench(
  browser: Browser,
  signIn: (page: Page) => Promise<void>,
): Promise<FirstScreensFigures> {
  const screens = await measureFirstScreens(browser, signIn);
  const entries = await remoteEntries();
  const timings: FirstScreensFigures['timings'] = {};
  for (const rate of THROTTLES) {
    const runs: LoginRun[] = [];
    const failures: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A run that times out on a busy machine is said, not fatal: the bytes above are the exact part.
      await loginRun(browser, rate).then(
        (run) => runs.push(run),
        (error: unknown) =>
          failures.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)),
      );
    }
    timings[`${rate}x`] = {
      usableMs: median(runs.map((r) => r.usableMs)),
      chartMs: median(runs.map((r) => r.chartMs)),
      runs,
      failures,
    };
  }
  return {
    screens,
    remoteEntries: entries,
    budgets: JS_BUDGETS,
    overBudget: overBudget(screens, entries),
    timings,
  };
}

type Row = [string, string, string];

const budgetNote = (budget: JsBudget | undefined, kib: number, files?: number) =>
  budget
    ? `budget ${budget.wireKiB} KiB${budget.files ? `, ${budget.files} files` : ''}: ${
        kib <= budget.wireKiB * 1.1 && (files === undefined || !budget.files || files <= budget.files * 1.1)
          ? 'within'
          : 'OVER'
      }`
    : '';

const SCREEN_LABELS: Record<FirstScreen, string> = {
  login: 'login page',
  dashboard: 'Dashboard usable (shell, menu, widget frames, bell)',
  firstChart: 'Dashboard, first chart painted',
  myApplications: 'My Applications, first row (after the Dashboard)',
};

/** The table rows run.ts prints. */
export function firstScreensRows(f: FirstScreensFigures): Row[] {
  const rows: Row[] = [];
  for (const [screen, js] of Object.entries(f.screens) as [FirstScreen, ScreenJs][]) {
    rows.push([
      `JS before ${SCREEN_LABELS[screen]}`,
      `${js.wireKiB} KiB br in ${js.files} files`,
      `${budgetNote(JS_BUDGETS.screens[screen], js.wireKiB, js.files)} (gzip ${js.gzipKiB} KiB)`,
    ]);
    for (const [app, kib] of Object.entries(js.byApp)) {
      const appBudget = JS_BUDGETS.screens[screen].byApp?.[app];
      rows.push([
        `  from ${app}`,
        `${kib} KiB`,
        appBudget === undefined ? '' : budgetNote({ wireKiB: appBudget }, kib),
      ]);
    }
    rows.push([
      '  largest',
      js.largest
        .slice(0, 10)
        .map((l) => `${l.path.replace(/^.*\//, '')} ${l.wireKiB}`)
        .join(', '),
      'KiB br',
    ]);
  }
  for (const [app, kib] of Object.entries(f.remoteEntries)) {
    rows.push([`${app} remoteEntry.js`, `${kib} KiB br`, budgetNote(JS_BUDGETS.remoteEntries[app], kib)]);
  }
  for (const [rate, t] of Object.entries(f.timings)) {
    const goal = LOGIN_TO_CHART_GOAL_MS[Number(rate.replace('x', '')) as (typeof THROTTLES)[number]];
    rows.push([
      `login → Dashboard usable / first chart painted, CPU ${rate} (median of ${t.runs.length})`,
      `${t.usableMs} ms / ${t.chartMs} ms`,
      `first chart goal ≤ ${goal} ms: ${t.chartMs <= goal ? 'met' : 'NOT met'}; runs ${t.runs.map((r) => `${r.usableMs}/${r.chartMs}`).join(', ')}${t.failures.length > 0 ? `; ${t.failures.length} failed: ${t.failures[0]}` : ''}`,
    ]);
  }
  return rows;
}
