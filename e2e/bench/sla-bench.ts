// The SLA sweep bench: a bank of BENCH_SLA_APPLICATIONS generated applications (1,000,000 by default; the
// seed leaves about three in four of its tasks open) on the PostgreSQL at 127.0.0.1:5432 (database
// originate_bench_sla_<size>, kept between runs), a server answering lists, and the sweep run from a process of
// its own (mock-server `npm run sla:sweep`), as a second API process would run it. Measured: the first sweeps
// over what the seeded bank has long breached (marked in batches, notifying nobody: old news; what three
// sweeps leave is marked by one statement); then, while 100 open tasks breach afresh every second, a sweep
// each second (goal ≤ 2 s); and another user's list (My Applications, first page with its total) p50/p95
// with no sweep and while the sweeps run (goal: p95 unchanged within noise). PostgreSQL only: PGlite is one
// process's database, which a second process cannot open.
import path from 'node:path';
import { API_PATHS, APPLICATIONS_QUERY, encryptPayload } from '@originate/contract';
import { type Proc, startNode } from '@originate/tools/lib/process.mjs';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import pg from 'pg';
import { login, postgresDatabase, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

const APPLICATIONS = Number(process.env.BENCH_SLA_APPLICATIONS || 1_000_000);
/** One kept database per size: a bank is seeded once. */
const DB_NAME = `originate_bench_sla_${APPLICATIONS}`;
const SWEEP_GOAL_MS = 2_000;
/** Seconds of list requests with no sweep, then as many with sweeps running. */
const PHASE_SECONDS = Number(process.env.BENCH_SLA_PHASE_SECONDS || 20);
/** Tasks made to breach afresh each second while the sweeps run. */
const BREACHES_PER_SECOND = 100;
/** Marks one backlog sweep makes at most per part (SLA_SWEEP_BATCH of the sweeping process). */
const BACKLOG_BATCH = 20_000;
/** Backlog sweeps timed; the rest of the backlog is marked by one statement. */
const BACKLOG_SWEEPS = 3;

interface SweepLine {
  ran: boolean;
  breaches: number;
  parts: Record<string, number>;
  notified: number;
  escalated: number;
  ms: number;
}

interface ListPhase {
  requests: number;
  p50Ms: number;
  p95Ms: number;
}

export interface SlaFigures {
  applications: number;
  database: 'postgres';
  openTasks: number;
  seed: { seconds: number | null };
  backlog: { sweeps: number; marked: number; seconds: number; slowestSweepMs: number; markedBySql: number };
  steady: { sweeps: number; breachesPerSweep: number; p50Ms: number; p95Ms: number; maxMs: number; notified: number };
  emptySweepMs: number;
  listAlone: ListPhase;
  listDuringSweeps: ListPhase;
}

/** Runs `npm run sla:sweep` with these arguments; each sweep's line as it comes. */
function sweeper(env: NodeJS.ProcessEnv, args: string[], onLine: (line: SweepLine) => void): Proc {
  const proc = startNode('sla-sweep', ['--import', 'tsx', 'scripts/sla-sweep.ts', ...args], {
    cwd: path.join(ROOT, 'mock-server'),
    env,
    echo: 'none',
  });
  let buffered = '';
  proc.onOutput((text) => {
    buffered += text;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) onLine(JSON.parse(line) as SweepLine);
  });
  return proc;
}

async function sweepsOf(env: NodeJS.ProcessEnv, args: string[]): Promise<SweepLine[]> {
  const lines: SweepLine[] = [];
  const proc = sweeper(env, args, (line) => lines.push(line));
  const exit = await proc.done;
  if (exit.code !== 0) throw new Error(`sla:sweep ${args.join(' ')} exited ${exit.code ?? exit.signal}`);
  return lines;
}

