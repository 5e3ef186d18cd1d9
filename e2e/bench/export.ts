// The spreadsheet export bench (issue 20): a bank of 100,000 generated applications (SEED_APPLICATIONS),
// then the operations admin's export of All (every row, every column of its table) over loopback: seconds
// from request to the last byte, the file's size, and the server's resident memory (VmRSS of its process,
// sampled every 50 ms) before and at its peak while it wrote. The file is read back (exceljs) and must
// hold exactly x-export-rows rows. On the PostgreSQL at 127.0.0.1:5432 when it answers (database
// originate_bench_export, kept between runs), else PGlite in a temporary directory.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@originate/contract';
import ExcelJS from 'exceljs';
import { login, postgresDatabase, startServer } from './lists';
import { round1 } from './stats';

const APPLICATIONS = Number(process.env.BENCH_EXPORT_APPLICATIONS || 100_000);
const EXPORT_GOALS = { seconds: 10, rssGrowthMiB: 100 } as const;
const SAMPLE_MS = 50;

export interface ExportFigures {
  applications: number;
  database: 'postgres' | 'pglite';
  rows: number;
  columns: number;
  seconds: number;
  fileMiB: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssGrowthMiB: number;
  rowsReadBack: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export async function exportBench(): Promise<ExportFigures> {
  const url = await postgresDatabase('originate_bench_export');
  const dataDir = url ? null : mkdtempSync(path.join(tmpdir(), 'originate-bench-export-'));
  const env: NodeJS.ProcessEnv = {
    SEED_APPLICATIONS: String(APPLICATIONS),
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir ?? '' }),
  };
  const server = await startServer(env, { what: 'applications', bench: 'export' });
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server has no pid');
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const admin = await login(base, 'opsadmin', 'Admin@123');
    const rssBefore = rssMiB(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMiB(pid));
    }, SAMPLE_MS);
    const started = performance.now();
    const chunks: Uint8Array[] = [];
    let rows = Number.NaN;
    try {
      const res = await fetch(`${base}${API_PATHS.exportApplications}?exportFile=xlsx`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: admin.access_token, sessionid: admin.sessionid },
        body: JSON.stringify({ list: 'ALL' }),
      });
      if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
      rows = Number(res.headers.get('x-export-rows'));
      const reader = res.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const file = Buffer.concat(chunks);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headerRow = 4;
    return {
      applications: APPLICATIONS,
      database: url ? 'postgres' : 'pglite',
      rows,
      columns: sheet?.getRow(headerRow).cellCount ?? 0,
      seconds: round1(seconds),
      fileMiB: round1(file.byteLength / 1024 / 1024),
      rssBeforeMiB: round1(rssBefore),
      rssPeakMiB: round1(rssPeak),
      rssGrowthMiB: round1(rssPeak - rssBefore),
      rowsReadBack: (sheet?.rowCount ?? 0) - headerRow,
    };
  } finally {
    server.child.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table rows run.ts prints. */
export function exportRows(f: ExportFigures): [string, string, string][] {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    [
      `export: All of ${f.applications} applications (${f.database}), ${f.rows} rows × ${f.columns} columns`,
      `${f.seconds} s, ${f.fileMiB} MiB`,
      `goal ≤ ${EXPORT_GOALS.seconds} s: ${met(f.seconds <= EXPORT_GOALS.seconds)}; read back: ${f.rowsReadBack} rows (${met(f.rowsReadBack === f.rows)})`,
    ],
    [
      'export: server memory (VmRSS) while it wrote',
      `${f.rssBeforeMiB} → peak ${f.rssPeakMiB} MiB (+${f.rssGrowthMiB})`,
      `goal growth ≤ ${EXPORT_GOALS.rssGrowthMiB} MiB: ${met(f.rssGrowthMiB <= EXPORT_GOALS.rssGrowthMiB)}`,
    ],
  ];
}
