// npm run bench: JS bytes on the wire before the login page and the back office are usable, singleton
// copies in the composed back office, the flow engine on a generated 500-field flow, that flow in Chromium
// on the standalone portal (first render, keystroke-to-next-paint), JS before the portal's first step is
// usable, the same flow as one large form beside SurveyJS 3 at CPU throttle 1× and 4× (largeForm.ts; alone:
// --only form), nginx vs deploy's own static server for a chunk and /remotes.json (nginx.ts; alone: --only nginx),
// and optionally (--cold) `npm start` on a fresh clone. Figures only: nothing here is a timed test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { portsEnv } from '@originate/tools/lib/ports.mjs';
import { runCommand, startProcess, waitForOutput } from '@originate/tools/lib/process.mjs';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import type { Browser } from 'playwright-core';
import { loadedShares, SINGLETONS } from '../support/federation';
import { E2E_PORTS, SHELL, shellMainJsUrl } from '../support/system-under-test';
import { signIn } from '../support/ui';
import { dashboardBench, dashboardRows } from './dashboard';
import { benchDatabases, calcBench, calcRows, decisionBench, decisionRows } from './decisions-bench';
import { type BombFigures, documentsBench, OTHER_CLIENT_P95_GOAL_MS } from './documents-bench';
import { type EngineFigures, engineBench } from './engine';
import {
  browserExportRows,
  EXPORT_DATABASE,
  exportBankEnv,
  exportBench,
  exportDatabase,
  exportInBrowser,
  exportRows,
} from './export-bench';
import { exportLoadBench, exportLoadRows } from './export-load';
import { firstScreensBench, firstScreensRows } from './first-screens-bench';
import { integrationRows, integrationsBench } from './integrations-bench';
import { appendHistory, appendLargeFormHistory, largeFormBench, largeFormRows } from './largeForm';
import { leadRows, leadsBench } from './leads-bench';
import { letterRows, lettersBench } from './letters-bench';
import { appendListPageHistory, listPageBench, listPageRows } from './list-page-bench';
import { listRows, listsBench } from './lists-bench';
import { messageRows, messagesBench } from './messages-bench';
import { type NginxFigures, nginxBench, nginxRows } from './nginx-bench';
import {
  BENCH_PRODUCT,
  benchFlowInChromium,
  EVENT_THRESHOLD_MS,
  type FlowVariant,
  PORTAL,
  type PortalJs,
  portalJs,
} from './portal-bench';
import { releaseBench, releaseRows } from './release-bench';
import { slaBench, slaRows } from './sla-bench';
import { median } from './stats';
import { stepBench, stepRows } from './step-bench';
import { withSystem } from './system';
import { MEDIA_ARGS, videoBench, videoRows } from './video-bench';
import { byOrigin, measuredSoFar, recordScripts, sizes, wireBytes } from './wire';

const LOGIN_GOAL_KIB = 200;
const ENGINE_KEYSTROKE_P95_GOAL_MS = 2;
const FIRST_RENDER_GOAL_MS = 400;
const KEY_PAINT_P95_GOAL_MS = 16;
const KEY_PAINT_MAX_GOAL_MS = 50;