/** One user's list, one request after another, for `seconds`. */
async function listPhase(
  url: string,
  headers: Record<string, string>,
  body: string,
  seconds: number,
): Promise<ListPhase> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.text();
    if (!res.ok) throw new Error(`list: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p50Ms: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)) };
}

export async function slaBench(): Promise<SlaFigures> {
  const url = await postgresDatabase(DB_NAME);
  if (!url)
    throw new Error(
      'PostgreSQL does not answer on 127.0.0.1:5432: the SLA bench needs a second process on one database',
    );
  console.log(
    `bench sla: ${APPLICATIONS} applications on PostgreSQL (${DB_NAME}); a first run seeds them (minutes), later runs reuse the database`,
  );
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: url,
    SEED_APPLICATIONS: String(APPLICATIONS),
    SLA_SWEEP_INTERVAL_MS: '0',
  };
  const server = await startServer(env, { what: 'applications', bench: 'sla' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [open] = (
      await client.query<{ n: string }>(`SELECT count(*) AS n FROM tasks WHERE progress IN ('In Progress', 'Pending')`)
    ).rows;

    // What the seeded bank breached long ago: a few sweeps of large batches time the marking; what they leave
    // is marked by one statement, as if the sweeps had run all along (at a million applications the backlog is
    // over a million parts: many minutes of sweeping that measure nothing the steady state has).
    const backlogStarted = performance.now();
    const backlog: SweepLine[] = [];
    for (let i = 0; i < BACKLOG_SWEEPS && (backlog.at(-1)?.breaches ?? 1) > 0; i++) {
      backlog.push(...(await sweepsOf({ ...env, SLA_SWEEP_BATCH: String(BACKLOG_BATCH) }, ['--times', '1'])));
    }
    const backlogSeconds = (performance.now() - backlogStarted) / 1000;
    const rest = await client.query(
      `UPDATE tasks SET
         sla_queued_breached_at = CASE WHEN assigned_at IS NULL AND sla_queued_breached_at IS NULL
           AND task_sla_end(start_time, sla_queued_mins, sla_clock) <= now() THEN now() ELSE sla_queued_breached_at END,
         sla_assigned_breached_at = CASE WHEN assigned_at IS NOT NULL
           AND (sla_assigned_breached_at IS NULL OR sla_assigned_breached_at < assigned_at)
           AND task_sla_end(assigned_at, sla_assigned_mins, sla_clock) <= now() THEN now() ELSE sla_assigned_breached_at END,
         sla_overall_breached_at = CASE WHEN sla_overall_breached_at IS NULL
           AND task_sla_end(start_time, sla_overall_mins, sla_clock) <= now() THEN now() ELSE sla_overall_breached_at END
       WHERE progress IN ('In Progress', 'Pending')
         AND ((assigned_at IS NULL AND sla_queued_breached_at IS NULL
               AND task_sla_end(start_time, sla_queued_mins, sla_clock) <= now())
           OR (assigned_at IS NOT NULL AND (sla_assigned_breached_at IS NULL OR sla_assigned_breached_at < assigned_at)
               AND task_sla_end(assigned_at, sla_assigned_mins, sla_clock) <= now())
           OR (sla_overall_breached_at IS NULL AND task_sla_end(start_time, sla_overall_mins, sla_clock) <= now()))`,
    );
    await client.query('VACUUM ANALYZE tasks');
    const empty = (await sweepsOf(env, ['--times', '5'])).map((l) => l.ms).sort((a, b) => a - b);

    const base = `http://127.0.0.1:${server.port}`;
    const officer = await login(base, 'officer', 'Officer@123');
    const headers = { ...officer, 'content-type': 'application/json' };
    const body = JSON.stringify({
      data: await encryptPayload(
        { query: APPLICATIONS_QUERY, variables: { list: 'MY_APPLICATIONS', page: { page: 0, size: 10 } } },
        officer.access_token,
      ),
    });
    const gql = `${base}${API_PATHS.graphql}`;
    for (let i = 0; i < 20; i++) await listPhase(gql, headers, body, 0.05);
    const listAlone = await listPhase(gql, headers, body, PHASE_SECONDS);

    // Fresh breaches each second (overall parts that ran out a minute ago: notified), a sweep each second: the
    // tasks are picked once, so picking them costs the database nothing while the lists are timed.
    const picked = (
      await client.query<{ task_id: string }>(
        `SELECT task_id FROM tasks WHERE progress IN ('In Progress', 'Pending') ORDER BY random() LIMIT $1`,
        [BREACHES_PER_SECOND * (PHASE_SECONDS + 10)],
      )
    ).rows.map((r) => r.task_id);
    let breaching = true;
    const breaker = (async () => {
      for (let i = 0; breaching; i++) {
        const ids = picked.slice((i * BREACHES_PER_SECOND) % picked.length).slice(0, BREACHES_PER_SECOND);
        await client.query(
          `UPDATE tasks SET start_time = now() - interval '6 minutes', sla_overall_mins = 5, sla_clock = 'CALENDAR',
                  sla_overall_breached_at = NULL
            WHERE task_id = ANY($1::text[])`,
          [ids],
        );
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const steady: SweepLine[] = [];
    let firstSweep: () => void = () => {};
    const warm = new Promise<void>((resolve) => {
      firstSweep = resolve;
    });
    const sweeping = sweeper(env, ['--times', String(PHASE_SECONDS + 10), '--every', '1000'], (line) => {
      steady.push(line);
      firstSweep();
    });
    // The sweeping process's start (loading its code, its first connection) is not a sweep: the lists are
    // timed from its first sweep on, and that first one is left out of the figures.
    await warm;
    const listDuringSweeps = await listPhase(gql, headers, body, PHASE_SECONDS);
    await sweeping.done;
    breaching = false;
    await breaker;

    const working = steady.slice(1).filter((l) => l.ran && l.breaches > 0);
    const times = working.map((l) => l.ms).sort((a, b) => a - b);
    return {
      applications: APPLICATIONS,
      database: 'postgres',
      openTasks: Number(open?.n ?? 0),
      seed: { seconds: server.seedSeconds },
      backlog: {
        sweeps: backlog.length,
        marked: backlog.reduce((n, l) => n + l.breaches, 0),
        seconds: round1(backlogSeconds),
        slowestSweepMs: Math.max(...backlog.map((l) => l.ms)),
        markedBySql: rest.rowCount ?? 0,
      },
      steady: {
        sweeps: working.length,
        breachesPerSweep: round1(working.reduce((n, l) => n + l.breaches, 0) / Math.max(1, working.length)),
        p50Ms: round1(percentile(times, 50)),
        p95Ms: round1(percentile(times, 95)),
        maxMs: round1(times.at(-1) ?? Number.NaN),
        notified: working.reduce((n, l) => n + l.notified, 0),
      },
      emptySweepMs: round1(percentile(empty, 50)),
      listAlone,
      listDuringSweeps,
    };
  } finally {
    await client.end();
    await server.child.stop();
  }
}

/** The table rows run.ts prints. */
export function slaRows(f: SlaFigures): [string, string, string][] {
  const at = `${f.applications} applications, ${f.openTasks} open tasks (${f.database})`;
  return [
    [
      `sla: backlog of the seeded bank [${at}]`,
      `${f.backlog.marked} parts marked in ${f.backlog.sweeps} sweeps, ${f.backlog.seconds} s`,
      `slowest sweep ${f.backlog.slowestSweepMs} ms (batches of ${BACKLOG_BATCH} per part; old breaches notify nobody); ${f.backlog.markedBySql} more tasks marked by one statement`,
    ],
    [
      `sla: sweep with ~${BREACHES_PER_SECOND} fresh breaches a second`,
      `p50 ${f.steady.p50Ms} ms, p95 ${f.steady.p95Ms} ms, max ${f.steady.maxMs} ms`,
      `${f.steady.sweeps} sweeps, ${f.steady.breachesPerSweep} breaches each, ${f.steady.notified} notifications; goal ≤ ${SWEEP_GOAL_MS} ms: ${f.steady.maxMs <= SWEEP_GOAL_MS ? 'met' : 'NOT met'}`,
    ],
    [`sla: sweep with nothing due`, `${f.emptySweepMs} ms`, 'median of 5'],
    [
      'sla: My Applications first page, no sweep',
      `p50 ${f.listAlone.p50Ms} ms, p95 ${f.listAlone.p95Ms} ms`,
      `${f.listAlone.requests} requests, one after another`,
    ],
    [
      'sla: My Applications first page, sweeps running',
      `p50 ${f.listDuringSweeps.p50Ms} ms, p95 ${f.listDuringSweeps.p95Ms} ms`,
      `${f.listDuringSweeps.requests} requests; p95 change ${round1(f.listDuringSweeps.p95Ms - f.listAlone.p95Ms)} ms (goal: within noise)`,
    ],
  ];
}

// `node --import tsx e2e/bench/sla-bench.ts`: this bench alone, figures to bench-results/sla.json.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const figures = await slaBench();
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'sla.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const rows = slaRows(figures);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padEnd(40)}  ${note}`);
}
