// The list benchmark: a bank of 1,000,000 generated applications (SEED_APPLICATIONS), then on
// loopback the first page of My Applications, the first page of All with two filters and a sort, and the
// stage / task / version counts: p50 and p95 alone, and requests per second with 50 concurrent clients (the lean
// client of client.ts, which leaves the two cores to the server as a browser elsewhere would).
// On the PostgreSQL at 127.0.0.1:5432 when it answers, else PGlite. The seeded database is kept between
// runs (database originate_bench_lists, or bench-results/lists-pglite): only the first run pays the seed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_PATHS,
  APPLICATIONS_QUERY,
  DEFAULT_LOGIN_KEY,
  decryptPayload,
  encryptPayload,
  type ListQueryArgs,
  type LoginResponse,
} from '@originate/contract';
import { freePort } from '@originate/tools/lib/ports.mjs';
import { listening, type Proc, startNode, waitForOutput } from '@originate/tools/lib/process.mjs';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import pg from 'pg';
import { send } from './client';
import { percentile, processCpuSeconds, round1 } from './stats';

const APPLICATIONS = Number(process.env.BENCH_LIST_APPLICATIONS || 1_000_000);
export const PG_URL = 'postgres://postgres@127.0.0.1:5432';
// The million-application bank is the Dashboard bench's too; a smaller one (for profiling) has a database of its own.
const DB_NAME = APPLICATIONS === 1_000_000 ? 'originate_bench_lists' : `originate_bench_lists_${APPLICATIONS}`;
const RUNS_ALONE = 200;
const WARMUP = 20;
export const CLIENTS = 50;
const LOAD_SECONDS = 5;
const BUDGET_SECONDS = 20;
export const LIST_P95_GOAL_MS = 50;
const SEED_RECORD = path.join(ROOT, 'bench-results', 'lists-seed.json');

/** One statement a case's answer runs, as EXPLAIN (ANALYZE, BUFFERS) reads it on the bench's bank. */
/** What a list answer carries, as the server's list code takes it (its ListWants). */
interface ListWants {
  tasks: boolean;
  count: boolean;
  groups: boolean;
}

export interface ListPlan {
  statement: string;
  plan: string[];
}

export interface ListTiming {
  what: string;
  who: string;
  p50Ms: number;
  p95Ms: number;
  runs: number;
  rps: number;
  p95UnderLoadMs: number;
  /** The server process's CPU per request over the runs alone (user + system, /proc): not slowed by the load. */
  serverCpuUsPerRequest: number | null;
  rows: number;
  plans: ListPlan[];
}

export interface ListFigures {
  applications: number;
  database: 'postgres' | 'pglite';
  seed: { seconds: number; seededThisRun: boolean };
  timings: ListTiming[];
}

/** The kept PostgreSQL database (created the first time), or null when no PostgreSQL answers. */
export async function postgresDatabase(name = DB_NAME): Promise<string | null> {
  if (!(await listening(5432))) return null;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${PG_URL}/${name}`;
}

/** Starts the real server on the bench database; resolves once it listens, with the seed's own timing. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  /** Whose seed progress lines time the seed (and are echoed, with this bench's name). */
  seeded: { what: 'applications' | 'leads'; bench: string } = { what: 'applications', bench: 'lists' },
): Promise<{ child: Proc; port: number; seedSeconds: number | null }> {
  const port = await freePort();
  const proc = startNode('server', ['--import', 'tsx', 'src/main.ts', '--seed'], {
    cwd: path.join(ROOT, 'mock-server'),
    env: { ...env, SERVER_PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'error' },
    echo: 'none',
  });
  let seedSeconds: number | null = null;
  let output = '';
  let buffered = '';
  proc.onOutput((text) => {
    output = (output + text).slice(-4000);
    buffered += text;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const progress = new RegExp(`^seed: (\\d+) of (\\d+) ${seeded.what} \\((\\d+)%, ([\\d.]+) s\\)`).exec(line);
      if (line.startsWith('seed: ')) console.log(`bench ${seeded.bench}: ${line}`);
      if (progress) seedSeconds = Number(progress[4]);
    }
  });
  // Seeding a million rows takes long: no deadline but the server's own exit.
  await waitForOutput(proc, /^mock-server listening/, 24 * 3_600_000).catch((error: Error) => {
    throw new Error(`${error.message}: ${output}`);
  });
  return { child: proc, port, seedSeconds };
}

export async function login(base: string, username: string, password: string) {
  const res = await fetch(`${base}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: await encryptPayload(password, DEFAULT_LOGIN_KEY) }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as LoginResponse;
  return { access_token: body.access_token, sessionid: body.sessionid };
}

