// The large form as an applicant meets it, beside SurveyJS 3 in the same Chromium: the generated 500-field
// flow (shared/flow-engine/bench/generateFlow.ts) published on the server as product BENCH, every field
// filled (an application saved on the server, opened cold by its resume link as the applicant would; the
// same values as SurveyJS's data), at CPU throttle 1× and 4× (CDP Emulation.setCPUThrottlingRate).
// Per engine and throttle, RUNS cold runs (a new browser context each), interleaved Originate, SurveyJS, …:
// - render: navigation start → every visible field (and the table's last row) in the DOM, then the frame
//   after it painted (rAF, then a task); and when the driver field was first usable;
// - 200 keystrokes into the driver at two paces (sent on a fixed schedule over CDP, as a typist keeps
//   typing whatever the page does): Event Timing p95/max, and keystroke → its consequences on screen (the
//   formula Computed 0 and the field a rule hides at the 6th key) from a record of every animation frame;
// - in every animation frame while typing: the rule's target shown exactly when the rule holds over the
//   driver's text in that same frame (frames that disagree are counted and printed);
// - JS on the wire before every field is painted (separate cold run: counting bytes loads the machine);
// - on Originate, after typing: every formula shown equals the engine's full re-evaluation of the values
//   the page shows, and the fields hidden hold no value in the application (the portal's draft of it).
// Figures only: nothing here is a timed test.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { FieldConfig, FieldValue, FormValues, TableValue } from '@originate/contract';
import { cellKey, createFormState, type FormOptions, type FormState, setFieldValue } from '@originate/flow-engine';
import { generateFlow } from '@originate/flow-engine/bench/generateFlow';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { Model } from 'survey-core';
import { API } from '../support/system-under-test';
import { benchApplication, publishBenchFlow } from './benchApplication';
import {
  type BenchConfig,
  benchConfig,
  EVENT_THRESHOLD_MS,
  type EventEntry,
  keyDurations,
  keyPercentile,
  type Ms,
  recordEventTiming,
} from './portal-bench';
import { median, percentile, round1 } from './stats';
import { type SurveyForm, toSurveyJs } from './surveyjs/convert';
import { buildSurveyPage, SURVEYJS_URL, type SurveyPage, serveSurveyPage } from './surveyjs/serve-surveyjs';
import { measuredSoFar, recordScripts, sizes } from './wire';

/** Runs per engine and throttle; BENCH_FORM_RUNS and BENCH_FORM_THROTTLES ('1', '4', '1,4') narrow a trial. */
const RUNS = Number(process.env.BENCH_FORM_RUNS ?? 3);
const ALL_THROTTLES = [1, 4] as const;
type Throttle = (typeof ALL_THROTTLES)[number];
const THROTTLES = ALL_THROTTLES.filter((t) =>
  (process.env.BENCH_FORM_THROTTLES ?? '1,4').split(',').map(Number).includes(t),
);
/** BENCH_FORM_ENGINES ('Originate', 'SurveyJS', both by default) narrows a trial to one side. */
const ENGINES = (process.env.BENCH_FORM_ENGINES ?? 'Originate,SurveyJS').split(',');
/** A key every 80 ms is a fast typist; every 300 ms a slow one. */
const PACES = { steady: 80, slow: 300 } as const;
type Pace = keyof typeof PACES;
/** Ten digits then ten Backspaces (the amount takes ten digits), ten times: 200 keys, from and back to empty. */
const KEYS = Array.from({ length: 10 }, () => [
  ...'1234567890'.split(''),
  ...Array<string>(10).fill('Backspace'),
]).flat();
/** Typed after both paces, for the correctness check: hides the rule's target (and more). */
const FINAL_VALUE = '123456';
/** The rule's target is chosen to flip at this key of each cycle (a GREATER_THAN threshold crossed). */
const FLIP_AT_KEY = 6;
const FORMULA_KEY = 'calc0';
const RENDER_TIMEOUT_MS = 60_000;
/**
 * How long the screen may take to catch up after the last key, per unit of throttle: SurveyJS handles a
 * key of this form in 200–500 ms at 1× on these machines, so 200 keys queue up to about 100 s of work.
 */
const CATCH_UP_TIMEOUT_MS = 150_000;

const LARGE_FORM_TARGETS = {
  renderMs: { 1: 1500, 4: 5000 },
  eventP95Ms: { 1: 16, 4: 50 },
  eventMaxMs: { 1: 50 },
  consequenceP95Ms: { 1: 50, 4: 200 },
  jsKiB: 250,
  jsRequests: 40,
} as const;

type Engine = 'Originate' | 'SurveyJS';

/** What the in-page probe looks for, per engine. */
interface ProbeSpec {
  /** Elements that stand for a field, and how their key is read from them. */
  fields: string;
  keyAttribute: string;
  keyPrefix: string;
  /** Keys of the fields visible at first (the engine's initial state). */
  expected: string[];
  /** The table's last row's last cell: the table is painted whole. */
  tableLast: string;
  driver: string;
  formula: string;
  target: string;
}

/** What the screen shows of the driver's consequences: the formula's number, and whether the target shows. */
interface ScreenState {
  formula: number | null;
  shown: boolean;
}

interface Side {
  engine: Engine;
  probe: ProbeSpec;
  /** Routes, seeds and opens the form (instrumented and throttled by the caller). */
  open(page: Page): Promise<void>;
  /** What the screen must show once the driver holds this text. */
  expected(value: string): ScreenState;
}

