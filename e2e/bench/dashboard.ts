// The dashboard bench: the 1,000,000-application bank of the list bench (its kept database),
// then every dashboard widget's call on loopback, as the operations admin (everyone's figures), the team
// lead (the team's) and the officer (their own), over the whole seeded span (two years, the longest range a
// report takes) and over one month: p50 and p95 of each call alone (goal: each widget ≤ 100 ms p95).
import { API_PATHS, REPORT_MAX_RANGE_DAYS } from '@originate/contract';
import { login, postgresDatabase, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

const APPLICATIONS = Number(process.env.BENCH_LIST_APPLICATIONS || 1_000_000);
const DB_NAME = 'originate_bench_lists';
const WIDGET_P95_GOAL_MS = 100;
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS || 100);
const WARMUP = 10;
/** The seeded bank's applications end on this bank day (seed/applications.ts SEED_ANCHOR). */
const SEEDED_LAST_DAY = '2026-11-02';

interface WidgetTiming {
  widget: string;
  who: string;
  range: string;
  p50Ms: number;
  p95Ms: number;
  runs: number;
  /** What the answer held: a check that the call measured real figures, not an empty scope. */
  answered: string;
}

export interface DashboardFigures {
  applications: number;
  database: 'postgres' | 'pglite';
  timings: WidgetTiming[];
}

const day = (iso: string, plusDays: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + plusDays * 86_400_000).toISOString().slice(0, 10);

interface Call {
  widget: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  summary: (answer: Record<string, unknown>) => string;
}

const rowsOf = (a: Record<string, unknown>) => `${(a.rows as unknown[] | undefined)?.length ?? 0} rows`;

/** The calls the dashboard makes for one filter (mfe-reports api/). */
function dashboardCalls(filter: { from: string; to: string }, month: string): Call[] {
  const body = { filter };
  return [
    { widget: 'pipeline', method: 'POST', path: API_PATHS.reportPipeline, body, summary: rowsOf },
    {
      widget: 'applications over time (week)',
      method: 'POST',
      path: API_PATHS.applicationsCountByRange,
      body: { filter, interval: 'week' },
      summary: (a) => {
        const buckets = a.buckets as { count: number }[];
        return `${buckets.length} buckets, ${buckets.reduce((n, b) => n + b.count, 0)} applications`;
      },
    },
    {
      widget: 'conversion',
      method: 'POST',
      path: API_PATHS.reportConversion,
      body,
      summary: (a) => `${a.leads} leads, ${a.converted} converted, ${a.sanctioned} sanctioned`,
    },
    {
      widget: 'targets (per user)',
      method: 'POST',
      path: API_PATHS.targets,
      body: { month },
      summary: rowsOf,
    },
    {
      widget: 'targets (overall)',
      method: 'GET',
      path: `${API_PATHS.overallTarget}?month=${month}`,
      summary: (a) => `${a.achievedCount} achieved of ${a.targetCount}`,
    },
    {
      widget: 'SLA breaches',
      method: 'POST',
      path: API_PATHS.reportSlaBreaches,
      body,
      summary: (a) => {
        const rows = a.rows as { open: number; breached: number }[];
        return `${rows.reduce((n, r) => n + r.breached, 0)} of ${rows.reduce((n, r) => n + r.open, 0)} open breached`;
      },
    },
    {
      widget: 'pending',
      method: 'POST',
      path: API_PATHS.reportPending,
      body,
      summary: (a) => `${a.approvals} approvals, ${a.queries} queries`,
    },
    {
      widget: 'turnaround',
      method: 'POST',
      path: API_PATHS.reportTurnaround,
      body,
      summary: (a) => `${a.decided} decided, ${a.averageHours ?? '-'} h`,
    },
  ];
}

async function call(base: string, session: Record<string, string>, c: Call): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${c.path}`, {
    method: c.method,
    headers: { ...session, ...(c.body ? { 'content-type': 'application/json' } : {}) },
    body: c.body ? JSON.stringify(c.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${c.widget}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function time(base: string, session: Record<string, string>, c: Call) {
  for (let i = 0; i < WARMUP; i++) await call(base, session, c);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call(base, session, c);
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b);
}

export async function dashboardBench(): Promise<DashboardFigures> {
  const url = await postgresDatabase(DB_NAME);
  if (!url) throw new Error('the dashboard bench needs the PostgreSQL at 127.0.0.1:5432 (its 1,000,000 applications)');
  console.log(
    `bench dashboard: ${APPLICATIONS} applications on PostgreSQL (${DB_NAME}); a first run seeds them (minutes), later runs reuse the database`,
  );
  const server = await startServer(
    { SEED_APPLICATIONS: String(APPLICATIONS), DATABASE_URL: url },
    { what: 'applications', bench: 'dashboard' },
  );
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const people = [
      ['operations admin (everyone)', 'opsadmin', 'Admin@123'],
      ['team lead (team)', 'teamlead', 'Lead@123'],
      ['officer (own)', 'officer', 'Officer@123'],
    ] as const;
    const ranges = [
      // The longest range a report takes, ending on the seeded bank's last day: every application in it.
      {
        name: `${REPORT_MAX_RANGE_DAYS} days`,
        filter: { from: day(SEEDED_LAST_DAY, 1 - REPORT_MAX_RANGE_DAYS), to: SEEDED_LAST_DAY },
      },
      { name: 'one month', filter: { from: '2026-10-01', to: '2026-10-31' } },
    ];
    const timings: WidgetTiming[] = [];
    for (const [who, username, password] of people) {
      const session = await login(base, username, password);
      for (const range of ranges) {
        for (const c of dashboardCalls(range.filter, '2026-10')) {
          // The targets calls take a month, not the range: measured once per person.
          if (range !== ranges[0] && c.widget.startsWith('targets')) continue;
          const answer = await call(base, session, c);
          const runs = await time(base, session, c);
          timings.push({
            widget: c.widget,
            who,
            range: c.widget.startsWith('targets') ? 'month 2026-10' : range.name,
            p50Ms: round1(percentile(runs, 50)),
            p95Ms: round1(percentile(runs, 95)),
            runs: runs.length,
            answered: c.summary(answer),
          });
        }
      }
    }
    return { applications: APPLICATIONS, database: 'postgres', timings };
  } finally {
    await server.child.stop();
  }
}

/** The table rows run.ts prints. */
export function dashboardRows(f: DashboardFigures): [string, string, string][] {
  return f.timings.map((t) => [
    `dashboard ${t.widget}: ${t.who}, ${t.range} (${f.applications} applications)`,
    `p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms (${t.runs} runs)`,
    `goal p95 ≤ ${WIDGET_P95_GOAL_MS} ms: ${t.p95Ms <= WIDGET_P95_GOAL_MS ? 'met' : 'NOT met'}; ${t.answered}`,
  ]);
}
