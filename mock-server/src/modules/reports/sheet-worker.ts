// The sheet worker: writes one export's workbook (sheet-writer.ts) in a thread of its own, with a small
// heap of its own, so the garbage of a million rows' XML never grows the API's heap (mock-server README
// "Spreadsheet export"). It asks the API for each batch of rows ('more') once the previous one is
// written, and posts the xlsx bytes back as they come ('chunk'), then 'done'.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { type SheetHead, writeWorkbook } from './sheet-writer';

/** From the API: a batch of rows in column order, or the end of them. */
export type ToSheetWorker = { rows: readonly (readonly unknown[])[] } | { end: true };
/** To the API. */
export type FromSheetWorker = { type: 'more' } | { type: 'chunk'; data: Uint8Array } | { type: 'done' };

const port = parentPort;
if (!port) throw new Error('sheet-worker.ts runs as a worker thread');

const arrived: (ToSheetWorker | undefined)[] = [];
let waiting: ((message: ToSheetWorker) => void) | null = null;
port.on('message', (message: ToSheetWorker) => {
  if (waiting) {
    const resolve = waiting;
    waiting = null;
    resolve(message);
  } else arrived.push(message);
});

const send = (message: FromSheetWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function next(): Promise<readonly (readonly unknown[])[] | null> {
  send({ type: 'more' });
  const message = arrived.shift() ?? (await new Promise<ToSheetWorker>((resolve) => (waiting = resolve)));
  return 'rows' in message ? message.rows : null;
}

// Each chunk copied out of exceljs's buffers (which may share a pool) and handed over, not cloned again.
const out = new Writable({
  write(chunk: Buffer, _encoding, done) {
    const data = new Uint8Array(chunk);
    send({ type: 'chunk', data }, [data.buffer]);
    done();
  },
});

await writeWorkbook(workerData as SheetHead, next, out);
if (!out.writableFinished) await new Promise((resolve) => out.once('finish', resolve));
send({ type: 'done' });
