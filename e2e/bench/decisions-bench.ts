// The loan calculator and decision engine benches: the real server (its own process, seeded demo bank).
// calc: POST /calculations/calculate for a 360-month schedule, one request at a time (goal p95 ≤ 5 ms).
// decision: an operations admin saves the personal loan's decision with a 50-row pricing table (score bands), then
// GET /decision_engine/execute/PL/credit on an officer's personal loan, one at a time: three tables evaluated by
// zen-engine, the decision stored with its inputs and fired rows and the risk grade written (goal p95 ≤ 10 ms).
// Round trips from this process over HTTP on 127.0.0.1 with the benches' lean client (client.ts: keep-alive, a
// browser's Accept-Encoding, the body decoded), so the figures include the HTTP stack and the decoding. Each runs on PostgreSQL
// (a scratch database, dropped after; when one answers on 127.0.0.1:5432: a bank's deployment) and on PGlite (the
// embedded database of `npm start`), each named in the figures. Each bench runs RUNS
// times on one server and takes the median; beside the wall times, which the machine's load moves, it gives the
// server's CPU time per request (its process's utime + stime, /proc) and the ratio to GET /v3/users/roles timed the
// same way in the same run (the auth lookup and the HTTP stack alone). Figures only; a line goes to history.jsonl.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, apiPath, type DecisionConfigAnswer, decryptPayload, encryptPayload } from '@originate/contract';
import { listening } from '@originate/tools/lib/process.mjs';
import pg from 'pg';
import { type BenchAnswer, send } from './client';
import { appendHistory } from './largeForm';
import { login, PG_URL, postgresDatabase, startServer } from './lists-bench';
import { median, percentile, processCpuSeconds, round1 } from './stats';

const WARM_UP = 50;
const MEASURED = 500;
const RUNS = 3;
const CALC_GOAL_MS = 5;
const DECISION_GOAL_MS = 10;
const TABLE_ROWS = 50;

interface Timing {
  calls: number;
  failed: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The server process's CPU time (user + system) over the measured calls, per call. */
  serverCpuMsPerCall: number;
}

/** One run: the route and the trivial authenticated GET, timed alike one after the other. */
interface Run {
  timing: Timing;
  baseline: Timing;
}

/** RUNS runs and their medians (of each figure on its own). */
interface Runs {
  runs: Run[];
  median: Run;
  /** median p95 of the route ÷ median p95 of the trivial GET: what the route adds, less the machine's load. */
  p95Ratio: number;
  cpuRatio: number;
  loadAverageAtStart: number[];
}

/** Where the server under the bench keeps its data. */
export type BenchDatabase = 'postgres' | 'pglite';

export interface CalcFigures extends Runs {
  database: BenchDatabase;
  tenureMonths: number;
  /** The median run's (kept for the table and older readers). */
  timing: Timing;
  /** GET /v3/users/roles the same way: what the HTTP stack, the access check and the machine's load cost alone. */
  baseline: Timing;
  goalMet: boolean;
}

export interface DecisionFigures extends Runs {
  database: BenchDatabase;
  tableRows: number;
  timing: Timing;
  baseline: Timing;
  goalMet: boolean;
}

type Session = Awaited<ReturnType<typeof login>>;

/** `send` WARM_UP times, then MEASURED times one after another: its round trips' percentiles and the server's CPU. */
async function timed(call: () => Promise<BenchAnswer>, serverPid: number | undefined): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) await call();
  const ms: number[] = [];
  let failed = 0;
  const cpuBefore = processCpuSeconds(serverPid);
  for (let i = 0; i < MEASURED; i++) {
    const started = performance.now();
    const res = await call();
    ms.push(performance.now() - started);
    if (!res.ok) failed += 1;
  }
  const cpuMs = (processCpuSeconds(serverPid) - cpuBefore) * 1000;
  ms.sort((a, b) => a - b);
  return {
    calls: ms.length,
    failed,
    p50Ms: round1(percentile(ms, 50)),
    p95Ms: round1(percentile(ms, 95)),
    maxMs: round1(ms.at(-1) ?? Number.NaN),
    serverCpuMsPerCall: Math.round((cpuMs / ms.length) * 100) / 100,
  };
}

const medianTiming = (timings: Timing[]): Timing => ({
  calls: timings.reduce((sum, t) => sum + t.calls, 0),
  failed: timings.reduce((sum, t) => sum + t.failed, 0),
  p50Ms: median(timings.map((t) => t.p50Ms)),
  p95Ms: median(timings.map((t) => t.p95Ms)),
  maxMs: median(timings.map((t) => t.maxMs)),
  serverCpuMsPerCall: median(timings.map((t) => t.serverCpuMsPerCall)),
});

