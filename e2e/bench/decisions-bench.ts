// The loan calculator and decision engine benches: the real server (its own process, seeded demo bank).
// calc: POST /calculations/calculate for a 360-month schedule, one request at a time (goal p95 ≤ 5 ms).
// decision: an operations admin saves the personal loan's decision with a 50-row pricing table (score bands), then
// GET /decision_engine/execute/PL/credit on an officer's personal loan, one at a time: three tables evaluated by
// zen-engine, the decision stored with its inputs and fired rows and the risk grade written (goal p95 ≤ 10 ms).
// Round trips from this process over HTTP on 127.0.0.1, so the figures include the HTTP stack. Figures only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, apiPath, type DecisionConfigAnswer, decryptPayload, encryptPayload } from '@originate/contract';
import { login, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

const WARM_UP = 50;
const MEASURED = 500;
const CALC_GOAL_MS = 5;
const DECISION_GOAL_MS = 10;
const TABLE_ROWS = 50;

interface Timing {
  calls: number;
  failed: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface CalcFigures {
  tenureMonths: number;
  timing: Timing;
  /** GET /v3/users/roles the same way: what the HTTP stack, the access check and the machine's load cost alone. */
  baseline: Timing;
  goalMet: boolean;
}

export interface DecisionFigures {
  tableRows: number;
  timing: Timing;
  goalMet: boolean;
}

type Session = Awaited<ReturnType<typeof login>>;

/** `send` WARM_UP times, then MEASURED times one after another: its round trips' percentiles. */
async function timed(send: () => Promise<Response>): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) await (await send()).arrayBuffer();
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; i < MEASURED; i++) {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (!res.ok) failed += 1;
  }
  ms.sort((a, b) => a - b);
  return {
    calls: ms.length,
    failed,
    p50Ms: round1(percentile(ms, 50)),
    p95Ms: round1(percentile(ms, 95)),
    maxMs: round1(ms.at(-1) ?? Number.NaN),
  };
}

async function withServer<T>(run: (base: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-decisions-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_APPLICATIONS: '0', SEED_LEADS: '0' });
  try {
    return await run(`http://127.0.0.1:${server.port}`);
  } finally {
    await server.child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const json = (session: Session) => ({ ...session, 'content-type': 'application/json' });

export async function calcBench(): Promise<CalcFigures> {
  return withServer(async (base) => {
    const officer = await login(base, 'officer', 'Officer@123');
    const body = JSON.stringify({
      principal: 7_500_000,
      annualRatePercent: 8.75,
      tenureMonths: 360,
      charges: [{ name: 'Processing fee', amount: 10_000, taxPercent: 18 }],
    });
    const baseline = await timed(() => fetch(`${base}${API_PATHS.userRoles}`, { headers: officer }));
    const timing = await timed(() =>
      fetch(`${base}${API_PATHS.calculate}`, { method: 'POST', headers: json(officer), body }),
    );
    console.log(
      `bench calc: 360-month schedule p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms (GET roles p50 ${baseline.p50Ms}, p95 ${baseline.p95Ms} ms)`,
    );
    return { tenureMonths: 360, timing, baseline, goalMet: timing.p95Ms <= CALC_GOAL_MS && timing.failed === 0 };
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

export async function decisionBench(): Promise<DecisionFigures> {
  return withServer(async (base) => {
    const officer = await login(base, 'officer', 'Officer@123');
    const admin = await login(base, 'opsadmin', 'Admin@123');
    await saveFiftyRowTable(base, admin);
    const applicationId = await officersPersonalLoan(base, officer);
    const url = `${base}${apiPath('decisionExecute', { product: 'PL', name: 'credit' })}?application_id=${applicationId}`;
    const timing = await timed(() => fetch(url, { headers: officer }));
    console.log(`bench decision: ${TABLE_ROWS}-row table p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms`);
    return {
      tableRows: TABLE_ROWS,
      timing,
      goalMet: timing.p95Ms <= DECISION_GOAL_MS && timing.failed === 0,
    };
  });
}

export function calcRows(figures: CalcFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['/calculations/calculate (360 months)', 'not measured', figures.failed]];
  const t = figures.timing;
  const b = figures.baseline;
  return [
    [
      `/calculations/calculate, ${figures.tenureMonths}-month schedule: p50 / p95 / max`,
      `${t.p50Ms} / ${t.p95Ms} / ${t.maxMs} ms (${t.calls} calls, ${t.failed} failed)`,
      `goal p95 ≤ ${CALC_GOAL_MS} ms: ${figures.goalMet ? 'met' : 'NOT met'}; GET /v3/users/roles alike ${b.p50Ms} / ${b.p95Ms} / ${b.maxMs} ms`,
    ],
  ];
}

export function decisionRows(figures: DecisionFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['decision engine (50-row table)', 'not measured', figures.failed]];
  const t = figures.timing;
  return [
    [
      `/decision_engine/execute, ${figures.tableRows}-row pricing table (stored, grade written): p50 / p95 / max`,
      `${t.p50Ms} / ${t.p95Ms} / ${t.maxMs} ms (${t.calls} calls, ${t.failed} failed)`,
      `goal p95 ≤ ${DECISION_GOAL_MS} ms: ${figures.goalMet ? 'met' : 'NOT met'}`,
    ],
  ];
}
