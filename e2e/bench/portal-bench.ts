// Chromium on the standalone applicant portal (mfe-customer-flow on its own origin):
// - the generated 500-field flow (shared/flow-engine/bench/generateFlow.ts), served as product 'BENCH' by
//   intercepting the portal's configuration calls (the server is not changed): first render, and
//   keystroke-to-next-paint (Event Timing) while typing into the field rules and formulas depend on;
// - JS on the wire before the seeded products' first step (or captcha) is usable.

import path from 'node:path';
import { API_PATHS, apiPath, type FlowConfig } from '@originate/contract';
import { ENGINE_VERSION } from '@originate/flow-engine';
import { generateFlow } from '@originate/flow-engine/bench/generateFlow';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import type { Browser, Page } from 'playwright-core';
import { API } from '../support/system-under-test';
import { BENCH_PRODUCT, type BenchConfig, PORTAL, serveBenchFlow } from './benchFlowRoutes';
import { median, percentile, round1 } from './stats';
import { largest, measuredSoFar, recordScripts, type ScriptFile, sizes } from './wire';

export { BENCH_PRODUCT, type BenchConfig, PORTAL };

/** Event Timing reports nothing shorter than this (the smallest threshold the API allows). */
export const EVENT_THRESHOLD_MS = 16;
const RENDER_RUNS = 5;
const RENDER_TIMEOUT_MS = 60_000;
const FAILURE_SCREENSHOT = path.join(ROOT, 'bench-results', 'bench-flow-failure.png');
/** Ten digits typed then ten deleted, three times: the driver crosses every rule threshold both ways. */
const KEYS = Array.from({ length: 3 }, () => [
  ...'1234567890'.split(''),
  ...Array<string>(10).fill('Backspace'),
]).flat();
/** Between keys, as a quick typist: every key gets its own frame. */
const KEY_GAP_MS = 120;

export function benchConfig(): BenchConfig {
  const generated = generateFlow();
  const main = generated.components[0];
  const driver = main?.fields.find((f) => f.key === generated.driverKey);
  if (!driver) throw new Error('generateFlow: the driver field is missing');
  return {
    flow: generated.flow,
    components: generated.components,
    rules: generated.rules,
    options: generated.options,
    values: generated.values,
    driverLabel: driver.label,
  };
}

interface PageProbe {
  /** ms from navigation start: the driver field was in the DOM, visible and enabled. */
  inDom: number;
  /** ms from navigation start: the frame after that was painted (rAF, then a task). */
  painted: number;
  /** Form controls (inputs, text areas, comboboxes, spin buttons) in the form at that moment. */
  controls: number;
  /** ms from navigation start: the last API answer (configuration) and the last script had arrived. */
  apiDone: number;
  scriptsDone: number;
}

export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  /** Input delay is processingStart − startTime; the rest after processingEnd is rendering to the paint. */
  processingStart: number;
  processingEnd: number;
}

declare global {
  interface Window {
    __bench?: { render?: PageProbe; events: EventEntry[]; keydowns: number[] };
    __eventTiming?: EventEntry[];
  }
}

/**
 * In the page before any script (an init script, added before a bench's own): every Event Timing entry
 * (type 'event', threshold 16 ms = EVENT_THRESHOLD_MS, a literal because this source runs in the page,
 * buffered) into window.__eventTiming, which the benches' probes read.
 */
export function recordEventTiming(): void {
  const entries: EventEntry[] = [];
  window.__eventTiming = entries;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e instanceof PerformanceEventTiming)
        entries.push({
          name: e.name,
          startTime: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
        });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** The configuration calls a BENCH flow screen waits for (product, flow, rules, components, options). */
function configUrls(flow: FlowConfig): string[] {
  return [
    apiPath('productDetails', { productCode: BENCH_PRODUCT }),
    apiPath('flowConfigById', { verNum: flow.verNum, flowId: flow.flowId }),
    API_PATHS.fetchRules,
    API_PATHS.componentsConfigs,
    API_PATHS.fieldsConfig,
  ].map((p) => `${API}${p}`);
}

/**
 * In the page before any script: Event Timing entries (type 'event', threshold 16 ms, buffered), the
 * time stamp of every keydown, and when the field labelled `label` first stands in the form usable (with
 * when the scripts and the `config` calls had answered).
 * No named inner functions: the bench runs under tsx, whose name-keeping helper (__name) does not exist
 * in the page this source is sent to.
 */
