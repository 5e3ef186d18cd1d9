// The step-completion bench: a bank of BENCH_STEP_APPLICATIONS generated applications (1,000,000 by default) on
// the PostgreSQL at 127.0.0.1:5432 (database originate_bench_step_<size>, kept between runs: only the first run
// pays the seed). PostgreSQL only: the bench prepares tasks with SQL beside the server. Measured on loopback, one request at a time:
// complete_step/user, the transaction that closes a task, opens the next step's task(s) from the application's
// lifecycle version with their SLA and hand-out, and notifies (goal p95 ≤ 50 ms). Two cases: version 1's
// single-task steps (a queue), and the home loan's version 2 opening its parallel valuation (round-robin and
// least-loaded). Before each case the bench hands fresh open tasks of the bank to the demo officer (SQL on the
// bench's own database), so every run measures tasks nobody completed before.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@originate/contract';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import pg from 'pg';
import { login, postgresDatabase, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

const APPLICATIONS = Number(process.env.BENCH_STEP_APPLICATIONS || 1_000_000);
const DB_NAME = `originate_bench_step_${APPLICATIONS}`;
const STEP_P95_GOAL_MS = 50;
/** Completions measured per case (after WARMUP unmeasured ones). */
const RUNS = Number(process.env.BENCH_STEP_RUNS || 200);
const WARMUP = 10;

interface StepTiming {
  what: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface StepFigures {
  applications: number;
  database: 'postgres';
  timings: StepTiming[];
}

/**
 * Hands `count` open tasks of ACTIVE applications at step 2 (no open callback, pending approval or open query,
 * so completion is not refused) to the demo officer in the Mumbai West queue, In Progress; `homeLoanV2` takes home loans and
 * moves them onto the home loan's version 2 (its next step is the parallel valuation). Answers their ids.
 */
async function handOut(
  client: pg.Client,
  count: number,
  homeLoanV2: boolean,
): Promise<{ application_id: string; task_id: string }[]> {
  const picked = await client.query<{ application_id: string; task_id: string }>(
    `SELECT t.application_id, t.task_id FROM applications a JOIN tasks t ON t.task_id = a.current_task_id
      WHERE a.status = 'ACTIVE' AND t.step_number = 2 AND t.progress IN ('In Progress', 'Pending')
        AND t.step_name = 'Document Verification' AND NOT t.callback_requested
        AND ($2::boolean IS FALSE OR a.product_code = 'HL')
        AND (a.doc -> 'lifecycle' ->> 'verNum')::int = 1
        AND NOT EXISTS (SELECT 1 FROM approvals p WHERE p.application_id = a.application_id AND p.status = 'PENDING')
        AND NOT EXISTS (SELECT 1 FROM sub_tasks q WHERE q.application_id = a.application_id AND q.status = 'OPEN')
      LIMIT $1`,
    [count, homeLoanV2],
  );
  const ids = picked.rows.map((r) => r.task_id);
  await client.query(
    `UPDATE tasks SET assigned_to = 'USR-1001', progress = 'In Progress', assigned_at = start_time,
            assigned_team = '[{"type": "HIERARCHY", "id": "TEAM-MUM-WEST"}]'
      WHERE task_id = ANY($1::text[])`,
    [ids],
  );
  // The officer's queue is their branch's: the first task of each application names it.
  await client.query(
    `UPDATE tasks SET assigned_team = '[{"type": "HIERARCHY", "id": "TEAM-MUM-WEST"}]'
      WHERE application_id = ANY($1::text[]) AND step_number = 1`,
    [picked.rows.map((r) => r.application_id)],
  );
  if (homeLoanV2) {
    await client.query(
      `UPDATE applications SET doc = jsonb_set(doc, '{lifecycle,verNum}', '2') WHERE application_id = ANY($1::text[])`,
      [picked.rows.map((r) => r.application_id)],
    );
  }
  return picked.rows;
}

async function completeAll(
  base: string,
  session: { access_token: string; sessionid: string },
  tasks: readonly { application_id: string; task_id: string }[],
): Promise<number[]> {
  // The action's name holds a slash (complete_step/user): the path is written out, not URI-encoded.
  const url = `${base}${API_PATHS.applicationAction.replace(':action', 'complete_step/user')}`;
  const times: number[] = [];
  for (const t of tasks) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ application_id: t.application_id, taskId: t.task_id }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`complete_step ${t.task_id}: ${res.status} ${text}`);
    times.push(performance.now() - started);
  }
  return times;
}

function timing(what: string, measured: number[]): StepTiming {
  const sorted = [...measured].sort((a, b) => a - b);
  return {
    what,
    runs: sorted.length,
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    maxMs: round1(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

export async function stepBench(): Promise<StepFigures> {
  const url = await postgresDatabase(DB_NAME);
  if (!url) throw new Error('the step bench needs the PostgreSQL at 127.0.0.1:5432 (it prepares tasks with SQL)');
  console.log(
    `bench step: ${APPLICATIONS} applications on PostgreSQL (${DB_NAME}); a first run seeds them (minutes), later runs reuse the database`,
  );
  const server = await startServer(
    { SEED_APPLICATIONS: String(APPLICATIONS), DATABASE_URL: url },
    {
      what: 'applications',
      bench: 'step',
    },
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const officer = await login(base, 'officer', 'Officer@123');
    const timings: StepTiming[] = [];
    for (const [what, v2] of [
      ['complete_step: Document Verification → Credit Assessment (one task, queue)', false],
      ['complete_step: home loan v2 Document Verification → Valuation (two tasks, round-robin + least-loaded)', true],
    ] as const) {
      const tasks = await handOut(client, WARMUP + RUNS, v2);
      if (tasks.length < WARMUP + RUNS) throw new Error(`${what}: only ${tasks.length} tasks to complete`);
      const times = await completeAll(base, officer, tasks);
      timings.push(timing(what, times.slice(WARMUP)));
    }
    return { applications: APPLICATIONS, database: 'postgres', timings };
  } finally {
    await client.end();
    await server.child.stop();
  }
}

/** The table rows run.ts prints. */
export function stepRows(figures: StepFigures): [string, string, string][] {
  return figures.timings.map((t) => [
    `step: ${t.what} [${figures.applications} applications, ${figures.database}]`,
    `p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms (max ${t.maxMs} ms, ${t.runs} runs)`,
    `goal p95 ≤ ${STEP_P95_GOAL_MS} ms: ${t.p95Ms <= STEP_P95_GOAL_MS ? 'met' : 'NOT met'}`,
  ]);
}

// `node --import tsx e2e/bench/step-bench.ts`: this bench alone, figures to bench-results/step.json.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await stepBench();
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'step.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const rows = stepRows(figures);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padEnd(40)}  ${note}`);
}
