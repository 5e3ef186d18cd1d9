// The back office's list as staff meet it: logged in (the Dashboard shown and settled), the menu's "My
// Applications" clicked, until the grid's first row is painted, at CPU throttle 1× and 4× (CDP
// Emulation.setCPUThrottlingRate, as largeForm.ts), three cold runs each (a new context: the applications
// remote loads on demand), medians. Beside the time, what does not depend on the machine's load: the long
// tasks after the click (count, summed), the main thread's task time (CDP Performance metrics) and the
// requests the page made, in order, with their start and end from the click (a waterfall shows).
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SHELL } from '../support/system-under-test';
import { appendHistory, throttled } from './largeForm';
import { median, round1 } from './stats';

const LIST_PAGE_THROTTLES = [1, 4] as const;
type Throttle = (typeof LIST_PAGE_THROTTLES)[number];
const RUNS = 3;
const QUIET_MS = 1000;
/** Issue goals: menu click to first row painted. */
const LIST_PAGE_GOAL_MS: Record<Throttle, number> = { 1: 500, 4: 1500 };

interface ListPageRequest {
  path: string;
  startMs: number;
  endMs: number;
}

interface ListPageRun {
  firstRowMs: number;
  longTasks: number;
  longTaskMs: number;
  /** Main-thread task time from the click to the first row (CDP Performance.getMetrics TaskDuration). */
  mainThreadMs: number;
  requests: ListPageRequest[];
}

interface ListPageSummary {
  throttle: Throttle;
  runs: ListPageRun[];
  firstRowMedianMs: number;
  longTasksMedian: number;
  longTaskMsMedian: number;
  mainThreadMedianMs: number;
}

export interface ListPageFigures {
  loadAverageAtStart: number[];
  summaries: ListPageSummary[];
}

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
  }
}

function recordLongTasks() {
  // The default buffer (250 entries) is full before the list's calls once the back office has loaded.
  performance.setResourceTimingBufferSize(10_000);
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks?.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

export async function loggedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(recordLongTasks);
  await page.goto(SHELL);
  await page.getByRole('textbox', { name: 'Username' }).fill('officer');
  await page.getByRole('textbox', { name: 'Password' }).fill('Officer@123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Back-office menu' }).waitFor();
  await page.waitForLoadState('networkidle');
  // The landing page may still be drawing: the click comes once the main thread has been quiet for a second.
  await page.waitForFunction(
    (quietMs) => {
      const last = (window.__longTasks ?? []).reduce((end, t) => Math.max(end, t.start + t.duration), 0);
      return performance.now() - last > quietMs;
    },
    QUIET_MS,
    { polling: 250, timeout: 60_000 },
  );
  return page;
}

/** The long tasks and the requests (their times from `from`, their encoded bytes) between two page times. */
export function seenAfterClick(page: Page, from: number, to: number) {
  return page.evaluate(
    ({ from, to }) => ({
      longTasks: (window.__longTasks ?? []).filter((t) => t.start >= from && t.start < to),
      requests: performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= from && e.startTime < to)
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return { url: r.name, startMs: r.startTime - from, endMs: r.responseEnd - from, bytes: r.encodedBodySize };
        }),
    }),
    { from, to },
  );
}

/** Clicks the menu entry in the page and resolves at the first frame painted after a grid row exists. */
export function clickToFirstRow(): Promise<{ t0: number; firstRowMs: number }> {
  return new Promise((resolve) => {
    const menu = document.querySelector('nav[aria-label="Back-office menu"]');
    const entry = [...(menu?.querySelectorAll('a, [role="button"], button') ?? [])].find(
      (e) => e.textContent?.trim() === 'My Applications',
    );
    if (!(entry instanceof HTMLElement)) throw new Error('no My Applications entry in the menu');
    const t0 = performance.now();
    // No named inner functions: the bundler's name helper does not exist in the page.
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="grid"] .MuiDataGrid-row[data-id]')) return;
      observer.disconnect();
      // A row of data (the loading overlay's skeleton rows have no data-id); painted in the frame after.
      requestAnimationFrame(() => setTimeout(() => resolve({ t0, firstRowMs: performance.now() - t0 })));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    entry.click();
  });
}