async function measurePages(browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const log = recordScripts(page);
    await page.goto(SHELL);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = sizes(await measuredSoFar(log));

    await page.getByRole('textbox', { name: 'Username' }).fill('officer');
    await page.getByRole('textbox', { name: 'Password' }).fill('Officer@123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    await page.waitForLoadState('networkidle');
    const all = await measuredSoFar(log);
    const backOffice = { ...sizes(all), byOrigin: byOrigin(all) };
    // The applications remote's first list: the grid and its page of rows (the remote loads on demand).
    await page
      .getByRole('navigation', { name: 'Back-office menu' })
      .getByRole('link', { name: 'My Applications', exact: true })
      .click();
    await page.getByRole('grid').locator('.MuiDataGrid-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    const listAll = await measuredSoFar(log);
    const myApplications = { ...sizes(listAll), byOrigin: byOrigin(listAll) };
    const shares = await loadedShares(page);
    const singletons = Object.fromEntries(SINGLETONS.map((pkg) => [pkg, shares[pkg]?.length ?? 0]));
    // Deep imports ('@mui/material/Badge', 'react-dom/client') are shared packages of their own.
    const mostCopiesOfAnySharedPackage = Math.max(0, ...Object.values(shares).map((copies) => copies.length));
    const mainJsUrl = await shellMainJsUrl();
    const shellMainJs = Object.fromEntries(
      await Promise.all(
        ['identity', 'gzip', 'br'].map(async (encoding) => [encoding, await wireBytes(mainJsUrl, encoding)]),
      ),
    );
    return {
      login,
      backOffice,
      myApplications,
      shellMainJs,
      singletons,
      sharedPackagesLoaded: Object.keys(shares).length,
      mostCopiesOfAnySharedPackage,
    };
  } finally {
    await context.close();
  }
}

/** A part that could not be measured is reported as such; the rest of the bench still runs. */
async function attempt<T>(what: string, run: () => Promise<T>): Promise<T | { failed: string }> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    // fetch's own message ('fetch failed') says nothing: the reason (refused, reset, timed out) is its cause.
    const cause = error instanceof Error && error.cause !== undefined ? `\ncaused by: ${String(error.cause)}` : '';
    console.error(`bench: ${what} could not be measured: ${error instanceof Error ? error.stack : error}${cause}`);
    return { failed: message };
  }
}

const failed = (value: unknown): value is { failed: string } =>
  typeof value === 'object' && value !== null && 'failed' in value;