interface Frame {
  t: number;
  text: string | null;
  shown: boolean;
}

interface FormProbe {
  render?: { inDom: number; painted: number; fields: number };
  firstUsable?: { inDom: number; painted?: number };
  events: EventEntry[];
  keydowns: number[];
  /** When each keydown's handlers ran (performance.now()): the page had taken the key in by then. */
  handled: number[];
  /** Per animation frame: time, the formula's text, whether the target shows, the driver's text. */
  frames: [number, string | null, boolean, string | null][];
  recording: boolean;
  tick?: () => void;
}

declare global {
  interface Window {
    __form?: FormProbe;
  }
}

/**
 * In the page before any script: Event Timing entries (threshold 16 ms, buffered), every keydown's time
 * stamp, and a MutationObserver that notes when the driver is first usable and when every expected field
 * and the table's last row stand in the DOM (then the frame after: rAF, then a task). `window.__form.tick`
 * records each animation frame (time, the formula's text, whether the target shows) while `recording`.
 * No named inner functions: tsx's name-keeping helper (__name) does not exist in the page.
 */
export function instrument(spec: ProbeSpec): void {
  // The entries recordEventTiming (portal.ts, an init script added before this one) collects.
  const probe: FormProbe = {
    events: window.__eventTiming ?? [],
    keydowns: [],
    handled: [],
    frames: [],
    recording: false,
  };
  window.__form = probe;
  addEventListener(
    'keydown',
    (e) => {
      probe.keydowns.push(e.timeStamp);
      probe.handled.push(performance.now());
    },
    true,
  );
  probe.tick = () => {
    if (!probe.recording) return;
    const formula = document.querySelector(spec.formula);
    const text = formula instanceof HTMLInputElement ? formula.value : formula ? (formula.textContent ?? '') : null;
    const target = document.querySelector(spec.target);
    const driver = document.querySelector(spec.driver);
    probe.frames.push([
      performance.now(),
      text,
      target?.checkVisibility() === true,
      driver instanceof HTMLInputElement ? driver.value : null,
    ]);
    requestAnimationFrame(() => probe.tick?.());
  };
  const expected = new Set(spec.expected);
  const observer = new MutationObserver(() => {
    if (!probe.firstUsable) {
      const driver = document.querySelector(spec.driver);
      if (driver instanceof HTMLInputElement && !driver.disabled) {
        const usable: NonNullable<FormProbe['firstUsable']> = { inDom: performance.now() };
        probe.firstUsable = usable;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            usable.painted = performance.now();
          };
          channel.port2.postMessage(null);
        });
      }
    }
    if (probe.render || !probe.firstUsable) return;
    const found = new Set<string>();
    for (const element of document.querySelectorAll(spec.fields)) {
      const key = (element.getAttribute(spec.keyAttribute) ?? '').slice(spec.keyPrefix.length);
      if (expected.has(key)) found.add(key);
    }
    if (found.size < expected.size || !document.querySelector(spec.tableLast)) return;
    observer.disconnect();
    const inDom = performance.now();
    probe.render = { inDom, painted: Number.NaN, fields: found.size };
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.render = { inDom, painted: performance.now(), fields: found.size };
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden'],
  });
}

/** A number as either engine shows it ('₹1,24,690.56', '124690.56'); null when nothing is shown. */
export function shownNumber(text: string | null): number | null {
  const digits = (text ?? '').replace(/[^\d.-]/g, '');
  if (digits === '') return null;
  const n = Number(digits);
  return Number.isFinite(n) ? n : null;
}

function sameState(shown: ScreenState, expected: ScreenState): boolean {
  if (shown.shown !== expected.shown) return false;
  if (shown.formula === null || expected.formula === null) return shown.formula === expected.formula;
  return Math.abs(shown.formula - expected.formula) < 0.005;
}

/** The driver's text after each key, from empty. */
export function typedValues(keys: readonly string[], from = ''): string[] {
  let text = from;
  return keys.map((key) => {
    text = key === 'Backspace' ? text.slice(0, -1) : `${text}${key}`;
    return text;
  });
}

/**
 * Key i's latency: from its keydown to the first frame at or after it whose screen shows what the latest
 * value typed before that frame should (the screen has caught up); null when no frame ever did.
 * Values repeat (every cycle, and Backspace walks back through the digits' values), so a screen that lags
 * can equal the latest value's state by chance. Each frame is therefore explained by one key, never an
 * earlier one than the previous frame's, nor one the page had not yet taken in (its keydown handled): a
 * frame that did not change keeps the previous explanation (every key changes what the screen should
 * show, so a screen that follows changes with each); a frame that changed is explained by the latest key
 * it matches. A frame has caught up when its explanation is the latest key typed.
 */
export function consequenceLatencies(
  typing: { keydowns: readonly number[]; handled: readonly number[]; values: readonly string[]; from?: string },
  frames: readonly Frame[],
  expected: (value: string) => ScreenState,
): (number | null)[] {
  const { keydowns, handled, values, from = '' } = typing;
  const valueAt = (j: number) => (j < 0 ? from : values[j]);
  let latest = -1;
  let taken = 0;
  let explained = -1;
  let previous: Frame | undefined;
  const caught = frames.map((frame) => {
    while (latest + 1 < keydowns.length && (keydowns[latest + 1] ?? Number.POSITIVE_INFINITY) <= frame.t) latest++;
    while (taken < handled.length && (handled[taken] ?? Number.POSITIVE_INFINITY) <= frame.t) taken++;
    const changed = !previous || previous.text !== frame.text || previous.shown !== frame.shown;
    previous = frame;
    if (changed) {
      const screen = { formula: shownNumber(frame.text), shown: frame.shown };
      for (let j = Math.min(latest, taken - 1); j >= explained; j--) {
        const value = valueAt(j);
        if (value !== undefined && sameState(screen, expected(value))) {
          explained = j;
          break;
        }
      }
    }
    return explained === latest;
  });
  return keydowns.map((start) => {
    const index = frames.findIndex((frame, i) => frame.t >= start && caught[i]);
    const frame = frames[index];
    return frame ? frame.t - start : null;
  });
}

