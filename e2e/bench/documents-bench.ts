// The document-bomb bench: the real server merges each hostile input of the hardening review at its real
// size (ten PDFs of 5,000 empty pages; a PDF whose object stream inflates to 256 MB; a PNG declaring
// 6000×6000 pixels) with its default limits, while another client calls a cheap authenticated route
// every 50–200 ms. Reported: that client's p50 / p95 / max and the merge's status, message and duration.
// Goal: p95 ≤ 100 ms and the merge refused or finished within its limits. Figures only, no timed test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, decryptPayload, encryptPayload } from '@originate/contract';
import { inflatingPdf, pdfOfPages, pngDeclaring } from '@originate/testing/hostile-files';
import { login, startServer } from './lists-bench';
import { percentile, round1 } from './stats';

export const OTHER_CLIENT_P95_GOAL_MS = 100;

export interface BombFigures {
  what: string;
  inputBytes: number;
  merge: { status: number; message: string; seconds: number };
  otherClient: { calls: number; failed: number; p50Ms: number; p95Ms: number; maxMs: number };
}

/** What the bench's login keeps of the login answer. */
type Session = Awaited<ReturnType<typeof login>>;

async function upload(base: string, session: Session, applicationId: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append('application_id', applicationId);
  form.append('fieldKey', 'scan');
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${base}${API_PATHS.uploadDocument}`, {
    method: 'POST',
    headers: { ...session },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { fileId: string }).fileId;
}

/** One of the officer's own applications (filed by document type, so any field key takes a file). */
export async function officersApplication(base: string, session: Session): Promise<string> {
  const query = `query Page($list: ApplicationList!, $page: PageInput!) {
    applications(list: $list, page: $page) { data { tasks { application_id } } } }`;
  const res = await fetch(`${base}${API_PATHS.graphql}`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({
      data: await encryptPayload(
        { query, variables: { list: 'MY_APPLICATIONS', page: { page: 0, size: 50 } } },
        session.access_token,
      ),
    }),
  });
  const body = (await res.json()) as { data: string };
  const opened = await decryptPayload<{ data: { applications: { data: { tasks: { application_id: string }[] } } } }>(
    body.data,
    session.access_token,
  );
  const id = opened.data.applications.data.tasks.map((t) => t.application_id).find((a) => !a.startsWith('HL-2026-6'));
  if (!id) throw new Error('no application of the officer to merge on');
  return id;
}

/** Calls a cheap authenticated route every 50–200 ms until stopped; the latencies of its calls. */
export function otherClient(base: string, session: Session) {
  const timings: number[] = [];
  let failed = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}${API_PATHS.adminFeatures}`, {
        headers: { ...session },
      }).catch(() => null);
      await res?.arrayBuffer();
      timings.push(performance.now() - started);
      if (!res?.ok) failed++;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = [...timings].sort((a, b) => a - b);
    return {
      calls: sorted.length,
      failed,
      p50Ms: round1(percentile(sorted, 50)),
      p95Ms: round1(percentile(sorted, 95)),
      maxMs: round1(sorted.at(-1) ?? Number.NaN),
    };
  };
}

export async function documentsBench(): Promise<BombFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-bench-documents-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_APPLICATIONS: '0' });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const officer = await login(base, 'officer', 'Officer@123');
    const other = await login(base, 'teamlead', 'Lead@123');
    const applicationId = await officersApplication(base, officer);
    const fivePages = await pdfOfPages(5_000);
    const cases: { what: string; files: { name: string; data: Buffer }[] }[] = [
      {
        what: 'ten PDFs of 5,000 empty pages',
        files: Array.from({ length: 10 }, (_, i) => ({ name: `pages-${i + 1}.pdf`, data: fivePages })),
      },
      {
        what: 'a PDF whose object stream inflates to 256 MB',
        files: [{ name: 'inflates.pdf', data: inflatingPdf(256 * 1024 * 1024) }],
      },
      {
        what: 'a PNG of 6000×6000 pixels',
        files: [{ name: 'huge.png', data: pngDeclaring(6000, 6000, { allPixels: true }) }],
      },
    ];
    const figures: BombFigures[] = [];
    for (const c of cases) {
      const fileIds: string[] = [];
      for (const f of c.files) fileIds.push(await upload(base, officer, applicationId, f.name, f.data));
      // A merge needs two documents: a one-page PDF joins a single hostile file.
      if (fileIds.length < 2) fileIds.push(await upload(base, officer, applicationId, 'one.pdf', await pdfOfPages(1)));
      const stop = otherClient(base, other);
      await new Promise((r) => setTimeout(r, 500));
      const started = performance.now();
      const res = await fetch(`${base}${API_PATHS.mergeDocument}`, {
        method: 'POST',
        headers: { ...officer, 'content-type': 'application/json' },
        body: JSON.stringify({ application_id: applicationId, fileIds, fileName: 'merged.pdf' }),
      });
      const text = await res.text();
      const seconds = round1((performance.now() - started) / 1000);
      await new Promise((r) => setTimeout(r, 500));
      const message = res.ok
        ? `merged: ${text.slice(0, 120)}`
        : ((JSON.parse(text) as { message?: string; errors?: unknown }).message ?? text);
      figures.push({
        what: c.what,
        inputBytes: c.files.reduce((sum, f) => sum + f.data.length, 0),
        merge: { status: res.status, message, seconds },
        otherClient: await stop(),
      });
      console.log(`bench documents: ${c.what}: ${res.status} in ${seconds} s`);
    }
    return figures;
  } finally {
    await server.child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