/** RUNS runs of the trivial GET then the route, each printed; their medians and ratios. */
async function runs(
  what: string,
  baseline: () => Promise<BenchAnswer>,
  route: () => Promise<BenchAnswer>,
  serverPid: number | undefined,
  loadAverageAtStart: number[],
): Promise<Runs> {
  const done: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const base = await timed(baseline, serverPid);
    const timing = await timed(route, serverPid);
    done.push({ timing, baseline: base });
    console.log(
      `bench ${what} run ${run}/${RUNS}: p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms, server CPU ${timing.serverCpuMsPerCall} ms a call (GET roles p50 ${base.p50Ms}, p95 ${base.p95Ms} ms, CPU ${base.serverCpuMsPerCall} ms)`,
    );
  }
  const middle = {
    timing: medianTiming(done.map((r) => r.timing)),
    baseline: medianTiming(done.map((r) => r.baseline)),
  };
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const figures = {
    runs: done,
    median: middle,
    p95Ratio: ratio(middle.timing.p95Ms, middle.baseline.p95Ms),
    cpuRatio: ratio(middle.timing.serverCpuMsPerCall, middle.baseline.serverCpuMsPerCall),
    loadAverageAtStart,
  };
  console.log(
    `bench ${what}: median of ${RUNS} runs p95 ${middle.timing.p95Ms} ms (${figures.p95Ratio}× GET roles' ${middle.baseline.p95Ms} ms), server CPU ${middle.timing.serverCpuMsPerCall} ms a call (${figures.cpuRatio}× GET roles' ${middle.baseline.serverCpuMsPerCall} ms); load average at start ${loadAverageAtStart.map((n) => n.toFixed(2)).join(' ')}`,
  );
  return figures;
}

/** The history line's figures: the medians, the ratios and the load, not every run. */
const headline = (figures: Runs & { goalMet: boolean }) => ({
  p95Ms: figures.median.timing.p95Ms,
  p50Ms: figures.median.timing.p50Ms,
  serverCpuMsPerCall: figures.median.timing.serverCpuMsPerCall,
  baselineP95Ms: figures.median.baseline.p95Ms,
  baselineServerCpuMsPerCall: figures.median.baseline.serverCpuMsPerCall,
  p95Ratio: figures.p95Ratio,
  cpuRatio: figures.cpuRatio,
  failed: figures.median.timing.failed,
  goalMet: figures.goalMet,
});

const SCRATCH_DATABASE = 'originate_bench_arithmetic';

/** The databases the benches run on here: PostgreSQL when it answers on 127.0.0.1:5432, and PGlite always. */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  return (await listening(5432)) ? ['postgres', 'pglite'] : ['pglite'];
}

async function dropScratchDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function withServer<T>(
  database: BenchDatabase,
  run: (base: string, serverPid: number | undefined) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-decisions-'));
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, SEED_APPLICATIONS: '0', SEED_LEADS: '0' };
  if (database === 'postgres') {
    await dropScratchDatabase();
    env.DATABASE_URL = (await postgresDatabase(SCRATCH_DATABASE)) ?? undefined;
  }
  const server = await startServer(env);
  try {
    return await run(`http://127.0.0.1:${server.port}`, server.child.pid);
  } finally {
    await server.child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') await dropScratchDatabase();
  }
}

const json = (session: Session) => ({ ...session, 'content-type': 'application/json' });

export async function calcBench(database: BenchDatabase): Promise<CalcFigures> {
  const loadAverageAtStart = loadavg();
  return withServer(database, async (base, serverPid) => {
    const officer = await login(base, 'officer', 'Officer@123');
    const body = JSON.stringify({
      principal: 7_500_000,
      annualRatePercent: 8.75,
      tenureMonths: 360,
      charges: [{ name: 'Processing fee', amount: 10_000, taxPercent: 18 }],
    });
    const measured = await runs(
      `calc (360-month schedule, ${database})`,
      () => send(`${base}${API_PATHS.userRoles}`, { headers: officer }),
      () => send(`${base}${API_PATHS.calculate}`, { method: 'POST', headers: json(officer), body }),
      serverPid,
      loadAverageAtStart,
    );
    const { timing, baseline } = measured.median;
    const figures: CalcFigures = {
      ...measured,
      database,
      tenureMonths: 360,
      timing,
      baseline,
      goalMet: timing.p95Ms <= CALC_GOAL_MS && timing.failed === 0,
    };
    appendHistory({ [`calc-${database}`]: headline(figures) }, loadAverageAtStart);
    return figures;
  });
}

/** One of the officer's personal loans, from the officer's own list. */
async function officersPersonalLoan(base: string, session: Session): Promise<string> {
  const query = `query Page($list: ApplicationList!, $page: PageInput!) {
    applications(list: $list, page: $page) { data { tasks { application_id } } } }`;
  const res = await fetch(`${base}${API_PATHS.graphql}`, {
    method: 'POST',
    headers: json(session),
    body: JSON.stringify({
      data: await encryptPayload(
        { query, variables: { list: 'MY_APPLICATIONS', page: { page: 0, size: 100 } } },
        session.access_token,
      ),
    }),
  });
  const opened = await decryptPayload<{ data: { applications: { data: { tasks: { application_id: string }[] } } } }>(
    ((await res.json()) as { data: string }).data,
    session.access_token,
  );
  const id = opened.data.applications.data.tasks.map((t) => t.application_id).find((a) => a.startsWith('PL-'));
  if (!id) throw new Error('no personal loan of the officer to decide');
  return id;
}