/** Fresh clone of HEAD, `npm start` in it, seconds until it prints the URLs. */
async function coldStart(): Promise<{ seconds: number; ok: boolean }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'originate-cold-'));
  try {
    await runCommand('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dir]);
    const started = Date.now();
    // npm start stops everything it started on SIGINT, as after Ctrl-C.
    const start = startProcess('npm start', 'npm', ['start'], {
      cwd: dir,
      env: portsEnv(E2E_PORTS),
      echo: 'raw',
      stopSignal: 'SIGINT',
    });
    const ok = await waitForOutput(start, /Originate is running:/, 3_600_000).then(
      () => true,
      () => false,
    );
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    await start.stop();
    return { seconds, ok };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Row = [string, string, string];

const ms = (value: number | string) => `${value} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

function engineRows(engine: EngineFigures | { failed: string }): Row[] {
  if (failed(engine)) return [['engine (generated 500-field flow)', 'not measured', engine.failed]];
  const { fullEvaluationMs: full, keystrokeMs: key } = engine;
  return [
    [
      `engine: full re-validation (${engine.fields} fields, ${engine.rules} rules, ${engine.formulas} formulas)`,
      `p50 ${full.p50} ms, p95 ${full.p95} ms`,
      `${full.runs} runs`,
    ],
    [
      'engine: one keystroke on the driver (incremental)',
      `p50 ${key.p50} ms, p95 ${key.p95} ms`,
      `goal p95 ≤ ${ENGINE_KEYSTROKE_P95_GOAL_MS} ms: ${verdict(key.p95 <= ENGINE_KEYSTROKE_P95_GOAL_MS)}`,
    ],
  ];
}

function variantRows(fields: number, driverLabel: string, name: string, v: FlowVariant): Row[] {
  // The goal is the flow's render: from its configuration's last answer to the first step usable and
  // painted. The app's own start-up (scripts) comes before it and is shown on the next row, with no goal.
  const renderRow = (kind: string, r: FlowVariant['firstRenderCold']): Row => [
    `Chromium: first render of the ${fields}-field flow, ${name}, ${kind} (median of ${r.runsMs.length})`,
    `${r.renderAfterConfigMedianMs} ms`,
    `configuration answered → first step usable and painted; goal ≤ ${FIRST_RENDER_GOAL_MS} ms: ${verdict(r.renderAfterConfigMedianMs <= FIRST_RENDER_GOAL_MS)} (${r.controls} controls on screen)`,
  ];
  const split = (r: FlowVariant['firstRenderCold']): Row => [
    '  from navigation start: scripts in, configuration in, painted',
    `${r.scriptsLoadedMedianMs} ms, ${r.configLoadedMedianMs} ms, ${r.medianMs} ms`,
    'medians; includes the app start-up (no goal)',
  ];
  const rows: Row[] = [
    renderRow('cold', v.firstRenderCold),
    split(v.firstRenderCold),
    renderRow('warm cache', v.firstRenderWarm),
    split(v.firstRenderWarm),
  ];
  const t = v.typing;
  if (!t) return rows;
  const under = (value: number | string, goal: number) => typeof value === 'string' || value <= goal;
  rows.push(
    [
      `Chromium: keystroke to next paint, '${driverLabel}', ${name} (${t.keydownsSeen} keys)`,
      `p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, max ${ms(t.max)}`,
      `goal p95 ≤ ${KEY_PAINT_P95_GOAL_MS} ms: ${verdict(under(t.p95, KEY_PAINT_P95_GOAL_MS))}, max ≤ ${KEY_PAINT_MAX_GOAL_MS} ms: ${verdict(under(t.max, KEY_PAINT_MAX_GOAL_MS))}`,
    ],
    [
      `  where the ${t.keysOverThreshold.length} keys over ${EVENT_THRESHOLD_MS} ms spent it`,
      t.keysOverThreshold.length === 0
        ? 'none'
        : `input delay ${median(t.keysOverThreshold.map((k) => k.inputDelayMs))} ms, handlers ${median(t.keysOverThreshold.map((k) => k.handlersMs))} ms, to paint ${median(t.keysOverThreshold.map((k) => k.toPaintMs))} ms`,
      'medians (Event Timing processingStart/End); the per-key list is in bench.json',
    ],
    [
      '  keys Event Timing reported (the rest were under its threshold)',
      `${t.keysReported} of ${t.keydownsSeen}`,
      `${t.keysUnderThreshold} keys counted as < ${EVENT_THRESHOLD_MS} ms (not reported by Chromium)`,
    ],
  );
  return rows;
}

function chromiumRows(flow: Awaited<ReturnType<typeof benchFlowInChromium>> | { failed: string }): Row[] {
  if (failed(flow)) return [['Chromium: generated flow on the standalone portal', 'not measured', flow.failed]];
  return [
    ...variantRows(flow.fields, flow.driverLabel, 'new application', flow.empty),
    ...variantRows(flow.fields, flow.driverLabel, 'every field filled', flow.filled),
  ];
}

function portalJsRows(js: PortalJs[] | { failed: string }): Row[] {
  if (failed(js)) return [['JS before the standalone portal is usable', 'not measured', js.failed]];
  return js.map((m) => [
    `JS before the standalone portal (${m.product}) ${m.until} is usable`,
    `gzip ${m.atUsable.gzipKiB} KiB, br ${m.atUsable.wireKiB} KiB (${m.atUsable.files} files)`,
    `after network idle: gzip ${m.afterNetworkIdle.gzipKiB} KiB (${m.afterNetworkIdle.files} files)`,
  ]);
}

function documentRows(bombs: BombFigures[] | { failed: string }): Row[] {
  if (failed(bombs)) return [['document bombs (merge)', 'not measured', bombs.failed]];
  return bombs.map((b) => [
    `merge of ${b.what}: another client's p50 / p95 / max`,
    `${b.otherClient.p50Ms} / ${b.otherClient.p95Ms} / ${b.otherClient.maxMs} ms (${b.otherClient.calls} calls, ${b.otherClient.failed} failed)`,
    `goal p95 ≤ ${OTHER_CLIENT_P95_GOAL_MS} ms; merge ${b.merge.status} in ${b.merge.seconds} s: ${b.merge.message}`,
  ]);
}