async function oneRun(browser: Browser, throttle: Throttle): Promise<ListPageRun> {
  const context = await browser.newContext();
  try {
    const page = await loggedIn(context);
    const cdp = await throttled(context, page, throttle);
    await cdp.send('Performance.enable');
    const taskDuration = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    };
    const before = await taskDuration();
    const { t0, firstRowMs } = await page.evaluate(clickToFirstRow);
    const mainThreadMs = (await taskDuration()) - before;
    const end = t0 + firstRowMs;
    const seen = await seenAfterClick(page, t0, end);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      firstRowMs: round1(firstRowMs),
      longTasks: seen.longTasks.length,
      longTaskMs: round1(seen.longTasks.reduce((sum, t) => sum + t.duration, 0)),
      mainThreadMs: round1(mainThreadMs),
      requests: seen.requests.map((r) => ({
        path: new URL(r.url).pathname,
        startMs: round1(r.startMs),
        endMs: round1(r.endMs),
      })),
    };
  } finally {
    await context.close();
  }
}

export async function listPageBench(browser: Browser): Promise<ListPageFigures> {
  const loadAverageAtStart = loadavg();
  const summaries: ListPageSummary[] = [];
  for (const throttle of LIST_PAGE_THROTTLES) {
    const runs: ListPageRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, throttle));
    summaries.push({
      throttle,
      runs,
      firstRowMedianMs: median(runs.map((r) => r.firstRowMs)),
      longTasksMedian: median(runs.map((r) => r.longTasks)),
      longTaskMsMedian: median(runs.map((r) => r.longTaskMs)),
      mainThreadMedianMs: median(runs.map((r) => r.mainThreadMs)),
    });
  }
  return { loadAverageAtStart, summaries };
}

/** The headline figures in bench-results/history.jsonl, so a regression shows. */
export function appendListPageHistory(figures: ListPageFigures | { failed: string }): string {
  const headline =
    'failed' in figures
      ? figures
      : figures.summaries.map((s) => ({
          throttle: s.throttle,
          firstRowMedianMs: s.firstRowMedianMs,
          longTasksMedian: s.longTasksMedian,
          longTaskMsMedian: s.longTaskMsMedian,
          mainThreadMedianMs: s.mainThreadMedianMs,
        }));
  return appendHistory({ listPage: headline }, 'failed' in figures ? [] : figures.loadAverageAtStart);
}

/** The API calls of the median run, in order: which ran at once and which waited for another. */
function requestOrder(run: ListPageRun): string {
  const api = run.requests.filter((r) => !r.path.endsWith('.js') && !r.path.endsWith('.json'));
  return api.map((r) => `${r.path} ${Math.round(r.startMs)}→${Math.round(r.endMs)}`).join(', ') || 'none';
}

export function listPageRows(figures: ListPageFigures): [string, string, string][] {
  return figures.summaries.flatMap((s): [string, string, string][] => {
    const mid = [...s.runs].sort((a, b) => a.firstRowMs - b.firstRowMs)[Math.floor(s.runs.length / 2)];
    const scripts = mid ? mid.requests.filter((r) => r.path.endsWith('.js')).length : 0;
    return [
      [
        `list page: menu My Applications → first row painted, CPU ${s.throttle}× (median of ${s.runs.length})`,
        `${s.firstRowMedianMs} ms`,
        `goal ≤ ${LIST_PAGE_GOAL_MS[s.throttle]} ms: ${s.firstRowMedianMs <= LIST_PAGE_GOAL_MS[s.throttle] ? 'met' : 'NOT met'} (load average at start ${figures.loadAverageAtStart.map((n) => n.toFixed(2)).join(' ')})`,
      ],
      [
        `  long tasks, main-thread time, scripts fetched (CPU ${s.throttle}×)`,
        `${s.longTasksMedian} tasks, ${s.longTaskMsMedian} ms; ${s.mainThreadMedianMs} ms`,
        `${scripts} scripts; API calls (ms from the click): ${mid ? requestOrder(mid) : '—'}`,
      ],
    ];
  });
}
