// The lead list benchmark: 1,000,000 generated leads (SEED_LEADS) beside a small generated bank (its
// branches and officers work them), then on loopback My Leads and Team Leads, each a first page with a
// filter and a sort and the counts of the whole filtered list (one answer): p50 and p95 alone, and
// requests per second with 50 concurrent clients. On the PostgreSQL at 127.0.0.1:5432 when it answers
// (database originate_bench_leads, kept between runs: only the first run pays the seed), else PGlite
// (bench-results/leads-pglite). BENCH_LEADS sets the number of leads.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS, type LeadListBody } from '@originate/contract';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import {
  type Case,
  CLIENTS,
  LIST_P95_GOAL_MS,
  type ListTiming,
  login,
  measure,
  postgresDatabase,
  startServer,
} from './lists-bench';

const LEADS = Number(process.env.BENCH_LEADS || 1_000_000);
/** Generated applications beside the leads: their branches' officers own the generated leads. */
const APPLICATIONS = 20_000;
const DB_NAME = `originate_bench_leads_${LEADS}`;

export interface LeadFigures {
  leads: number;
  database: 'postgres' | 'pglite';
  seed: { seconds: number | null };
  timings: ListTiming[];
}

function leadCase(what: string, who: string, session: { access_token: string; sessionid: string }, body: LeadListBody) {
  const c: Case = {
    what,
    who,
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  return c;
}

async function rowsOf(url: string, c: Case): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: c.headers, body: c.body });
  if (!res.ok) throw new Error(`${c.what}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { count: number } }).data.count;
}

export async function leadsBench(): Promise<LeadFigures> {
  const url = await postgresDatabase(DB_NAME);
  const env: NodeJS.ProcessEnv = { SEED_APPLICATIONS: String(APPLICATIONS), SEED_LEADS: String(LEADS) };
  if (url) env.DATABASE_URL = url;
  else env.DATA_DIR = path.join(ROOT, 'bench-results', `leads-pglite-${LEADS}`);
  const database = url ? 'postgres' : 'pglite';
  console.log(`bench leads: ${LEADS} leads on ${url ? `PostgreSQL (${DB_NAME})` : 'PGlite'}; a first run seeds them`);
  const server = await startServer(env, { what: 'leads', bench: 'leads' });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const list = `${base}${API_PATHS.leads}`;
    const officer = await login(base, 'officer', 'Officer@123');
    const admin = await login(base, 'opsadmin', 'Admin@123');
    const first = { page: 0, size: 10 };
    const cases = [
      leadCase('My Leads: status filter + follow-up sort, first page and counts', 'officer', officer, {
        list: 'MY_LEADS',
        filters: [{ field: 'status', operator: 'NOT_EQUAL', value: 'LOST' }],
        sort: { field: 'followUpAt', direction: 'asc' },
        page: first,
      }),
      leadCase('Team Leads: product filter + newest first, first page and counts', 'officer', officer, {
        list: 'TEAM_LEADS',
        filters: [{ field: 'product_code', operator: 'EQUAL', value: 'HL' }],
        sort: { field: 'mod_time', direction: 'desc' },
        page: first,
      }),
      leadCase('Team Leads, every lead: status filter + newest first, first page and counts', 'opsadmin', admin, {
        list: 'TEAM_LEADS',
        filters: [{ field: 'status', operator: 'EQUAL', value: 'NEW' }],
        sort: { field: 'mod_time', direction: 'desc' },
        page: first,
      }),
      leadCase('Team Leads, every lead: name search + created sort, first page and counts', 'opsadmin', admin, {
        list: 'TEAM_LEADS',
        search: 'ishita patel',
        sort: { field: 'cre_time', direction: 'desc' },
        page: first,
      }),
      leadCase('My Leads: due today, first page and counts', 'officer', officer, {
        list: 'MY_LEADS',
        dueToday: true,
        page: first,
      }),
    ];
    const timings: ListTiming[] = [];
    for (const c of cases) timings.push(await measure(list, c, await rowsOf(list, c)));
    return { leads: LEADS, database, seed: { seconds: server.seedSeconds }, timings };
  } finally {
    await server.child.stop();
  }
}

/** The table rows run.ts prints. */
export function leadRows(figures: LeadFigures): [string, string, string][] {
  return [
    [
      `leads: seed ${figures.leads} leads (${figures.database})`,
      figures.seed.seconds === null ? 'seeded earlier (database reused)' : `${figures.seed.seconds} s`,
      'SEED_LEADS, bulk SQL',
    ],
    ...figures.timings.map((t): [string, string, string] => [
      `leads: ${t.what} [${t.who}, ${t.rows} rows in the list]`,
      `p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms`,
      `${t.rps} req/s with ${CLIENTS} clients (p95 ${t.p95UnderLoadMs} ms); goal p95 ≤ ${LIST_P95_GOAL_MS} ms alone: ${t.p95Ms <= LIST_P95_GOAL_MS ? 'met' : 'NOT met'}`,
    ]),
  ];
}

// `node --import tsx e2e/bench/leads-bench.ts`: this bench alone, figures to bench-results/leads.json.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await leadsBench();
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', 'leads.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const rows = leadRows(figures);
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [what, value, note] of rows) console.log(`${what.padEnd(width)}  ${value.padEnd(32)}  ${note}`);
}