function cached(compute: (value: string) => ScreenState): (value: string) => ScreenState {
  const known = new Map<string, ScreenState>();
  return (value) => {
    let state = known.get(value);
    if (!state) {
      state = compute(value);
      known.set(value, state);
    }
    return state;
  };
}

const formOptions = (config: BenchConfig): FormOptions => ({
  applicantType: 'primary',
  access: 'WRITE',
  editable: true,
  rules: config.rules,
  options: config.options,
  today: new Date(),
});

function screenOf(config: BenchConfig) {
  const screen = config.components[0];
  if (!screen) throw new Error('the generated flow has no screen');
  return screen;
}

/** Fields that stand on the screen themselves (not a table's cells), in order, that are not hidden. */
function visibleTopLevel(state: FormState): string[] {
  const tables = new Set(state.fields.filter((f) => f.field_type_details.type === 'container').map((f) => f.key));
  return state.fields
    .filter((f) => f.groupKey === undefined || !tables.has(f.groupKey))
    .filter((f) => !state.hidden.has(f.key))
    .map((f) => f.key);
}

function surveyModel(form: SurveyForm, driver: string, value?: string): Model {
  const model = new Model(form.json);
  model.data = form.data;
  if (value !== undefined) {
    if (value === '') model.clearValue(driver);
    else model.setValue(driver, Number(value));
  }
  return model;
}

/** The field a rule hides when the driver gets its FLIP_AT_KEY-th digit, in both engines. */
function ruleTarget(config: BenchConfig, form: SurveyForm, driver: string): string {
  const before = '1234567890'.slice(0, FLIP_AT_KEY - 1);
  const after = '1234567890'.slice(0, FLIP_AT_KEY);
  const initial = createFormState(screenOf(config), config.values, formOptions(config));
  const [a, b] = [setFieldValue(initial, driver, before), setFieldValue(initial, driver, after)];
  const [sa, sb] = [surveyModel(form, driver, before), surveyModel(form, driver, after)];
  const target = visibleTopLevel(a).find(
    (key) =>
      !a.fields.find((f) => f.key === key)?.formulas &&
      b.hidden.has(key) &&
      sa.getQuestionByName(key)?.isVisible === true &&
      sb.getQuestionByName(key)?.isVisible === false,
  );
  if (!target) throw new Error(`no field is hidden by a rule at the ${FLIP_AT_KEY}th key in both engines`);
  return target;
}

