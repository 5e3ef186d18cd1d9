// The streamed workbook (src/http/spreadsheet.ts and its one long-lived sheet worker): exports written side
// by side come out whole and apart; a download the client drops stops reading rows and leaves the worker
// writing the next export; a failure after the first byte is logged (spec §8, "Excel generation failure:
// logged only") and breaks the download instead of ending it as a file that looks whole.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { numberFormat, SPREADSHEET_FILLS } from '@originate/contract';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { type SheetSource, sendSheet } from '../src/http/spreadsheet';

const BATCH = 500;
const logged: { msg?: string; export?: string }[] = [];
/** Rows each export's source has read, and whether its reader was stopped early (the generator's finally). */
const reads = new Map<string, { rows: number; stopped: boolean }>();
/** Exports whose stream has ended, however (sendSheet's `ended`: where the export queue frees the place). */
const ended = new Set<string>();
let app: FastifyInstance;
let base: string;

/** Row i of export `name`: text, an amount, a percent, a date (every kind the worker gets typed). */
const rowOf = (name: string, i: number) => [
  `${name}-${i}`,
  1000 + i * 12_345.67,
  i % 100,
  `2026-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
];

function source(name: string, rows: number, failAfter?: number): SheetSource {
  const read = { rows: 0, stopped: false };
  reads.set(name, read);
  return {
    title: name,
    subtitles: [`${rows} rows`],
    timeZone: 'Asia/Kolkata',
    columns: [
      { header: 'Name', kind: 'text', width: 20 },
      { header: 'Amount', kind: 'INR', width: 20 },
      { header: 'Rate', kind: 'percent', width: 10 },
      { header: 'Day', kind: 'date', width: 12 },
    ],
    batches: (async function* () {
      try {
        for (let start = 0; start < rows; start += BATCH) {
          if (failAfter !== undefined && start >= failAfter) throw new Error(`${name}: the database went away`);
          const batch = [];
          for (let i = start; i < Math.min(rows, start + BATCH); i++) batch.push(rowOf(name, i));
          read.rows += batch.length;
          yield batch;
        }
      } finally {
        read.stopped = read.rows < rows;
      }
    })(),
  };
}

async function download(name: string, rows: number, failAfter?: number): Promise<Buffer> {
  const res = await fetch(
    `${base}/sheet?name=${name}&rows=${rows}${failAfter === undefined ? '' : `&fail=${failAfter}`}`,
  );
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

async function sheetOf(file: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.ok(sheet);
  return sheet;
}

before(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ logger: { level: 'error', stream: sink } });
  app.get<{ Querystring: { name: string; rows: string; fail?: string; stall?: string } }>(
    '/sheet',
    (request, reply) => {
      const { name, rows, fail, stall } = request.query;
      const at = new Date();
      return sendSheet(
        request,
        reply,
        {
          source: source(name, Number(rows), fail === undefined ? undefined : Number(fail)),
          count: Number(rows),
          at,
        },
        () => ended.add(name),
        stall === undefined ? undefined : Number(stall),
      );
    },
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => app.close());

describe('the sheet worker', () => {
  it('writes exports side by side, each whole, typed and formatted, none mixed into another', async () => {
    const sizes = { alpha: 2_400, beta: 1_100, gamma: 3 };
    const files = await Promise.all(Object.entries(sizes).map(([name, rows]) => download(name, rows)));
    for (const [[name, rows], file] of Object.entries(sizes).map((entry, i) => [entry, files[i]] as const)) {
      const sheet = await sheetOf(file as Buffer);
      assert.equal(sheet.getCell(1, 1).value, name);
      assert.equal((sheet.getCell(1, 1).fill as ExcelJS.FillPattern).fgColor?.argb, SPREADSHEET_FILLS.title);
      assert.equal((sheet.getCell(3, 2).fill as ExcelJS.FillPattern).fgColor?.argb, SPREADSHEET_FILLS.header);
      assert.equal(sheet.rowCount, 3 + rows, `${name}: title, subtitle, header, then every row`);
      for (const i of [0, Math.floor(rows / 2), rows - 1]) {
        const row = sheet.getRow(4 + i);
        const [text, amount, rate, day] = rowOf(name, i) as [string, number, number, string];
        assert.equal(row.getCell(1).value, text);
        assert.equal(row.getCell(2).value, amount);
        assert.equal(row.getCell(2).numFmt, numberFormat('INR', amount)?.replace(/\\/g, ''));
        assert.equal(row.getCell(3).value, rate / 100);
        assert.equal(row.getCell(3).numFmt, '0.00%');
        assert.equal((row.getCell(4).value as Date).getTime(), new Date(day).getTime() + 330 * 60_000);
        assert.equal(row.getCell(4).numFmt, 'dd/mm/yyyy');
      }
    }
  });

  it('stops reading rows when the client drops the download, and writes the next export whole', async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/sheet?name=dropped&rows=200000`, { signal: abort.signal });
    const reader = res.body?.getReader();
    assert.ok(reader);
    await reader.read();
    abort.abort();
    const read = reads.get('dropped');
    for (let waited = 0; !read?.stopped && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    assert.ok(read?.stopped, 'the row reader was stopped');
    assert.ok((read?.rows ?? 0) < 200_000, `read ${read?.rows} of 200000 rows`);

    const sheet = await sheetOf(await download('after', 1_000));
    assert.equal(sheet.rowCount, 3 + 1_000);
  });

  it('cuts a reader that takes nothing for the stall limit: rows stop, the stream ends, its place is freed', async () => {
    const res = await fetch(`${base}/sheet?name=stalled&rows=200000&stall=500`);
    const reader = res.body?.getReader();
    assert.ok(reader);
    await reader.read();
    // The client holds the connection and reads nothing more: the socket's buffers fill, then the limit.
    const read = reads.get('stalled');
    // A net, not a speed check: at a load average of 24 the worker had not filled the buffers within 20 s.
    for (let waited = 0; !ended.has('stalled') && waited < 90_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(ended.has('stalled'), 'the stalled export ended');
    assert.ok(read?.stopped, 'the row reader was stopped');
    assert.ok((read?.rows ?? 0) < 200_000, `read ${read?.rows} of 200000 rows`);
    await reader.cancel().catch(() => undefined);
  });

  it('logs a failure after the first byte and breaks the download', async () => {
    await assert.rejects(download('failing', 5_000, 1_000));
    assert.ok(
      logged.some((line) => line.msg === 'Excel generation failed' && line.export === 'failing'),
      JSON.stringify(logged),
    );
    const sheet = await sheetOf(await download('recovered', 10));
    assert.equal(sheet.rowCount, 3 + 10);
  });
});