export interface Case {
  what: string;
  who: string;
  headers: Record<string, string>;
  body: string;
  /** The list call behind it, for its query plans (the list bench's cases). */
  list?: { args: ListQueryArgs; wants: ListWants };
}

const PAGE_WANTS: ListWants = { tasks: true, count: true, groups: false };
const COUNTS_WANTS: ListWants = { tasks: false, count: true, groups: true };
const ALL_WANTS: ListWants = { tasks: true, count: true, groups: true };

const PAGE_QUERY = `query Page($list: ApplicationList!, $filters: [FilterInput!], $sort: SortInput, $page: PageInput!) {
  applications(list: $list, filters: $filters, sort: $sort, page: $page) {
    data { count tasks { taskId name stepName progress subStatus assignedTo assignedToName application_id product_code
      loanAmount applicantName stage verNum mod_time
      operationalLevelAgreement { overall { status timeLimit { expectedEndTS } } } } } } }`;
const COUNTS_QUERY = `query Counts($list: ApplicationList!, $page: PageInput!) {
  applications(list: $list, page: $page) {
    data { count closedCount stageWise { stepName count } taskNameWise { taskName count }
      versionNumberWise { versionNumber count } } } }`;

async function graphqlCase(
  what: string,
  who: string,
  session: { access_token: string; sessionid: string },
  query: string,
  variables: ListQueryArgs,
  wants: ListWants,
): Promise<Case> {
  return {
    what,
    who,
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ data: await encryptPayload({ query, variables }, session.access_token) }),
    list: { args: variables, wants },
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement a case's answer runs, by the server's own list code on the bank
 * (mock-server's scripts/list-plans.ts, in a process of its own; PostgreSQL only: PGlite is the server's own file).
 */
function plansOf(url: string, c: Case): ListPlan[] {
  if (!c.list) return [];
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/list-plans.ts', JSON.stringify({ url, who: c.who, ...c.list })],
    { cwd: path.join(ROOT, 'mock-server'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as ListPlan[];
}

async function once(url: string, c: Case): Promise<number> {
  const started = performance.now();
  const res = await send(url, { method: 'POST', headers: c.headers, body: c.body });
  if (!res.ok) throw new Error(`${c.what}: ${res.status} ${res.text()}`);
  return performance.now() - started;
}

export async function measure(
  url: string,
  c: Case,
  rows: number,
  plans: ListPlan[] = [],
  serverPid?: number,
): Promise<ListTiming> {
  // A slow query gets fewer runs (at least 20, within about BUDGET_SECONDS), so one cannot stall the bench.
  const budget = performance.now() + BUDGET_SECONDS * 1000;
  for (let i = 0; i < WARMUP && (i < 3 || performance.now() < budget); i++) await once(url, c);
  const alone: number[] = [];
  const stop = performance.now() + BUDGET_SECONDS * 1000;
  const cpuBefore = processCpuSeconds(serverPid);
  while (alone.length < RUNS_ALONE && (alone.length < 20 || performance.now() < stop)) alone.push(await once(url, c));
  const cpuAfter = processCpuSeconds(serverPid);
  alone.sort((a, b) => a - b);
  // 50 clients, each one request at a time, for LOAD_SECONDS.
  const under: number[] = [];
  const until = performance.now() + LOAD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) under.push(await once(url, c));
    }),
  );
  under.sort((a, b) => a - b);
  return {
    what: c.what,
    who: c.who,
    p50Ms: round1(percentile(alone, 50)),
    p95Ms: round1(percentile(alone, 95)),
    runs: alone.length,
    rps: Math.round(under.length / LOAD_SECONDS),
    p95UnderLoadMs: round1(percentile(under, 95)),
    // NaN where there is no /proc.
    serverCpuUsPerRequest: Number.isNaN(cpuAfter - cpuBefore)
      ? null
      : Math.round(((cpuAfter - cpuBefore) * 1_000_000) / alone.length),
    rows,
    plans,
  };
}