const printRows = (rows: readonly Row[]) => {
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padEnd(36)}  ${note}`);
};

const loadText = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');

/** `npm run bench -- --only form`: the large form beside SurveyJS alone (built system, browser). */
async function formOnly() {
  const loadAtStart = loadavg();
  const largeForm = await withSystem((browser) =>
    attempt('the large form beside SurveyJS', () => largeFormBench(browser)),
  );
  const history = appendLargeFormHistory(largeForm, loadAtStart);
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-form.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, largeForm }, null, 2)}\n`);
  printRows(largeFormRows(largeForm));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: timings vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}; a line appended to ${path.relative(ROOT, history)}`);
}

/** `npm run bench -- --only list-page`: menu My Applications → first row painted at CPU 1× and 4× (built system, browser). */
async function listPageOnly() {
  const figures = await withSystem((browser) => attempt('the list page in Chromium', () => listPageBench(browser)));
  const history = appendListPageHistory(figures);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-list-page.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), listPage: figures }, null, 2)}\n`);
  printRows(failed(figures) ? [['list page', 'not measured', figures.failed]] : listPageRows(figures));
  console.log(`written to ${path.relative(ROOT, file)}; a line appended to ${path.relative(ROOT, history)}`);
  if (failed(figures)) process.exitCode = 1;
}

/** `npm run bench -- --only release`: publishing one remote while the back office is open (built system, browser). */
async function releaseOnly() {
  const release = await withSystem((browser, env) =>
    attempt('publish of one remote', () => releaseBench(browser, env)),
  );
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-release.json');
  const machine = { cpus: cpus().length, loadAverage: loadavg() };
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, release }, null, 2)}\n`);
  printRows(releaseRows(release));
  console.log(
    `${machine.cpus} CPUs; load average ${loadText(machine.loadAverage)}. Written to ${path.relative(ROOT, file)}`,
  );
}

/** `npm run bench -- --only nginx`: nginx vs deploy's own server alone (built apps, no browser). */
async function nginxOnly() {
  const loadAtStart = loadavg();
  const nginx: NginxFigures | { failed: string } = await attempt('nginx vs serve.ts', nginxBench);
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-nginx.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, nginx }, null, 2)}\n`);
  printRows(nginxRows(nginx));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(nginx)) process.exitCode = 1;
}

/** `npm run bench -- --only documents`: the document-bomb bench alone (no build, no browser). */
async function documentsOnly() {
  const documents = await attempt('the document-bomb bench', documentsBench);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-documents.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), documents }, null, 2)}\n`);
  for (const [what, value, note] of documentRows(documents)) console.log(`${what}\n  ${value}\n  ${note}`);
  console.log(`written to ${path.relative(ROOT, file)}`);
}

/** `npm run bench -- --only letters`: a ten-page letter's generation, and other users during 20 at once (no build, no browser). */
async function lettersOnly() {
  const letters = await attempt('the letters bench', lettersBench);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-letters.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { cpus: cpus().length, loadAverage: loadavg() }, letters }, null, 2)}\n`,
  );
  for (const [what, value, note] of letterRows(letters)) console.log(`${what}\n  ${value}\n  ${note}`);
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(letters)) process.exitCode = 1;
}

/** `npm run bench -- --only integrations`: 50 bureau fetches at once on a 1 s sandbox, other users meanwhile (no build, no browser). */
async function integrationsOnly() {
  const integrations = await attempt('the integrations bench', integrationsBench);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-integrations.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { cpus: cpus().length, loadAverage: loadavg() }, integrations }, null, 2)}\n`,
  );
  for (const [what, value, note] of integrationRows(integrations)) console.log(`${what}\n  ${value}\n  ${note}`);
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(integrations) || !integrations.goalMet) process.exitCode = 1;
}

/** `npm run bench -- --only messages`: 10,000 e-mails drained to a local SMTP catcher, other users meanwhile (PostgreSQL, no browser). */
async function messagesOnly() {
  const messages = await attempt('the messages bench', messagesBench);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-messages.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { cpus: cpus().length, loadAverage: loadavg() }, messages }, null, 2)}\n`,
  );
  for (const [what, value, note] of messageRows(messages)) console.log(`${what}\n  ${value}\n  ${note}`);
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(messages)) process.exitCode = 1;
}