function instrument({ label, config }: { label: string; config: string[] }): void {
  // The entries recordEventTiming (an init script added before this one) collects.
  const bench: NonNullable<Window['__bench']> = { events: window.__eventTiming ?? [], keydowns: [] };
  window.__bench = bench;
  addEventListener('keydown', (e) => bench.keydowns.push(e.timeStamp), true);
  const controls =
    'input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [role="combobox"], [role="spinbutton"]';
  const observer = new MutationObserver(() => {
    if (bench.render) return;
    let usable = false;
    for (const l of document.querySelectorAll('form label')) {
      if (!(l instanceof HTMLLabelElement) || !l.textContent?.trim().startsWith(label)) continue;
      const input = l.htmlFor ? document.getElementById(l.htmlFor) : null;
      usable ||= input instanceof HTMLInputElement && !input.disabled && input.getClientRects().length > 0;
    }
    if (!usable) return;
    observer.disconnect();
    const inDom = performance.now();
    const count = document.querySelectorAll(`form :is(${controls})`).length;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const apiDone = Math.max(
      0,
      ...resources.filter((r) => config.includes(r.name.split('?')[0] ?? '')).map((r) => r.responseEnd),
    );
    const scriptsDone = Math.max(0, ...resources.filter((r) => r.initiatorType === 'script').map((r) => r.responseEnd));
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        bench.render = { inDom, painted: performance.now(), controls: count, apiDone, scriptsDone };
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/** The probe of the page's first render; if it never comes, what the page shows instead (and a screenshot). */
async function renderProbe(page: Page): Promise<PageProbe> {
  try {
    const handle = await page.waitForFunction(() => window.__bench?.render, undefined, { timeout: RENDER_TIMEOUT_MS });
    return (await handle.jsonValue()) as PageProbe;
  } catch (error) {
    const shown = await page
      .locator('body')
      .textContent()
      .catch(() => '');
    await page.screenshot({ path: FAILURE_SCREENSHOT }).catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `the field never stood usable in the form (${reason}); the page shows: ${(shown ?? '').replace(/\s+/g, ' ').slice(0, 400)} (screenshot ${FAILURE_SCREENSHOT})`,
    );
  }
}

async function openBenchFlow(page: Page, config: BenchConfig): Promise<PageProbe> {
  await serveBenchFlow(page, config, ENGINE_VERSION);
  await page.addInitScript(recordEventTiming);
  await page.addInitScript(instrument, { label: config.driverLabel, config: configUrls(config.flow) });
  await page.goto(`${PORTAL}/newapplication?product=${BENCH_PRODUCT}`);
  return renderProbe(page);
}

export type Ms = number | `< ${typeof EVENT_THRESHOLD_MS}`;

/** A percentile over keystrokes where unreported ones (under the threshold) sort first. */
export function keyPercentile(reported: readonly number[], keys: number, p: number): Ms {
  const all = [...Array<number>(keys - reported.length).fill(-1), ...[...reported].sort((a, b) => a - b)];
  const value = percentile(all, p);
  return value < 0 ? `< ${EVENT_THRESHOLD_MS}` : value;
}

const KEY_EVENT_TYPES = new Set(['keydown', 'keypress', 'input', 'keyup']);

/**
 * Per keystroke (its keydown's time stamp up to the next key's), the longest Event Timing entry of its
 * keydown, keypress, input and keyup: input to next paint. null when none was reported (under the threshold).
 */
export function keyDurations(keydowns: readonly number[], events: readonly EventEntry[]): (number | null)[] {
  const typing = events.filter((e) => KEY_EVENT_TYPES.has(e.name));
  return keydowns.map((start, i) => {
    const end = keydowns[i + 1] ?? Number.POSITIVE_INFINITY;
    const mine = typing.filter((e) => e.startTime >= start && e.startTime < end);
    return mine.length === 0 ? null : Math.max(...mine.map((e) => e.duration));
  });
}

/** Typing into the driver: per keystroke the longest of its events (keydown, keypress, input, keyup). */
async function typeIntoDriver(page: Page, label: string, filled: boolean) {
  if (filled) {
    // A device draft of an application the server never got is sent at once; the server knows no product
    // BENCH and refuses it. Its error dialog is closed so the keys go to the field (no further saves follow).
    const dialog = page.getByRole('dialog').filter({ hasText: 'We encountered following errors' });
    await dialog.getByRole('button', { name: 'Close' }).click({ timeout: RENDER_TIMEOUT_MS });
    await dialog.waitFor({ state: 'hidden' });
  }
  const field = page.getByLabel(label, { exact: false }).first();
  await field.click();
  await page.waitForTimeout(1000);
  const before = await page.evaluate(() => ({
    events: window.__bench?.events.length ?? 0,
    keydowns: window.__bench?.keydowns.length ?? 0,
  }));
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await page.waitForTimeout(KEY_GAP_MS);
  }
  await page.waitForTimeout(1000);
  const seen = await page.evaluate(
    (b) => ({
      events: window.__bench?.events.slice(b.events) ?? [],
      keydowns: window.__bench?.keydowns.slice(b.keydowns) ?? [],
    }),
    before,
  );
  const typing = seen.events.filter((e) => KEY_EVENT_TYPES.has(e.name));
  const reported = keyDurations(seen.keydowns, seen.events).filter((d): d is number => d !== null);
  // Where the time of each key over the threshold went: waiting for the main thread, the handlers, then
  // style, layout and paint up to the next frame (of its longest event).
  const slowKeys = seen.keydowns.flatMap((start, i) => {
    const end = seen.keydowns[i + 1] ?? Number.POSITIVE_INFINITY;
    const mine = typing.filter((e) => e.startTime >= start && e.startTime < end);
    if (mine.length === 0) return [];
    const worst = mine.reduce((a, b) => (b.duration > a.duration ? b : a));
    return [
      {
        key: KEYS[i],
        index: i,
        durationMs: worst.duration,
        inputDelayMs: round1(worst.processingStart - worst.startTime),
        handlersMs: round1(worst.processingEnd - worst.processingStart),
        toPaintMs: round1(worst.startTime + worst.duration - worst.processingEnd),
      },
    ];
  });
  const byType = Object.fromEntries(
    [...KEY_EVENT_TYPES].map((name) => {
      const durations = typing.filter((e) => e.name === name).map((e) => e.duration);
      return [name, { reported: durations.length, max: durations.length > 0 ? Math.max(...durations) : null }];
    }),
  );
  return {
    keysTyped: KEYS.length,
    keydownsSeen: seen.keydowns.length,
    keysReported: reported.length,
    keysUnderThreshold: seen.keydowns.length - reported.length,
    p50: keyPercentile(reported, seen.keydowns.length, 50),
    p95: keyPercentile(reported, seen.keydowns.length, 95),
    max: reported.length > 0 ? Math.max(...reported) : (`< ${EVENT_THRESHOLD_MS}` as Ms),
    reportedDurations: reported,
    keysOverThreshold: slowKeys.filter((k) => k.durationMs > EVENT_THRESHOLD_MS),
    entriesByType: byType,
    finalValue: await field.inputValue(),
    focusKept: await field.evaluate((el) => el === document.activeElement),
  };
}

/** First render of the generated flow (cold: new browser context each run; warm: a reload) and typing. */
/** A blank page on the portal's origin (never sent to the server): where the draft is written. */
const SEED_PAGE = `${PORTAL}/__bench_seed`;

/**
 * This device's draft of a not yet saved BENCH application, holding every field's value (the portal's
 * documented draft store: IndexedDB 'originate-customer-flow', store 'drafts', key 'new:<product>').
 * Marked synced, so the portal shows it without sending it to the server (which knows no BENCH).
 */
async function seedDraft(page: Page, config: BenchConfig): Promise<void> {
  await page.route(SEED_PAGE, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }),
  );
  await page.goto(SEED_PAGE);
  const [section, subSection] = [config.flow.sections[0], config.flow.sections[0]?.sub_sections[0]];
  const record = {
    productCode: BENCH_PRODUCT,
    customFields: config.values,
    jointApplicants: [],
    section_id: section?.section_id,
    sub_section_id: subSection?.sub_section_id,
    updatedAt: Date.now(),
    unsynced: false,
  };
  await page.evaluate(
    ({ key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('originate-customer-flow');
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('drafts', 'readwrite');
          tx.objectStore('drafts').put(value, key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { key: `new:${BENCH_PRODUCT}`, value: record },
  );
  await page.unroute(SEED_PAGE);
}

const summary = (probes: readonly PageProbe[]) => ({
  medianMs: round1(median(probes.map((p) => p.painted))),
  runsMs: probes.map((p) => round1(p.painted)),
  inDomMedianMs: round1(median(probes.map((p) => p.inDom))),
  /** Where the time went (medians): scripts loaded, then the configuration answered, then the render. */
  scriptsLoadedMedianMs: round1(median(probes.map((p) => p.scriptsDone))),
  configLoadedMedianMs: round1(median(probes.map((p) => p.apiDone))),
  renderAfterConfigMedianMs: round1(median(probes.map((p) => p.painted - p.apiDone))),
  controls: probes[0]?.controls ?? 0,
});

/** First renders (cold: a new browser context each run; warm: a reload of it), then typing on the last run. */
async function benchVariant(browser: Browser, config: BenchConfig, filled: boolean) {
  const cold: PageProbe[] = [];
  const warm: PageProbe[] = [];
  let typing: Awaited<ReturnType<typeof typeIntoDriver>> | null = null;
  for (let run = 0; run < RENDER_RUNS; run++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      if (filled) await seedDraft(page, config);
      cold.push(await openBenchFlow(page, config));
      await page.reload();
      warm.push(await renderProbe(page));
      if (run === RENDER_RUNS - 1) typing = await typeIntoDriver(page, config.driverLabel, filled);
    } finally {
      await context.close();
    }
  }
  return {
    values: filled
      ? "this device's draft of an unsaved application: every field filled, 50 table rows (the server refuses its save: it knows no BENCH; the error dialog is closed before typing)"
      : 'new application: defaults only',
    firstRenderCold: summary(cold),
    firstRenderWarm: summary(warm),
    typing,
  };
}

export type FlowVariant = Awaited<ReturnType<typeof benchVariant>>;

/** The generated flow, as a new application and with every field filled. */
export async function benchFlowInChromium(browser: Browser) {
  const config = benchConfig();
  return {
    fields: config.components[0]?.fields.length ?? 0,
    rules: config.rules.length,
    driverLabel: config.driverLabel,
    empty: await benchVariant(browser, config, false),
    filled: await benchVariant(browser, config, true),
  };
}

/** What the page must show for a seeded product's first screen to be usable. */
type Usable = 'first step' | 'captcha';

async function waitUsable(page: Page, what: Usable): Promise<void> {
  if (what === 'captcha') {
    await page.getByRole('heading', { name: 'Before you start' }).waitFor({ timeout: RENDER_TIMEOUT_MS });
    await page.getByText("I'm not a robot", { exact: true }).waitFor({ timeout: RENDER_TIMEOUT_MS });
    return;
  }
  const control = page
    .locator('form')
    .locator('input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [role="combobox"], [role="spinbutton"]')
    .first();
  await control.waitFor({ timeout: RENDER_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Next', exact: true }).waitFor({ timeout: RENDER_TIMEOUT_MS });
}

export interface PortalJs {
  product: string;
  until: string;
  atUsable: ReturnType<typeof sizes>;
  afterNetworkIdle: ReturnType<typeof sizes>;
  largestAtUsable: ReturnType<typeof largest>;
}

/** JS on the wire from a cold start of /newapplication?product=<code> until the screen is usable. */
async function portalJsFor(browser: Browser, product: string, steps: Usable[]): Promise<PortalJs> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const log = recordScripts(page);
    await page.goto(`${PORTAL}/newapplication?product=${product}`);
    let atUsable: ScriptFile[] = [];
    for (const what of steps) {
      if (what === 'first step' && steps.includes('captcha'))
        await page.getByText("I'm not a robot", { exact: true }).click();
      await waitUsable(page, what);
      atUsable = await measuredSoFar(log);
    }
    await page.waitForLoadState('networkidle');
    return {
      product,
      until: steps.join(', then '),
      atUsable: sizes(atUsable),
      afterNetworkIdle: sizes(await measuredSoFar(log)),
      largestAtUsable: largest(atUsable, 10),
    };
  } finally {
    await context.close();
  }
}

/** HL asks for a captcha before its first step: measured at the captcha and after it; PL straight to its first step. */
export async function portalJs(browser: Browser): Promise<PortalJs[]> {
  return [
    await portalJsFor(browser, 'HL', ['captcha']),
    await portalJsFor(browser, 'HL', ['captcha', 'first step']),
    await portalJsFor(browser, 'PL', ['first step']),
  ];
}