/** The portal's DOM id of a field's control (its focus hook: fieldDomId in mfe-customer-flow). */
const domId = (key: string) => `field-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

interface Plan {
  config: BenchConfig;
  form: SurveyForm;
  page: SurveyPage;
  driver: string;
  driverLabel: string;
  target: string;
  tableKey: string;
  tableRows: number;
  originate: Side;
  /** The application the last Originate run opened: the portal keeps its draft under app:<id>. */
  openedApplication(): string;
  surveyjs: Side;
}

export async function plan(): Promise<Plan> {
  const generated = generateFlow();
  const config = benchConfig();
  const form = toSurveyJs(generated);
  const driver = generated.driverKey;
  const target = ruleTarget(config, form, driver);
  const table = generated.values[generated.tableKey] as TableValue;
  const lastRow = table.subRecords.length - 1;
  const lastColumn = Object.keys(table.subRecords[lastRow] ?? {}).at(-1) ?? generated.tableColumnKey;
  const initial = createFormState(screenOf(config), config.values, formOptions(config));
  let opened: string | undefined;
  const originate: Side = {
    engine: 'Originate',
    probe: {
      fields: '[id^="field-"]',
      keyAttribute: 'id',
      keyPrefix: 'field-',
      expected: visibleTopLevel(initial).map((key) => domId(key).slice('field-'.length)),
      tableLast: `[id="${domId(cellKey(generated.tableKey, lastRow, lastColumn))}"]`,
      driver: `input[id="${domId(driver)}"]`,
      formula: `[id="${domId(FORMULA_KEY)}"]`,
      target: `[id="${domId(target)}"]`,
    },
    // A new application per run (made before the page opens: not timed), opened by its resume link.
    async open(page) {
      const application = await benchApplication(config);
      opened = application.applicationId;
      // As the device that made it: any other meets 'Verify it's you' (mock-server README "Resume links").
      await page
        .context()
        .addCookies([
          { name: 'originate-device', value: application.deviceCookie, url: API, httpOnly: true, sameSite: 'Lax' },
        ]);
      await page.goto(application.resumeLink);
    },
    expected: cached((value) => {
      const state = setFieldValue(initial, driver, value);
      const formula = state.values[FORMULA_KEY];
      return { formula: typeof formula === 'number' ? formula : null, shown: !state.hidden.has(target) };
    }),
  };
  const page = await buildSurveyPage(form);
  const firstModel = surveyModel(form, driver);
  const surveyjs: Side = {
    engine: 'SurveyJS',
    probe: {
      fields: '[data-name]',
      keyAttribute: 'data-name',
      keyPrefix: '',
      expected: firstModel.getAllQuestions(true).map((q) => q.name),
      // SurveyJS names a cell's input by its row (from 1) and column.
      tableLast: `[data-name="${generated.tableKey}"] input[aria-label="row ${lastRow + 1}, column ${lastColumn}"]`,
      driver: `[data-name="${driver}"] input`,
      formula: `[data-name="${FORMULA_KEY}"] .sd-expression`,
      target: `[data-name="${target}"]`,
    },
    async open(p) {
      await serveSurveyPage(p, page);
      await p.goto(SURVEYJS_URL);
    },
    expected: cached((value) => {
      const model = surveyModel(form, driver, value);
      const formula = model.getQuestionByName(FORMULA_KEY)?.value;
      return {
        formula: typeof formula === 'number' ? formula : null,
        shown: model.getQuestionByName(target)?.isVisible === true,
      };
    }),
  };
  const driverField = screenOf(config).fields.find((f) => f.key === driver);
  return {
    config,
    form,
    page,
    driver,
    driverLabel: driverField?.label ?? driver,
    target,
    tableKey: generated.tableKey,
    tableRows: table.subRecords.length,
    originate,
    openedApplication: () => {
      if (!opened) throw new Error('no BENCH application was opened');
      return opened;
    },
    surveyjs,
  };
}

/** CDP key events as Chromium's own input: digits with their text, Backspace as a raw key. */
function keyEvents(key: string) {
  if (key === 'Backspace') {
    const common = { key, code: key, windowsVirtualKeyCode: 8, nativeVirtualKeyCode: 8 };
    return [
      { type: 'rawKeyDown', ...common },
      { type: 'keyUp', ...common },
    ];
  }
  const code = key.charCodeAt(0);
  const common = { key, code: `Digit${key}`, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code };
  return [
    { type: 'keyDown', ...common, text: key, unmodifiedText: key },
    { type: 'keyUp', ...common },
  ];
}

/** A display frame at 60 Hz, rounded up: key times are spread over one (keyOffsetMs). */
const FRAME_MS = 17;

/**
 * Key i's offset within its slot: 0–16 ms, every value once per 17 keys. A typist's keys fall anywhere in
 * the display's frame; on an exact schedule they would not (300 ms is 18 frames of 16.7 ms: every key at
 * the same point of its frame, so one run's keys all wait nearly a frame for their paint, another's none).
 */
export const keyOffsetMs = (i: number): number => (i * 7) % FRAME_MS;

/**
 * The keys on a fixed schedule (key i at i × gap, plus its offset in the frame): each is sent without
 * waiting for the page to handle the previous one, as a typist's keys reach the browser whatever the page
 * is doing.
 */
export async function typeOnSchedule(cdp: CDPSession, keys: readonly string[], gapMs: number): Promise<void> {
  const started = performance.now();
  const sent: Promise<unknown>[] = [];
  for (const [i, key] of keys.entries()) {
    const wait = started + i * gapMs + keyOffsetMs(i) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    for (const event of keyEvents(key)) sent.push(cdp.send('Input.dispatchKeyEvent', event as never));
  }
  await Promise.all(sent);
}

const probeState = (page: Page) =>
  page.evaluate(() => ({
    keydowns: window.__form?.keydowns.length ?? 0,
    events: window.__form?.events.length ?? 0,
    frames: window.__form?.frames.length ?? 0,
  }));

/** Frames recorded after the screen caught up: a late change still counts, an early match is not the end. */
const AFTER_CATCH_UP_MS = 500;

/**
 * Waits until the page has handled `keydowns` keys in all and its last frame shows what `value` should;
 * false on timeout.
 */
async function caughtUp(page: Page, side: Side, value: string, keydowns: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const now = await page.evaluate(() => ({
      keydowns: window.__form?.keydowns.length ?? 0,
      last: window.__form?.frames.at(-1) ?? null,
    }));
    const last = now.last;
    if (
      now.keydowns >= keydowns &&
      last &&
      sameState({ formula: shownNumber(last[1]), shown: last[2] }, side.expected(value))
    )
      return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/** A frame whose rule target disagreed with the rule over the driver's text in that same frame. */
interface RuleViolation {
  driver: string;
  shown: boolean;
}

/**
 * Frames where the target's visibility is not what the rule says of the driver's text shown beside it:
 * not a lag of the consequences but a screen that contradicts itself (a rule's field shown while the value
 * on screen does not satisfy it).
 */
export function ruleViolations(
  frames: readonly { shown: boolean; driver: string | null }[],
  expected: (value: string) => ScreenState,
): RuleViolation[] {
  return frames
    .filter((frame) => frame.driver !== null)
    .map((frame) => ({ driver: (frame.driver ?? '').replace(/,/g, ''), shown: frame.shown }))
    .filter((frame) => frame.shown !== expected(frame.driver).shown);
}

interface PaceFigures {
  gapMs: number;
  keys: number;
  keydownsSeen: number;
  eventTiming: { p95: Ms; max: Ms; reported: number; byDuration: Record<string, number> };
  consequence: { p50: number | null; p95: number | null; max: number | null; neverCaughtUp: number };
  /** Frames (of `frames`) whose rule target disagreed with the driver's text in the same frame; the first few. */
  rule: { frames: number; violations: number; first: RuleViolation[] };
  /** The screen showed the last value's consequences within the catch-up time after the last key. */
  settled: boolean;
}

async function typePace(page: Page, cdp: CDPSession, side: Side, pace: Pace, throttle: Throttle) {
  const before = await probeState(page);
  await typeOnSchedule(cdp, KEYS, PACES[pace]);
  const values = typedValues(KEYS);
  const settled = await caughtUp(
    page,
    side,
    values.at(-1) ?? '',
    before.keydowns + KEYS.length,
    CATCH_UP_TIMEOUT_MS * throttle,
  );
  await page.waitForTimeout(AFTER_CATCH_UP_MS * throttle);
  const seen = await page.evaluate(
    (b) => ({
      keydowns: window.__form?.keydowns.slice(b.keydowns) ?? [],
      handled: window.__form?.handled.slice(b.keydowns) ?? [],
      events: window.__form?.events.slice(b.events) ?? [],
      frames: window.__form?.frames.slice(b.frames) ?? [],
    }),
    before,
  );
  if (seen.keydowns.length !== KEYS.length)
    throw new Error(`${side.engine}: ${seen.keydowns.length} keydowns seen for ${KEYS.length} keys sent`);
  const durations = keyDurations(seen.keydowns, seen.events);
  const reported = durations.filter((d): d is number => d !== null);
  const frames = seen.frames.map(([t, text, shown, driver]) => ({ t, text, shown, driver }));
  const violations = ruleViolations(frames, side.expected);
  if (violations.length > 0)
    console.log(
      `large form: ${side.engine} ${throttle}× ${pace}: ${violations.length} of ${frames.length} frames showed the rule's target against the driver beside it, first: ${JSON.stringify(violations.slice(0, 5))}`,
    );
  const latencies = consequenceLatencies({ ...seen, values }, frames, side.expected);
  const measured = latencies.filter((l): l is number => l !== null).sort((a, b) => a - b);
  const at = (p: number) => (measured.length > 0 ? round1(percentile(measured, p)) : null);
  const figures: PaceFigures = {
    gapMs: PACES[pace],
    keys: KEYS.length,
    keydownsSeen: seen.keydowns.length,
    eventTiming: {
      p95: keyPercentile(reported, seen.keydowns.length, 95),
      max: reported.length > 0 ? Math.max(...reported) : `< ${EVENT_THRESHOLD_MS}`,
      reported: reported.length,
      /** Keys per reported duration (Event Timing rounds to 8 ms): how close p95 is to its next step. */
      byDuration: countBy(durations.map((d) => (d === null ? `< ${EVENT_THRESHOLD_MS}` : `${d}`))),
    },
    consequence: { p50: at(50), p95: at(95), max: at(100), neverCaughtUp: latencies.length - measured.length },
    rule: { frames: frames.length, violations: violations.length, first: violations.slice(0, 5) },
    settled,
  };
  return figures;
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

