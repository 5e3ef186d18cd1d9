// @ts-check
// The sheet worker: one long-lived thread that writes every export's workbook (spec §9: title rows filled
// yellow-green, the header row tomato, then the typed rows) through exceljs's streaming writer, so the XML
// and zip work of a million rows, and its garbage, stay off the API's event loop and heap (mock-server
// README "Spreadsheet export"). Plain JavaScript, exceljs alone: the cells come typed and formatted by the
// API thread (sheet-protocol.ts), so no TypeScript loader is started here. For each export it asks for the
// next batch ('more') once the last is written, the output has room and the compressor has caught up, and
// posts the xlsx bytes back as they come ('chunk'), then 'done' (or 'failed').
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** @typedef {import('./sheet-protocol').ToSheetWorker} ToSheetWorker */
/** @typedef {import('./sheet-protocol').FromSheetWorker} FromSheetWorker */
/** @typedef {import('./sheet-protocol').SheetHead} SheetHead */
/** @typedef {import('./sheet-protocol').SheetBatch} SheetBatch */

/** XML a sheet may hold ahead of the zip's compressor: a few batches of rows. */
const SHEET_BACKLOG_BYTES = 4 * 1024 * 1024;

const port = parentPort;
if (!port) throw new Error('sheet-worker.mjs runs as a worker thread');

/** @param {FromSheetWorker} message @param {ArrayBuffer[]} [transfer] */
const send = (message, transfer = []) => port.postMessage(message, transfer);

/** @param {string} argb @returns {ExcelJS.Fill} */
const solid = (argb) => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** A sheet name Excel accepts: 31 characters, none of []:*?/\ . @param {string} title */
const sheetName = (title) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export';

/**
 * Waits while the compressor is behind. exceljs pipes each sheet's XML into the zip's deflate stream and
 * ignores what its writes answer, so rows written faster than zlib compresses piled up there: 80 MiB of
 * XML at 100,000 rows. The pipe is exceljs's own (WorksheetWriter.stream.pipes, a readable-stream
 * PassThrough): read, never written.
 * @param {ExcelJS.Worksheet} sheet
 */
async function compressorCaughtUp(sheet) {
  const internal = /** @type {{ stream?: { pipes?: import('node:events').EventEmitter[] } }} */ (
    /** @type {unknown} */ (sheet)
  );
  for (const pipe of internal.stream?.pipes ?? []) {
    const pending = () =>
      /** @type {{ _writableState?: { length?: number } }} */ (/** @type {unknown} */ (pipe))._writableState?.length ??
      0;
    while (pending() > SHEET_BACKLOG_BYTES) await once(pipe, 'drain');
  }
}

/**
 * One style object per number format (and, for a cell without one, per kind of value), shared by every
 * cell that has it. exceljs remembers the id of a style object it has seen (a WeakMap); a fresh object per
 * cell had its style XML rendered and looked up again, half the time of a 100,000-row export. Without a
 * format the kind matters: exceljs gives a date its default date format, a number General.
 */
class CellStyles {
  constructor() {
    /** @type {Map<string, Partial<ExcelJS.Style>>} */
    this.shared = new Map();
  }

  /** @param {string | undefined} format @param {import('./sheet-protocol').SheetCell} value */
  of(format, value) {
    const key = format ? `f:${format}` : value instanceof Date ? 'date' : typeof value;
    let style = this.shared.get(key);
    if (!style) {
      style = format ? { numFmt: format } : {};
      this.shared.set(key, style);
    }
    return style;
  }
}

/** An export the worker is writing: its messages wait here until its writer takes them. */
class Export {
  /** @param {number} id */
  constructor(id) {
    this.id = id;
    /** @type {ToSheetWorker[]} */
    this.arrived = [];
    /** @type {((message: ToSheetWorker) => void) | null} */
    this.waiting = null;
    /** Number formats by id; 0 is none. @type {(string | undefined)[]} */
    this.formats = [undefined];
  }

  /** @param {ToSheetWorker} message */
  take(message) {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(message);
    } else this.arrived.push(message);
  }

  /**
   * The next batch, or null at the end; a cancel throws (the writer stops where it is). Taking a batch asks
   * for the one after it at once, so the API reads it while this one is written, and it waits here as the
   * message's bytes, not as objects in the API's heap.
   */
  async next() {
    const message =
      this.arrived.shift() ??
      (await new Promise((/** @type {(message: ToSheetWorker) => void} */ resolve) => {
        this.waiting = resolve;
      }));
    if (message.type === 'rows') {
      send({ id: this.id, type: 'more' });
      return message;
    }
    if (message.type === 'cancel') throw new Error('cancelled');
    return null;
  }
}

/**
 * Writes one export's workbook: the head, then each batch until the end.
 * @param {Export} job @param {SheetHead} head
 */
async function writeWorkbook(job, head) {
  // Each chunk copied out of exceljs's buffers (which may share a pool) and handed over, not cloned again.
  const out = new Writable({
    write(chunk, _encoding, done) {
      const data = new Uint8Array(chunk);
      send({ id: job.id, type: 'chunk', data }, [data.buffer]);
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const { columns } = head;
  const sheet = workbook.addWorksheet(sheetName(head.title), {
    views: [{ state: 'frozen', ySplit: head.subtitles.length + 2 }],
  });
  sheet.columns = columns.map((c) => ({ width: c.width }));
  const span = Math.max(columns.length, 1);
  for (const [i, text] of [head.title, ...head.subtitles].entries()) {
    const row = sheet.addRow([text]);
    if (i === 0) row.font = { bold: true, size: 13 };
    for (let c = 1; c <= span; c++) row.getCell(c).fill = solid(head.fills.title);
    row.commit();
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  for (let c = 1; c <= span; c++) header.getCell(c).fill = solid(head.fills.header);
  header.commit();
  const width = columns.length;
  const styles = new CellStyles();
  for (let batch = await job.next(); batch !== null; batch = await job.next()) {
    job.formats.push(...batch.newFormats);
    const { cells, formatIds } = batch;
    for (let start = 0; start < cells.length; start += width) {
      const row = sheet.addRow(cells.slice(start, start + width));
      for (let i = 0; i < width; i++) {
        row.getCell(i + 1).style = styles.of(job.formats[formatIds[start + i] ?? 0], cells[start + i] ?? null);
      }
      row.commit();
    }
    if (out.writableNeedDrain) await once(out, 'drain');
    await compressorCaughtUp(sheet);
  }
  sheet.commit();
  await workbook.commit();
  if (!out.writableFinished) await once(out, 'finish');
}

/** @type {Map<number, Export>} */
const exports = new Map();

port.on('message', (/** @type {ToSheetWorker} */ message) => {
  if (message.type !== 'open') {
    exports.get(message.id)?.take(message);
    return;
  }
  const job = new Export(message.id);
  exports.set(message.id, job);
  send({ id: job.id, type: 'more' });
  writeWorkbook(job, message.head)
    .then(
      () => send({ id: job.id, type: 'done' }),
      (/** @type {unknown} */ error) =>
        send({ id: job.id, type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => exports.delete(job.id));
});