/** The personal loan's decision with TABLE_ROWS score bands of 10 points each, saved as its next version. */
async function saveFiftyRowTable(base: string, admin: Session): Promise<void> {
  const url = `${base}${apiPath('decisionConfig', { product: 'PL' })}`;
  const read = await fetch(url, { headers: admin });
  const current = await decryptPayload<DecisionConfigAnswer>(
    ((await read.json()) as { data: string }).data,
    admin.access_token,
  );
  const document = structuredClone(current.document);
  document.pricing.rules = Array.from({ length: TABLE_ROWS }, (_, i) => {
    const low = 900 - (i + 1) * 10;
    return {
      _id: `band-${i + 1}`,
      bureau: '',
      score: `[${low}..${low + 10})`,
      grade: `"G${i + 1}"`,
      rate: String(10 + i * 0.1),
    };
  });
  const saved = await fetch(url, {
    method: 'POST',
    headers: json(admin),
    body: JSON.stringify({ name: 'credit', verNum: current.verNum, document }),
  });
  if (!saved.ok) throw new Error(`saving the 50-row table: ${saved.status} ${await saved.text()}`);
}

export async function decisionBench(database: BenchDatabase): Promise<DecisionFigures> {
  const loadAverageAtStart = loadavg();
  return withServer(database, async (base, serverPid) => {
    const officer = await login(base, 'officer', 'Officer@123');
    const admin = await login(base, 'opsadmin', 'Admin@123');
    await saveFiftyRowTable(base, admin);
    const applicationId = await officersPersonalLoan(base, officer);
    const url = `${base}${apiPath('decisionExecute', { product: 'PL', name: 'credit' })}?application_id=${applicationId}`;
    const measured = await runs(
      `decision (${TABLE_ROWS}-row table, ${database})`,
      () => send(`${base}${API_PATHS.userRoles}`, { headers: officer }),
      () => send(url, { headers: officer }),
      serverPid,
      loadAverageAtStart,
    );
    const { timing, baseline } = measured.median;
    const figures: DecisionFigures = {
      ...measured,
      database,
      tableRows: TABLE_ROWS,
      timing,
      baseline,
      goalMet: timing.p95Ms <= DECISION_GOAL_MS && timing.failed === 0,
    };
    appendHistory({ [`decision-${database}`]: headline(figures) }, loadAverageAtStart);
    return figures;
  });
}

const load = (figures: Runs) => figures.loadAverageAtStart.map((n) => n.toFixed(2)).join(' ');

export function calcRows(figures: CalcFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['/calculations/calculate (360 months)', 'not measured', figures.failed]];
  const t = figures.timing;
  const b = figures.baseline;
  return [
    [
      `/calculations/calculate, ${figures.tenureMonths}-month schedule, on ${figures.database}: p50 / p95 / max (median of ${RUNS} runs)`,
      `${t.p50Ms} / ${t.p95Ms} / ${t.maxMs} ms (${t.calls} calls, ${t.failed} failed); server CPU ${t.serverCpuMsPerCall} ms a call`,
      `goal p95 ≤ ${CALC_GOAL_MS} ms: ${figures.goalMet ? 'met' : 'NOT met'}; GET /v3/users/roles alike ${b.p50Ms} / ${b.p95Ms} / ${b.maxMs} ms, CPU ${b.serverCpuMsPerCall} ms (p95 ×${figures.p95Ratio}, CPU ×${figures.cpuRatio}); load at start ${load(figures)}`,
    ],
  ];
}

export function decisionRows(figures: DecisionFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['decision engine (50-row table)', 'not measured', figures.failed]];
  const t = figures.timing;
  const b = figures.baseline;
  return [
    [
      `/decision_engine/execute, ${figures.tableRows}-row pricing table (stored, grade written), on ${figures.database}: p50 / p95 / max (median of ${RUNS} runs)`,
      `${t.p50Ms} / ${t.p95Ms} / ${t.maxMs} ms (${t.calls} calls, ${t.failed} failed); server CPU ${t.serverCpuMsPerCall} ms a call`,
      `goal p95 ≤ ${DECISION_GOAL_MS} ms: ${figures.goalMet ? 'met' : 'NOT met'}; GET /v3/users/roles alike p95 ${b.p95Ms} ms, CPU ${b.serverCpuMsPerCall} ms (p95 ×${figures.p95Ratio}, CPU ×${figures.cpuRatio}); load at start ${load(figures)}`,
    ],
  ];
}