interface Correctness {
  formulasChecked: number;
  formulasWrong: { key: string; shown: number | null; expected: number | null }[];
  hidden: number;
  hiddenWithValue: string[];
  ok: boolean;
}

const isEmpty = (value: FieldValue | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Originate after typing: the values the page shows (text inputs, table cells) re-evaluated in full by the
 * engine; every formula shown must equal its result, and no field the rules hide may hold a value in the
 * application as the portal keeps it (the device's draft, IndexedDB).
 */
async function originateCorrect(page: Page, config: BenchConfig, applicationId: string): Promise<Correctness> {
  const screen = screenOf(config);
  const dom = await page.evaluate(() =>
    Object.fromEntries(
      [
        ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
          'input[id^="field-"], textarea[id^="field-"]',
        ),
      ]
        .filter((e) => e.type !== 'checkbox' && e.type !== 'radio' && e.type !== 'hidden')
        .map((e) => [e.id, { value: e.value, shown: e.checkVisibility() }]),
    ),
  );
  const values: FormValues = structuredClone(config.values);
  const editable = (f: FieldConfig) =>
    !f.formulas && (f.field_type_details.type === 'text' || f.field_type_details.type === 'textarea');
  const tables = screen.fields.filter((f) => f.field_type_details.type === 'container');
  for (const field of screen.fields.filter(editable)) {
    const table = tables.find((t) => t.key === field.groupKey);
    if (!table) {
      const shown = dom[domId(field.key)];
      if (shown)
        values[field.key] = field.field_type_details.currency_field ? shown.value.replace(/,/g, '') : shown.value;
      continue;
    }
    const value = values[table.key] as TableValue;
    value.subRecords.forEach((row, r) => {
      const shown = dom[domId(cellKey(table.key, r, field.key))];
      if (shown) row[field.key] = shown.value;
    });
  }
  const full = createFormState(screen, values, formOptions(config));
  const formulasWrong: Correctness['formulasWrong'] = [];
  let formulasChecked = 0;
  for (const field of screen.fields.filter((f) => f.formulas)) {
    const shown = dom[domId(field.key)];
    if (!shown?.shown) continue;
    formulasChecked++;
    const result = full.values[field.key];
    const expected = typeof result === 'number' ? result : null;
    const got = shownNumber(shown.value);
    if (!sameState({ formula: got, shown: true }, { formula: expected, shown: true }))
      formulasWrong.push({ key: field.key, shown: got, expected });
  }
  // The portal writes the draft at most 300 ms after a change (mfe-customer-flow README).
  await page.waitForTimeout(1000);
  const draft = await page.evaluate(
    (key) =>
      new Promise<Record<string, unknown> | null>((resolve) => {
        const open = indexedDB.open('originate-customer-flow');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const get = open.result.transaction('drafts').objectStore('drafts').get(key);
          get.onsuccess = () => resolve((get.result?.customFields as Record<string, unknown> | undefined) ?? null);
          get.onerror = () => resolve(null);
        };
      }),
    `app:${applicationId}`,
  );
  if (!draft) throw new Error("the portal's draft of the application could not be read");
  const hiddenWithValue = [...full.hidden].filter((key) => !isEmpty(draft[key] as FieldValue | undefined));
  return {
    formulasChecked,
    formulasWrong,
    hidden: full.hidden.size,
    hiddenWithValue,
    ok: formulasChecked > 0 && formulasWrong.length === 0 && hiddenWithValue.length === 0,
  };
}

