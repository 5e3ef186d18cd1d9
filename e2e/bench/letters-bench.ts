// The letters bench: the real server (its own process, seeded) generates a letter of about ten A4 pages
// with a table (`POST /pdfgenerate/generatePDF`, rendered and laid out with pdfmake in the document worker, filed in
// Docs) one at a time: generation time p50 / p95 / max (goal p95 ≤ 500 ms). Then 20 generations at once while
// another client calls a cheap authenticated route every 50–200 ms: that client's p95 (goal ≤ 100 ms: the layout
// never runs on the event loop), beside the same client's p95 with nothing else running (the machine's own noise). The document queue is raised to 20 so all of them wait for the worker instead of
// 19 being refused with 503 at the default of 8. Figures only, no timed test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@originate/contract';
import { OTHER_CLIENT_P95_GOAL_MS, officersApplication, otherClient } from './documents-bench';
import { login, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

const LETTER_P95_GOAL_MS = 500;
const SEQUENTIAL = 20;
const WARM_UP = 3;
/** How long the other client runs alone for its baseline. */
const BASELINE_MS = 8_000;
const CONCURRENT = 20;
/** Rows of the letter's table: with its paragraphs, about ten A4 pages. */
const TABLE_ROWS = 300;

export interface LetterFigures {
  pages: number;
  bytes: number;
  sequential: { runs: number; p50Ms: number; p95Ms: number; maxMs: number };
  concurrent: {
    generations: number;
    refused: number;
    wallSeconds: number;
    baseline: { calls: number; failed: number; p50Ms: number; p95Ms: number; maxMs: number };
    otherClient: { calls: number; failed: number; p50Ms: number; p95Ms: number; maxMs: number };
  };
  env: Record<string, string>;
}

/** A template of about ten pages: a letter's paragraphs and a table of every row's placeholders. */
function benchTemplate(): string {
  const paragraph =
    'This letter sets out the terms on which {{bank.name}} offers the loan to {{applicant.name}}, the charges that apply and the schedule of instalments. Please read it with the Key Facts Statement before you sign the loan agreement.';
  const rows = Array.from(
    { length: TABLE_ROWS },
    (_, i) => `| ${i + 1} | {{loan.emi}} | {{loan.amount}} | {{loan.rate}} | {{application.id}} |`,
  );
  return [
    '# Letter bench for {{applicant.name}}',
    '',
    ...Array.from({ length: 6 }, () => `${paragraph}\n`),
    '## Terms',
    '',
    '| Row | EMI | Amount | Rate | Application |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    'Yours faithfully,',
    'For {{bank.name}}',
  ].join('\n');
}

type Session = Awaited<ReturnType<typeof login>>;

async function generate(base: string, session: Session, applicationId: string) {
  const started = performance.now();
  const res = await fetch(`${base}${API_PATHS.generatePdf}`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ applicationId, template_id: 'BENCH_LETTER' }),
  });
  const body = (await res.json()) as { fileId?: string; pageCount?: number; message?: string };
  return { status: res.status, ms: performance.now() - started, body };
}

const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
  };
};

export async function lettersBench(): Promise<LetterFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-letters-'));
  const env = { DOCUMENT_QUEUE: String(CONCURRENT), DOCUMENT_WORKERS: '1' };
  const server = await startServer({ DATA_DIR: dataDir, SEED_APPLICATIONS: '0', SEED_LEADS: '0', ...env });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const admin = await login(base, 'opsadmin', 'Admin@123');
    const officer = await login(base, 'officer', 'Officer@123');
    const other = await login(base, 'teamlead', 'Lead@123');
    const saved = await fetch(`${base}${API_PATHS.createTemplate}`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        template_id: 'BENCH_LETTER',
        template_name: 'Bench letter',
        template_type: 'PDF',
        subject: null,
        body: benchTemplate(),
        translations: {},
        events: [],
        baseVerNum: null,
      }),
    });
    if (!saved.ok) throw new Error(`saving the bench template: ${saved.status} ${await saved.text()}`);
    const applicationId = await officersApplication(base, officer);

    // The first generations start the worker, load pdfmake and the fonts and let V8 compile the layout's hot
    // code (a server that has made a few letters is in that state): warm-up, not counted.
    const first = await generate(base, officer, applicationId);
    if (first.status !== 200) throw new Error(`generatePDF: ${first.status} ${JSON.stringify(first.body)}`);
    for (let i = 0; i < WARM_UP - 1; i++) await generate(base, officer, applicationId);
    const timings: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) timings.push((await generate(base, officer, applicationId)).ms);
    const download = await fetch(`${base}/v3/document/${first.body.fileId}`, { headers: { ...officer } });
    const bytes = (await download.arrayBuffer()).byteLength;

    // The same client with nothing else running first: on a loaded machine its p95 is far from 0, and the
    // comparison tells what the generations add.
    const stopAlone = otherClient(base, other);
    await new Promise((r) => setTimeout(r, BASELINE_MS));
    const baseline = await stopAlone();
    const stop = otherClient(base, other);
    await new Promise((r) => setTimeout(r, 500));
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: CONCURRENT }, () => generate(base, officer, applicationId)));
    const wallSeconds = round1((performance.now() - started) / 1000);
    await new Promise((r) => setTimeout(r, 500));
    const figures: LetterFigures = {
      pages: first.body.pageCount ?? 0,
      bytes,
      sequential: summary(timings),
      concurrent: {
        generations: CONCURRENT,
        refused: results.filter((r) => r.status !== 200).length,
        wallSeconds,
        baseline,
        otherClient: await stop(),
      },
      env,
    };
    console.log(
      `bench letters: ${figures.pages} pages, p95 ${figures.sequential.p95Ms} ms; 20 at once in ${wallSeconds} s, other client p95 ${figures.concurrent.otherClient.p95Ms} ms`,
    );
    return figures;
  } finally {
    await server.child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's lines for the table `npm run bench` prints. */
export function letterRows(figures: LetterFigures | { failed: string }): [string, string, string][] {
  if ('failed' in figures) return [['letters (generatePDF)', 'not measured', figures.failed]];
  const { sequential: s, concurrent: c } = figures;
  return [
    [
      `letter of ${figures.pages} pages with a table: generation p50 / p95 / max`,
      `${s.p50Ms} / ${s.p95Ms} / ${s.maxMs} ms (${s.runs} runs, ${Math.round(figures.bytes / 1024)} KiB)`,
      `goal p95 ≤ ${LETTER_P95_GOAL_MS} ms`,
    ],
    [
      `${c.generations} letters at once: another client's p50 / p95 / max`,
      `${c.otherClient.p50Ms} / ${c.otherClient.p95Ms} / ${c.otherClient.maxMs} ms (${c.otherClient.calls} calls, ${c.otherClient.failed} failed)`,
      `goal p95 ≤ ${OTHER_CLIENT_P95_GOAL_MS} ms; alone ${c.baseline.p50Ms} / ${c.baseline.p95Ms} / ${c.baseline.maxMs} ms; all done in ${c.wallSeconds} s, ${c.refused} refused`,
    ],
  ];
}