/**
 * The export in Chromium, on the export bench's bank (the built system started on its database): only
 * with the PostgreSQL the bank is kept in.
 */
async function exportInChromium() {
  const url = await exportDatabase();
  if (!url) return { failed: 'needs the PostgreSQL at 127.0.0.1:5432 (the export bench bank)' };
  return attempt('the export in Chromium', () =>
    withSystem(
      (browser, _env, server) => exportInBrowser(browser, SHELL, { pid: server.pid, database: EXPORT_DATABASE }),
      exportBankEnv(url),
    ),
  );
}

const browserExportTableRows = (f: Awaited<ReturnType<typeof exportInChromium>>): Row[] =>
  'failed' in f ? [['export in Chromium', 'not measured', f.failed]] : browserExportRows(f);

/** `npm run bench -- --only export`: the spreadsheet export of 100,000 applications alone (no build, no browser). */
async function exportOnly() {
  const loadAtStart = loadavg();
  const figures = await attempt('the spreadsheet export bench', exportBench);
  const browser = await exportInChromium();
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-export.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, export: figures, exportInBrowser: browser }, null, 2)}\n`,
  );
  printRows([
    ...(failed(figures) ? [['export', 'not measured', figures.failed] as Row] : exportRows(figures)),
    ...browserExportTableRows(browser),
  ]);
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(figures)) process.exitCode = 1;
}

/** `npm run bench -- --only export-load`: five exports at once and the other users meanwhile, on PGlite and PostgreSQL. */
async function exportLoadOnly() {
  const loadAtStart = loadavg();
  const figures = await attempt('the export load bench', exportLoadBench);
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-export-load.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, exportLoad: figures }, null, 2)}\n`,
  );
  printRows(failed(figures) ? [['export load', 'not measured', figures.failed]] : exportLoadRows(figures));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(figures) || figures.runs.some((r) => 'failed' in r)) process.exitCode = 1;
}

/** The video bench: the built system with its Janus, Chromium with a fake camera. */
const videoInChromium = () =>
  attempt('the video bench', () => withSystem((browser) => videoBench(browser), {}, MEDIA_ARGS));

const videoTableRows = (f: Awaited<ReturnType<typeof videoInChromium>>): Row[] =>
  failed(f) ? [['video', 'not measured', f.failed]] : videoRows(f);

/** `npm run bench -- --only video`: joins to the first decoded frame and leaves, through the real Janus. */
async function videoOnly() {
  const loadAtStart = loadavg();
  const video = await videoInChromium();
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-video.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, video }, null, 2)}\n`);
  printRows(videoTableRows(video));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(video)) process.exitCode = 1;
}

/** `npm run bench -- --only first-screens`: the back office's first screens, their JS and login → first chart (built system, browser). */
async function firstScreensOnly() {
  const loadAtStart = loadavg();
  const figures = await withSystem((browser) =>
    attempt('the first screens', () =>
      firstScreensBench(browser, (page) => signIn(page, 'officer', 'Officer@123', { timeout: 120_000 })),
    ),
  );
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-first-screens.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, firstScreens: figures }, null, 2)}\n`,
  );
  const history = appendHistory(
    {
      firstScreens: failed(figures)
        ? figures
        : {
            js: Object.fromEntries(
              Object.entries(figures.screens).map(([screen, js]) => [screen, { wireKiB: js.wireKiB, files: js.files }]),
            ),
            timings: Object.fromEntries(
              Object.entries(figures.timings).map(([rate, t]) => [rate, { usableMs: t.usableMs, chartMs: t.chartMs }]),
            ),
          },
    },
    loadAtStart,
  );
  printRows(failed(figures) ? [['first screens', 'not measured', figures.failed]] : firstScreensRows(figures));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: timings vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}; a line appended to ${path.relative(ROOT, history)}`);
  if (failed(figures) || figures.overBudget.length > 0) process.exitCode = 1;
}

/** `npm run bench -- --only dashboard`: every dashboard widget's call at 1,000,000 applications alone (no build, no browser). */
async function dashboardOnly() {
  const loadAtStart = loadavg();
  const figures = await attempt('the dashboard bench', dashboardBench);
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-dashboard.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, dashboard: figures }, null, 2)}\n`,
  );
  printRows(failed(figures) ? [['dashboard', 'not measured', figures.failed]] : dashboardRows(figures));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(figures)) process.exitCode = 1;
}