interface RunFigures {
  renderMs: number;
  firstUsableMs: number;
  fields: number;
  paces: Record<Pace, PaceFigures>;
  correctness?: Correctness;
}

/** A CDP session on the page with its CPU slowed `rate` times (Emulation.setCPUThrottlingRate); other benches use it too. */
export async function throttled(context: BrowserContext, page: Page, rate: Throttle): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** One cold run: render, both paces of typing, and (Originate) the correctness check. */
async function oneRun(browser: Browser, plan: Plan, side: Side, throttle: Throttle): Promise<RunFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await throttled(context, page, throttle);
    await page.addInitScript(recordEventTiming);
    await page.addInitScript(instrument, side.probe);
    await side.open(page);
    const handle = await page.waitForFunction(() => window.__form?.render?.painted, undefined, {
      timeout: RENDER_TIMEOUT_MS * throttle,
      polling: 250,
    });
    const painted = (await handle.jsonValue()) as number;
    const probe = await page.evaluate(() => ({ render: window.__form?.render, usable: window.__form?.firstUsable }));
    const driver = page.locator(side.probe.driver);
    await driver.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.evaluate(() => {
      const probe = window.__form;
      if (!probe) return;
      probe.recording = true;
      requestAnimationFrame(() => probe.tick?.());
    });
    if (!(await caughtUp(page, side, '', 0, CATCH_UP_TIMEOUT_MS * throttle)))
      throw new Error(`${side.engine}: the screen never showed the emptied driver's consequences`);
    const steady = await typePace(page, cdp, side, 'steady', throttle);
    // Keys still queued would fall into the next pace's figures.
    if (!steady.settled)
      throw new Error(
        `${side.engine}: the screen had not caught up ${CATCH_UP_TIMEOUT_MS * throttle} ms after the last key`,
      );
    const slow = await typePace(page, cdp, side, 'slow', throttle);
    let correctness: Correctness | undefined;
    if (side.engine === 'Originate') {
      await driver.pressSequentially(FINAL_VALUE, { delay: 100 });
      if (!(await caughtUp(page, side, FINAL_VALUE, 0, CATCH_UP_TIMEOUT_MS * throttle)))
        throw new Error(`Originate: the screen never showed ${FINAL_VALUE}'s consequences`);
      correctness = await originateCorrect(page, plan.config, plan.openedApplication());
    }
    return {
      renderMs: round1(painted),
      firstUsableMs: round1(probe.usable?.painted ?? probe.usable?.inDom ?? Number.NaN),
      fields: probe.render?.fields ?? 0,
      paces: { steady, slow },
      correctness,
    };
  } finally {
    await context.close();
  }
}

interface JsFigures {
  engine: Engine;
  wireKiB: number;
  gzipKiB: number;
  rawKiB: number;
  files: number;
}

/**
 * URLs the page requested before every field was painted (resource timing): what loads after the paint (the
 * slot host, once the screen settled) is not counted, however soon after it the files are read.
 */
export async function requestedBeforePaint(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(() => {
    const painted = window.__form?.render?.painted ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime <= painted)
      .map((r) => r.name);
  });
  return new Set(urls);
}

/** JS on the wire before every field is painted (Originate: wire.ts re-fetches each script as sent). */
async function originateJs(browser: Browser, plan: Plan): Promise<JsFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const log = recordScripts(page);
    await page.addInitScript(recordEventTiming);
    await page.addInitScript(instrument, plan.originate.probe);
    await plan.originate.open(page);
    await page.waitForFunction(() => window.__form?.render?.painted, undefined, { timeout: RENDER_TIMEOUT_MS });
    const before = await requestedBeforePaint(page);
    return { engine: 'Originate', ...sizes((await measuredSoFar(log)).filter((f) => before.has(f.url))) };
  } finally {
    await context.close();
  }
}

type Failed = { failed: string };
const isFailed = (value: unknown): value is Failed => typeof value === 'object' && value !== null && 'failed' in value;

async function attempt<T>(what: string, run: () => Promise<T>): Promise<T | Failed> {
  try {
    return await run();
  } catch (error) {
    console.error(`bench: ${what} failed: ${error instanceof Error ? error.stack : error}`);
    return { failed: error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error) };
  }
}