/** Rows a query answers (a check that the case measures a real list, not an empty one). */
async function rowsOf(url: string, c: Case): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: c.headers, body: c.body });
  const body = (await res.json()) as { data: string };
  const opened = await decryptPayload<{ data: { applications: { data: { count: number } } } }>(
    body.data,
    c.headers.access_token ?? '',
  );
  return opened.data.applications.data.count;
}

export async function listsBench(): Promise<ListFigures> {
  const url = await postgresDatabase();
  const env: NodeJS.ProcessEnv = {
    SEED_APPLICATIONS: String(APPLICATIONS),
    // Reading a case's plans (execFileSync) holds this process for seconds at a CI's load, past the server's 5 s
    // keep-alive: the next POST went out on a socket the server had closed ('other side closed', not retried).
    KEEP_ALIVE_TIMEOUT_MS: '120000',
  };
  if (url) env.DATABASE_URL = url;
  else
    env.DATA_DIR = path.join(
      ROOT,
      'bench-results',
      APPLICATIONS === 1_000_000 ? 'lists-pglite' : `lists-pglite-${APPLICATIONS}`,
    );
  const database = url ? 'postgres' : 'pglite';
  console.log(
    `bench lists: ${APPLICATIONS} applications on ${url ? `PostgreSQL (${DB_NAME})` : 'PGlite'}; a first run seeds them (minutes), later runs reuse the database`,
  );
  const server = await startServer(env);
  try {
    const previous = existsSync(SEED_RECORD)
      ? (JSON.parse(readFileSync(SEED_RECORD, 'utf8')) as Record<string, number>)
      : {};
    const key = `${database}:${APPLICATIONS}`;
    if (server.seedSeconds !== null) {
      mkdirSync(path.dirname(SEED_RECORD), { recursive: true });
      writeFileSync(SEED_RECORD, `${JSON.stringify({ ...previous, [key]: server.seedSeconds }, null, 2)}\n`);
    }
    const seed = {
      seconds: server.seedSeconds ?? previous[key] ?? Number.NaN,
      seededThisRun: server.seedSeconds !== null,
    };
    const base = `http://127.0.0.1:${server.port}`;
    const gql = `${base}${API_PATHS.graphql}`;
    const officer = await login(base, 'officer', 'Officer@123');
    const admin = await login(base, 'opsadmin', 'Admin@123');
    const first = { page: 0, size: 10 };
    const allFiltered: ListQueryArgs = {
      list: 'ALL',
      filters: [
        { field: 'product_code', operator: 'EQUAL', value: 'HL' },
        { field: 'loanAmount', operator: 'GREATER_THAN', value: '12000000' },
      ],
      sort: { field: 'loanAmount', direction: 'desc' },
      page: first,
    };
    const my: ListQueryArgs = { list: 'MY_APPLICATIONS', page: first };
    const team: ListQueryArgs = { list: 'TEAM_APPLICATIONS', page: first };
    const all: ListQueryArgs = { list: 'ALL', page: first };
    const cases = [
      await graphqlCase('My Applications: first page (+ total)', 'officer', officer, PAGE_QUERY, my, PAGE_WANTS),
      await graphqlCase(
        'All: two filters + sort, first page (+ total)',
        'opsadmin',
        admin,
        PAGE_QUERY,
        allFiltered,
        PAGE_WANTS,
      ),
      await graphqlCase(
        'My Applications: stage/task/version counts',
        'officer',
        officer,
        COUNTS_QUERY,
        my,
        COUNTS_WANTS,
      ),
      await graphqlCase(
        'Team Applications: stage/task/version counts',
        'officer',
        officer,
        COUNTS_QUERY,
        team,
        COUNTS_WANTS,
      ),
      await graphqlCase(
        'All: stage/task/version counts (whole bank)',
        'opsadmin',
        admin,
        COUNTS_QUERY,
        all,
        COUNTS_WANTS,
      ),
      await graphqlCase(
        'My Applications: the whole list query the grid sends',
        'officer',
        officer,
        APPLICATIONS_QUERY,
        my,
        ALL_WANTS,
      ),
      await graphqlCase(
        'Team Applications: the whole list query the grid sends',
        'officer',
        officer,
        APPLICATIONS_QUERY,
        team,
        ALL_WANTS,
      ),
      await graphqlCase(
        'All, two filters + sort: the whole list query the grid sends',
        'opsadmin',
        admin,
        APPLICATIONS_QUERY,
        allFiltered,
        ALL_WANTS,
      ),
    ];
    const timings: ListTiming[] = [];
    for (const c of cases) {
      const plans = url ? plansOf(url, c) : [];
      for (const { statement, plan } of plans) {
        console.log(
          `bench lists: EXPLAIN (ANALYZE, BUFFERS), ${c.what} [${c.who}]: ${statement}\n  ${plan.join('\n  ')}`,
        );
      }
      timings.push(await measure(gql, c, await rowsOf(gql, c), plans, server.child.pid));
    }
    return { applications: APPLICATIONS, database, seed, timings };
  } finally {
    await server.child.stop();
  }
}