async function slaOnly() {
  const loadAtStart = loadavg();
  const figures = await attempt('the SLA sweep bench', slaBench);
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-sla.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, sla: figures }, null, 2)}\n`);
  printRows(failed(figures) ? [['sla', 'not measured', figures.failed]] : slaRows(figures));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
}

/** `npm run bench -- --only step`: complete_step p95 on the step bench's bank (no build, no browser). */
async function stepOnly() {
  const loadAtStart = loadavg();
  const figures = await attempt('the step-completion bench', stepBench);
  const machine = { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', 'bench-step.json');
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, step: figures }, null, 2)}\n`);
  printRows(failed(figures) ? [['step', 'not measured', figures.failed]] : stepRows(figures));
  console.log(
    `${machine.cpus} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(machine.loadAverageAtEnd)}: figures vary with it.`,
  );
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (failed(figures)) process.exitCode = 1;
}

/** `npm run bench -- --only calc` / `--only decision`: the calculator's 360-month schedule, the decision engine on a 50-row table (no build, no browser). */
async function arithmeticOnly(which: 'calc' | 'decision') {
  const results = [];
  for (const database of await benchDatabases()) {
    results.push(
      which === 'calc'
        ? await attempt(`the calculator bench on ${database}`, () => calcBench(database)).then(
            (f) => [f, calcRows(f)] as const,
          )
        : await attempt(`the decision engine bench on ${database}`, () => decisionBench(database)).then(
            (f) => [f, decisionRows(f)] as const,
          ),
    );
  }
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const file = path.join(ROOT, 'bench-results', `bench-${which}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { cpus: cpus().length, loadAverage: loadavg() }, [which]: results.map(([figures]) => figures) }, null, 2)}\n`,
  );
  for (const [what, value, note] of results.flatMap(([, rows]) => rows)) console.log(`${what}\n  ${value}\n  ${note}`);
  console.log(`written to ${path.relative(ROOT, file)}`);
  if (results.some(([figures]) => failed(figures) || !figures.goalMet)) process.exitCode = 1;
}

