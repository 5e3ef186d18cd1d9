// The export starvation bench: five exports of All (100,000 applications each)
// started at once by the operations admin, while another user (the officer) asks for their own profile
// (GET /v3/users/:userid, a cheap read through the database) one request at a time, and a third client
// asks /healthz (no database): their p50, p95 and max while the exports run, each export's status and
// seconds, on PGlite (a kept data directory, bench-results/export-load-pglite-<n>) and on the PostgreSQL at
// 127.0.0.1:5432 (the export bench's bank, originate_bench_export). An export the server queues (202) is
// asked again with its ticket after Retry-After, as the browser does. Figures only, never a timed test.
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { API_PATHS, apiPath } from '@originate/contract';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import { exportBankEnv, exportDatabase } from './export-bench';
import { login, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

const APPLICATIONS = Number(process.env.BENCH_EXPORT_APPLICATIONS || 100_000);
const EXPORTS = 5;
const OTHERS_P95_GOAL_MS = 100;
/** A pause between one client's requests: a user clicking, not a load generator. */
const PAUSE_MS = 20;
const ALONE_MS = 5000;

interface Latencies {
  samples: number;
  /** Requests that failed: their status, or the connection's error. */
  failures: string[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

interface ExportLoadRun {
  database: 'postgres' | 'pglite';
  applications: number;
  /** Each export: its final status, the seconds from the first request to the last byte, the times it was queued. */
  exports: { status: number; seconds: number; queuedAnswers: number; bytes: number; error?: string }[];
  /** The officer's GET while the exports ran. */
  otherUser: Latencies;
  healthz: Latencies;
  /** The same for ALONE_MS before the exports: what this machine gives them with no export. */
  otherUserAlone: Latencies;
  healthzAlone: Latencies;
  /** Load average (1 min) when the run began and ended: the machine is shared. */
  loadBefore: number;
  loadAfter: number;
}

export interface ExportLoadFigures {
  runs: (ExportLoadRun | { database: string; failed: string })[];
}

type Session = { access_token: string; sessionid: string };

function latencies({ times, failures }: { times: number[]; failures: string[] }): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    failures,
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
  };
}

/** One export as the browser makes it: asked again with its ticket while the server answers it is queued. */
async function oneExport(base: string, session: Session) {
  const started = performance.now();
  try {
    return await exportOnce(base, session, started);
  } catch (error) {
    // A reset connection or a cut download: status 0.
    const seconds = round1((performance.now() - started) / 1000);
    return { status: 0, seconds, queuedAnswers: 0, bytes: 0, error: String(error) };
  }
}

async function exportOnce(base: string, session: Session, started: number) {
  let ticket: string | undefined;
  let queuedAnswers = 0;
  for (;;) {
    const query = `exportFile=xlsx${ticket ? `&ticket=${ticket}` : ''}`;
    const res = await fetch(`${base}${API_PATHS.exportApplications}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session },
      body: JSON.stringify({ list: 'ALL' }),
    });
    if (res.status === 202) {
      queuedAnswers++;
      ticket = ((await res.json()) as { data: { ticket: string } }).data.ticket;
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    let bytes = 0;
    const reader = res.body?.getReader();
    if (reader)
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    return { status: res.status, seconds: round1((performance.now() - started) / 1000), queuedAnswers, bytes };
  }
}

/** Times one client's requests, one at a time, until `done`; a request that fails (a status, a reset) is counted. */
async function timeUntil(done: () => boolean, request: () => Promise<Response>) {
  const times: number[] = [];
  const failures: string[] = [];
  while (!done()) {
    const started = performance.now();
    try {
      const res = await request();
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - started);
      else failures.push(String(res.status));
    } catch (error) {
      failures.push(
        error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message) : '?',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return { times, failures };
}

async function run(database: 'postgres' | 'pglite', env: NodeJS.ProcessEnv): Promise<ExportLoadRun> {
  // One user's five exports: the per-user limit is raised so the total limit is what is measured.
  const server = await startServer(
    { ...env, EXPORTS_PER_USER: String(EXPORTS) },
    {
      what: 'applications',
      bench: 'export-load',
    },
  );
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const admin = await login(base, 'opsadmin', 'Admin@123');
    const officer = await login(base, 'officer', 'Officer@123');
    const loadBefore = round1(loadavg()[0] ?? 0);
    const profile = () => fetch(`${base}${apiPath('user', { userid: 'USR-1001' })}`, { headers: { ...officer } });
    const health = () => fetch(`${base}${API_PATHS.healthz}`);
    const aloneUntil = performance.now() + ALONE_MS;
    const alone = () => performance.now() > aloneUntil;
    const [otherUserAlone, healthzAlone] = await Promise.all([timeUntil(alone, profile), timeUntil(alone, health)]);
    let finished = false;
    const others = Promise.all([timeUntil(() => finished, profile), timeUntil(() => finished, health)]);
    const exports = await Promise.all(Array.from({ length: EXPORTS }, () => oneExport(base, admin))).finally(() => {
      finished = true;
    });
    const [otherUser, healthz] = await others;
    return {
      database,
      applications: APPLICATIONS,
      exports,
      otherUser: latencies(otherUser),
      healthz: latencies(healthz),
      otherUserAlone: latencies(otherUserAlone),
      healthzAlone: latencies(healthzAlone),
      loadBefore,
      loadAfter: round1(loadavg()[0] ?? 0),
    };
  } finally {
    await server.child.stop();
  }
}

export async function exportLoadBench(): Promise<ExportLoadFigures> {
  const runs: ExportLoadFigures['runs'] = [];
  const attempt = async (database: 'postgres' | 'pglite', env: NodeJS.ProcessEnv) => {
    try {
      runs.push(await run(database, env));
    } catch (error) {
      runs.push({ database, failed: error instanceof Error ? error.message : String(error) });
    }
  };
  const dataDir = path.join(ROOT, 'bench-results', `export-load-pglite-${APPLICATIONS}`);
  mkdirSync(dataDir, { recursive: true });
  await attempt('pglite', { DATA_DIR: dataDir, SEED_APPLICATIONS: String(APPLICATIONS) });
  const url = await exportDatabase();
  if (url) await attempt('postgres', exportBankEnv(url));
  else runs.push({ database: 'postgres', failed: 'no PostgreSQL answers at 127.0.0.1:5432' });
  return { runs };
}

/** The table rows run.ts prints. */
export function exportLoadRows(figures: ExportLoadFigures): [string, string, string][] {
  return figures.runs.flatMap((r): [string, string, string][] => {
    if ('failed' in r) return [[`export load (${r.database})`, 'not measured', r.failed]];
    const where = `${EXPORTS} exports of ${r.applications} applications at once (${r.database}; load ${r.loadBefore} → ${r.loadAfter})`;
    const met =
      r.otherUser.p95Ms <= OTHERS_P95_GOAL_MS &&
      r.healthz.p95Ms <= OTHERS_P95_GOAL_MS &&
      r.otherUser.failures.length + r.healthz.failures.length === 0;
    const shown = (l: Latencies) => `p50 ${l.p50Ms}, p95 ${l.p95Ms}, max ${l.maxMs} ms`;
    return [
      [
        `export load: ${where}, the exports`,
        r.exports.map((e) => `${e.status} ${e.seconds} s`).join(', '),
        `queued answers: ${r.exports.map((e) => e.queuedAnswers).join(', ')}; none 408: ${r.exports.every((e) => e.status === 200) ? 'met' : 'NOT met'}`,
      ],
      [
        `export load: ${where}, another user's GET /v3/users/:userid`,
        shown(r.otherUser),
        `${r.otherUser.samples} requests, ${r.otherUser.failures.length} failed; goal p95 ≤ ${OTHERS_P95_GOAL_MS} ms (and /healthz): ${met ? 'met' : 'NOT met'}`,
      ],
      [
        `export load: ${where}, with no export: the GET, /healthz`,
        `${shown(r.otherUserAlone)}; ${shown(r.healthzAlone)}`,
        'what this machine gives with no export running',
      ],
      [
        `export load: ${where}, /healthz`,
        shown(r.healthz),
        `${r.healthz.samples} requests, ${r.healthz.failures.length} failed`,
      ],
    ];
  });
}