/** Medians of the runs that finished; a figure some run could not give ('< 16', null) sorts as smallest. */
function summary(runs: readonly (RunFigures | Failed)[]) {
  const done = runs.filter((r): r is RunFigures => !isFailed(r));
  if (done.length === 0) return null;
  const med = (pick: (r: RunFigures) => number | null) => {
    const values = done.map(pick).filter((v): v is number => v !== null && Number.isFinite(v));
    return values.length > 0 ? round1(median(values)) : null;
  };
  const medMs = (pick: (r: RunFigures) => Ms): Ms => {
    const values = done.map(pick).map((v) => (typeof v === 'number' ? v : -1));
    const m = median(values);
    return m < 0 ? `< ${EVENT_THRESHOLD_MS}` : round1(m);
  };
  const pace = (p: Pace) => ({
    eventP95Ms: medMs((r) => r.paces[p].eventTiming.p95),
    eventMaxMs: medMs((r) => r.paces[p].eventTiming.max),
    consequenceP50Ms: med((r) => r.paces[p].consequence.p50),
    consequenceP95Ms: med((r) => r.paces[p].consequence.p95),
    neverCaughtUp: Math.max(...done.map((r) => r.paces[p].consequence.neverCaughtUp)),
    ruleViolations: Math.max(...done.map((r) => r.paces[p].rule.violations)),
  });
  return {
    runs: done.length,
    renderMs: med((r) => r.renderMs),
    firstUsableMs: med((r) => r.firstUsableMs),
    fields: done[0]?.fields ?? 0,
    steady: pace('steady'),
    slow: pace('slow'),
  };
}

type LargeFormSummary = NonNullable<ReturnType<typeof summary>>;

export async function largeFormBench(browser: Browser) {
  const p = await plan();
  if (ENGINES.includes('Originate')) await publishBenchFlow(p.config);
  const sides = [p.originate, p.surveyjs].filter((side) => ENGINES.includes(side.engine));
  const runs: Record<string, Record<Engine, (RunFigures | Failed)[]>> = {};
  for (const throttle of THROTTLES) {
    const byEngine: Record<Engine, (RunFigures | Failed)[]> = { Originate: [], SurveyJS: [] };
    runs[`${throttle}x`] = byEngine;
    for (let run = 0; run < RUNS; run++) {
      for (const side of sides) {
        const figures = await attempt(`${side.engine} at ${throttle}× (run ${run + 1})`, () =>
          oneRun(browser, p, side, throttle),
        );
        byEngine[side.engine].push(figures);
        console.log(`large form: ${side.engine} ${throttle}× run ${run + 1} done`);
      }
    }
  }
  const js = [
    await attempt('JS of the portal', () => originateJs(browser, p)),
    { engine: 'SurveyJS' as const, ...sizes([p.page.script]) },
  ];
  const summaries = Object.fromEntries(
    Object.entries(runs).map(([throttle, byEngine]) => [
      throttle,
      { Originate: summary(byEngine.Originate), SurveyJS: summary(byEngine.SurveyJS) },
    ]),
  ) as Partial<Record<`${Throttle}x`, Record<Engine, LargeFormSummary | null>>>;
  const correctness = Object.values(runs)
    .flatMap((byEngine) => byEngine.Originate)
    .filter((r): r is RunFigures => !isFailed(r))
    .map((r) => r.correctness)
    .filter((c): c is Correctness => c !== undefined);
  return {
    setup: {
      fields: p.config.components[0]?.fields.length ?? 0,
      rules: p.config.rules.length,
      tableRows: p.tableRows,
      values:
        "every field filled (Originate: an application saved on the server as product BENCH, opened cold by its resume link; SurveyJS: the survey's data), one step / page",
      driver: `${p.driver} ('${p.driverLabel}')`,
      formula: FORMULA_KEY,
      ruleTarget: p.target,
      keys: KEYS.length,
      paces: PACES,
      runs: RUNS,
      throttles: THROTTLES,
      surveyjs: p.page.versions,
      note: `render: navigation start → every field visible at first (${p.originate.probe.expected.length} Originate, ${p.surveyjs.probe.expected.length} SurveyJS, each by its own initial state) and the table's last row in the DOM, then the frame after it (rAF, then a task). Consequences: from a key's keydown time stamp to the first animation frame (its rAF callback) at or after it whose formula and rule target equal what the latest value typed before that frame should show, by each engine's own evaluation (Originate's flow engine, SurveyJS's Model in node); keys are sent over CDP on a fixed schedule. Event Timing: threshold ${EVENT_THRESHOLD_MS} ms, keys without an entry count as < ${EVENT_THRESHOLD_MS} ms. SurveyJS bytes: its script brotli-compressed (quality 11); served identity through page.route.`,
    },
    targets: LARGE_FORM_TARGETS,
    summaries,
    js,
    correctness: {
      runs: correctness.length,
      ok: correctness.length > 0 && correctness.every((c) => c.ok),
      worst: correctness.find((c) => !c.ok) ?? correctness[0] ?? null,
    },
    runs,
  };
}

export type LargeFormFigures = Awaited<ReturnType<typeof largeFormBench>>;

type Row = [string, string, string];

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const msText = (v: Ms | number | null) => (v === null ? '—' : typeof v === 'number' ? `${v} ms` : `${v} ms`);
const seconds = (v: number | null) => (v === null ? '—' : `${(v / 1000).toFixed(2)} s`);
const under = (v: Ms | number | null, goal: number) => v !== null && (typeof v === 'string' || v <= goal);