/** A case's statements in a few words: their count, the buffers their top nodes read and their execution time. */
function planSummary(plans: readonly ListPlan[]): string {
  if (plans.length === 0) return 'no plans (PGlite)';
  let buffers = 0;
  let ms = 0;
  for (const { plan } of plans) {
    const top = plan.find((line) => line.trim().startsWith('Buffers:')) ?? '';
    for (const [, n] of top.matchAll(/(?:hit|read)=(\d+)/g)) buffers += Number(n);
    ms += Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? 0);
  }
  return `${plans.length} statements, ${buffers} buffers, ${round1(ms)} ms executing`;
}

/** The table rows run.ts prints. */
export function listRows(figures: ListFigures): [string, string, string][] {
  const seed = Number.isNaN(figures.seed.seconds)
    ? 'seeded earlier (time not recorded)'
    : `${figures.seed.seconds} s${figures.seed.seededThisRun ? '' : ' (an earlier run; database reused)'}`;
  return [
    [`lists: seed ${figures.applications} applications (${figures.database})`, seed, 'SEED_APPLICATIONS, bulk SQL'],
    ...figures.timings.map((t): [string, string, string] => [
      `lists: ${t.what} [${t.who}, ${t.rows} rows in the list]`,
      `p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms`,
      `server CPU ${t.serverCpuUsPerRequest ?? '?'} µs/request; ${t.rps} req/s with ${CLIENTS} clients (p95 ${t.p95UnderLoadMs} ms); goal p95 ≤ ${LIST_P95_GOAL_MS} ms alone: ${t.p95Ms <= LIST_P95_GOAL_MS ? 'met' : 'NOT met'}; ${planSummary(t.plans ?? [])}`,
    ]),
  ];
}

// `node --import tsx e2e/bench/lists-bench.ts`: this bench alone, figures to bench-results/lists.json.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await listsBench();
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'lists.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const rows = listRows(figures);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padEnd(32)}  ${note}`);
}