async function main() {
  if (process.argv.includes('--only')) {
    const only = process.argv[process.argv.indexOf('--only') + 1];
    if (only === 'form') return formOnly();
    if (only === 'release') return releaseOnly();
    if (only === 'list-page') return listPageOnly();
    if (only === 'nginx') return nginxOnly();
    if (only === 'export') return exportOnly();
    if (only === 'export-load') return exportLoadOnly();
    if (only === 'dashboard') return dashboardOnly();
    if (only === 'first-screens') return firstScreensOnly();
    if (only === 'sla') return slaOnly();
    if (only === 'step') return stepOnly();
    if (only === 'video') return videoOnly();
    if (only === 'letters') return lettersOnly();
    if (only === 'messages') return messagesOnly();
    if (only === 'integrations') return integrationsOnly();
    if (only === 'calc' || only === 'decision') return arithmeticOnly(only);
    if (only !== 'documents') {
      throw new Error(
        `--only takes 'documents', 'list-page', 'calc', 'decision', 'letters', 'messages', 'integrations', 'form', 'release', 'nginx', 'export', 'export-load', 'dashboard', 'first-screens', 'sla', 'step', 'video' or 'crash' (tools/bench/crash-bench.mjs), got '${only}'`,
      );
    }
    return documentsOnly();
  }
  // Timings depend on what else runs: the load average goes into bench.json with them.
  const loadAtStart = loadavg();
  const cold = process.argv.includes('--cold') ? await coldStart() : null;
  const engine = await attempt('the engine bench', engineBench);
  // The 1,000,000-application list bench (its database is kept between runs); --no-lists skips it.
  const lists = process.argv.includes('--no-lists') ? null : await attempt('the list bench', listsBench);
  // The 1,000,000-lead list bench (its database is kept between runs too); --no-lists skips it as well.
  const leads = process.argv.includes('--no-lists') ? null : await attempt('the lead list bench', leadsBench);
  // Every dashboard widget on the list bench's 1,000,000 applications (PostgreSQL only); --no-lists skips it.
  const dashboard = process.argv.includes('--no-lists') ? null : await attempt('the dashboard bench', dashboardBench);
  // The SLA sweep on a 1,000,000-application bank (PostgreSQL only, its database kept); --no-lists skips it too.
  const sla = process.argv.includes('--no-lists') ? null : await attempt('the SLA sweep bench', slaBench);
  // complete_step at 1,000,000 applications (PostgreSQL only, its database kept); --no-lists skips it too.
  const step = process.argv.includes('--no-lists') ? null : await attempt('the step-completion bench', stepBench);
  const documents = await attempt('the document-bomb bench', documentsBench);
  const letters = await attempt('the letters bench', lettersBench);
  const messages = await attempt('the messages bench', messagesBench);
  const integrations = await attempt('the integrations bench', integrationsBench);
  const spreadsheet = await attempt('the spreadsheet export bench', exportBench);
  const spreadsheetInBrowser = await exportInChromium();
  const nginx = await attempt('nginx vs serve.ts', nginxBench);
  const video = await videoInChromium();
  const { pages, listPage, portal, flow, largeForm, release } = await withSystem(async (browser, env) => ({
    pages: await measurePages(browser),
    listPage: await attempt('the list page in Chromium', () => listPageBench(browser)),
    portal: await attempt('JS of the standalone portal', () => portalJs(browser)),
    flow: await attempt('the generated flow in Chromium', () => benchFlowInChromium(browser)),
    largeForm: await attempt('the large form beside SurveyJS', () => largeFormBench(browser)),
    release: await attempt('publish of one remote', () => releaseBench(browser, env)),
  }));
  const history = appendLargeFormHistory(largeForm, loadAtStart);
  appendListPageHistory(listPage);
  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() },
    ...pages,
    engine,
    chromium: {
      portal: PORTAL,
      product: BENCH_PRODUCT,
      note: `Event Timing (type 'event', durationThreshold ${EVENT_THRESHOLD_MS}, buffered) reports no event shorter than ${EVENT_THRESHOLD_MS} ms: keys with no entry are counted as < ${EVENT_THRESHOLD_MS} ms. A key's figure is the longest of its keydown, keypress, input and keyup entries (input to next paint). First render (the goal): the last configuration answer to the frame painted after the driver field stands in the form, visible and enabled; medianMs is the same frame from navigation start (the app start-up included).`,
      goals: {
        firstRenderMs: FIRST_RENDER_GOAL_MS,
        keystrokeP95Ms: KEY_PAINT_P95_GOAL_MS,
        keystrokeMaxMs: KEY_PAINT_MAX_GOAL_MS,
      },
      ...flow,
    },
    portalJs: portal,
    largeForm,
    release,
    listPage,
    lists,
    leads,
    dashboard,
    sla,
    step,
    documents,
    letters,
    messages,
    integrations,
    export: spreadsheet,
    exportInBrowser: spreadsheetInBrowser,
    nginx,
    video,
    coldStart: cold,
  };
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'bench.json'), `${JSON.stringify(result, null, 2)}\n`);

  const rows: Row[] = [
    [
      'JS before the login page is usable',
      `${pages.login.wireKiB} KiB on the wire (${pages.login.files} files)`,
      `goal ≤ ${LOGIN_GOAL_KIB} KiB (br; gzip ${pages.login.gzipKiB} KiB)`,
    ],
    [
      'JS before the back office + bell is usable',
      `${pages.backOffice.wireKiB} KiB on the wire (${pages.backOffice.files} files)`,
      `cumulative (br; gzip ${pages.backOffice.gzipKiB} KiB)`,
    ],
    ...Object.entries(pages.backOffice.byOrigin).map(
      ([origin, size]): Row => [`  of which from ${origin}`, `${size} KiB`, ''],
    ),
    [
      'JS before My Applications (grid + first page) is usable',
      `${pages.myApplications.wireKiB} KiB on the wire (${pages.myApplications.files} files)`,
      `cumulative, after the back office (br; gzip ${pages.myApplications.gzipKiB} KiB)`,
    ],
    ...Object.entries(pages.myApplications.byOrigin).map(
      ([origin, size]): Row => [`  of which from ${origin}`, `${size} KiB`, ''],
    ),
    ...Object.entries(pages.shellMainJs).map(
      ([encoding, bytes]): Row => [`shell main.js with Accept-Encoding: ${encoding}`, `${bytes} bytes`, ''],
    ),
    ...Object.entries(pages.singletons).map(
      ([pkg, n]): Row => [
        `copies of ${pkg}`,
        String(n),
        n === 0 ? 'not loaded: only deep imports of it are used' : 'must be 1',
      ],
    ),
    [
      `most copies of any of the ${pages.sharedPackagesLoaded} shared packages loaded`,
      String(pages.mostCopiesOfAnySharedPackage),
      'must be 1',
    ],
    ...portalJsRows(portal),
    ...engineRows(engine),
    ...chromiumRows(flow),
    ...largeFormRows(largeForm),
    ...(failed(listPage) ? [['list page', 'not measured', listPage.failed] as Row] : listPageRows(listPage)),
    ...(lists === null
      ? []
      : failed(lists)
        ? [['lists (1,000,000 applications)', 'not measured', lists.failed] as Row]
        : listRows(lists)),
    ...(leads === null
      ? []
      : failed(leads)
        ? [['leads (1,000,000 leads)', 'not measured', leads.failed] as Row]
        : leadRows(leads)),
    ...(dashboard === null
      ? []
      : failed(dashboard)
        ? [['dashboard (1,000,000 applications)', 'not measured', dashboard.failed] as Row]
        : dashboardRows(dashboard)),
    ...(sla === null
      ? []
      : failed(sla)
        ? [['sla (1,000,000 applications)', 'not measured', sla.failed] as Row]
        : slaRows(sla)),
    ...(step === null
      ? []
      : failed(step)
        ? [['step (1,000,000 applications)', 'not measured', step.failed] as Row]
        : stepRows(step)),
    ...documentRows(documents),
    ...letterRows(letters),
    ...messageRows(messages),
    ...integrationRows(integrations),
    ...(failed(spreadsheet) ? [['export', 'not measured', spreadsheet.failed] as Row] : exportRows(spreadsheet)),
    ...browserExportTableRows(spreadsheetInBrowser),
    ...releaseRows(release),
    ...nginxRows(nginx),
    ...videoTableRows(video),
  ];
  if (cold)
    rows.push([
      'cold npm start (fresh clone) until URLs printed',
      cold.ok ? `${cold.seconds} s` : `failed after ${cold.seconds} s`,
      'goal ≤ 300 s',
    ]);
  printRows(rows);
  console.log(
    `\nkeystroke figures: Event Timing does not report events under ${EVENT_THRESHOLD_MS} ms; keys without an entry count as < ${EVENT_THRESHOLD_MS} ms.`,
  );
  console.log(
    `${cpus().length} CPUs; load average at start ${loadText(loadAtStart)}, at end ${loadText(result.machine.loadAverageAtEnd)}: timings vary with it.`,
  );
  console.log(
    `written to ${path.join('bench-results', 'bench.json')}; a line appended to ${path.relative(ROOT, history)}`,
  );
  const singletonOk = pages.mostCopiesOfAnySharedPackage === 1 && pages.singletons.react === 1;
  if (!singletonOk) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