/** The printed table's rows: SurveyJS / Originate side by side, Originate's targets judged. */
export function largeFormRows(figures: LargeFormFigures | Failed): Row[] {
  if (isFailed(figures)) return [['large form beside SurveyJS', 'not measured', figures.failed]];
  const rows: Row[] = [];
  const t = LARGE_FORM_TARGETS;
  for (const throttle of THROTTLES) {
    const s = figures.summaries[`${throttle}x`];
    if (!s) continue;
    const [o, j] = [s.Originate, s.SurveyJS];
    const label = `large form ${throttle}× (SurveyJS / Originate, median of ${j?.runs ?? 0} / ${o?.runs ?? 0} runs)`;
    if (!o) {
      rows.push([label, 'not measured', 'every Originate run failed (see the log)']);
      continue;
    }
    rows.push([
      `${label}: render, all fields painted`,
      `${seconds(j?.renderMs ?? null)} / ${seconds(o.renderMs)}`,
      `goal ≤ ${t.renderMs[throttle] / 1000} s: ${verdict(under(o.renderMs, t.renderMs[throttle]))} (${o.fields} fields)`,
    ]);
    rows.push([
      '  first field usable (painted)',
      `${seconds(j?.firstUsableMs ?? null)} / ${seconds(o.firstUsableMs)}`,
      '',
    ]);
    for (const pace of ['steady', 'slow'] as const) {
      const [op, jp] = [o[pace], j?.[pace]];
      const eventGoal =
        throttle === 1
          ? `goal p95 ≤ ${t.eventP95Ms[1]} ms: ${verdict(under(op.eventP95Ms, t.eventP95Ms[1]))}, max ≤ ${t.eventMaxMs[1]} ms: ${verdict(under(op.eventMaxMs, t.eventMaxMs[1]))}`
          : `goal p95 ≤ ${t.eventP95Ms[4]} ms: ${verdict(under(op.eventP95Ms, t.eventP95Ms[4]))}`;
      rows.push([
        `  keystroke Event Timing p95 / max, ${pace} (${PACES[pace]} ms a key)`,
        `${msText(jp?.eventP95Ms ?? null)} / ${msText(jp?.eventMaxMs ?? null)}; ${msText(op.eventP95Ms)} / ${msText(op.eventMaxMs)}`,
        eventGoal,
      ]);
      rows.push([
        `  keystroke → consequences painted p50 / p95, ${pace}`,
        `${msText(jp?.consequenceP50Ms ?? null)} / ${msText(jp?.consequenceP95Ms ?? null)}; ${msText(op.consequenceP50Ms)} / ${msText(op.consequenceP95Ms)}`,
        `goal p95 ≤ ${t.consequenceP95Ms[throttle]} ms: ${verdict(under(op.consequenceP95Ms, t.consequenceP95Ms[throttle]) && op.neverCaughtUp === 0)}${op.neverCaughtUp > 0 ? ` (${op.neverCaughtUp} keys never caught up)` : ''}`,
      ]);
      rows.push([
        `  rule target vs the driver on screen, frames that disagree (worst run), ${pace}`,
        `${jp ? jp.ruleViolations : '—'}; ${op.ruleViolations}`,
        `goal 0: ${verdict(op.ruleViolations === 0)}`,
      ]);
    }
  }
  const js = (engine: Engine) => figures.js.find((f) => !isFailed(f) && f.engine === engine) as JsFigures | undefined;
  const [oj, jj] = [js('Originate'), js('SurveyJS')];
  rows.push([
    'large form: JS before every field is painted (SurveyJS / Originate)',
    `${jj ? `${jj.wireKiB} KiB br, ${jj.files} file` : '—'} / ${oj ? `${oj.wireKiB} KiB br, ${oj.files} files` : 'not measured'}`,
    oj
      ? `goal ≤ ${t.jsKiB} KiB: ${verdict(oj.wireKiB <= t.jsKiB)}, ≤ ${t.jsRequests} requests: ${verdict(oj.files <= t.jsRequests)}`
      : '',
  ]);
  const c = figures.correctness;
  rows.push([
    'large form: Originate correct after typing (formulas = full re-evaluation, hidden fields empty)',
    c.worst
      ? `${c.worst.formulasChecked - c.worst.formulasWrong.length} of ${c.worst.formulasChecked} formulas right; ${c.worst.hiddenWithValue.length} of ${c.worst.hidden} hidden fields hold a value`
      : 'not checked',
    `${c.runs} runs: ${verdict(c.ok)}`,
  ]);
  return rows;
}

function gitCommit(): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    // The history file itself changes with every run: it does not make the tree dirty.
    const changed = git('status', '--porcelain', '--', '.', ':!bench-results/history.jsonl');
    return { commit: git('rev-parse', '--short', 'HEAD'), dirty: changed.length > 0 };
  } catch {
    return { commit: 'unknown', dirty: true };
  }
}

/**
 * One line per run of a bench in bench-results/history.jsonl (tracked): its headline figures under their
 * name, with the commit and the load, so a regression shows.
 */
export function appendHistory(headlines: Record<string, unknown>, loadAtStart: number[]): string {
  const file = path.join(ROOT, 'bench-results', 'history.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  const line = {
    date: new Date().toISOString(),
    ...gitCommit(),
    cpus: cpus().length,
    loadAverage: { atStart: loadAtStart, atEnd: loadavg() },
    ...headlines,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
  return file;
}

/** The large form's headline figures in the history. */
export function appendLargeFormHistory(figures: LargeFormFigures | Failed, loadAtStart: number[]): string {
  const headline = isFailed(figures)
    ? figures
    : {
        summaries: figures.summaries,
        js: figures.js,
        correct: figures.correctness.ok,
      };
  return appendHistory({ largeForm: headline }, loadAtStart);
}
