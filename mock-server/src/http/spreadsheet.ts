// Spreadsheet export (spec §9), streamed: rows are read here a batch at a time, typed and formatted by the
// contract's rules (format/spreadsheet.ts), and written into the xlsx zip as they come by the sheet worker
// (sheet-worker.mjs), so a list of a million rows goes out with the memory of a batch, and the writer's
// garbage stays in the worker's own small heap.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import {
  bankTimestampText,
  type ExportQueuedAnswer,
  exportFileName,
  exportQueuedMessage,
  numberFormat,
  SPREADSHEET_FILLS,
  SPREADSHEET_MIME,
  type SpreadsheetKind,
  spreadsheetCell,
  spreadsheetKindOf,
  type TableConfig,
  zoneLabel,
} from '@originate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { attachment } from './attachment';
import { EXPORT_RETRY_SECONDS, ExportQueue } from './export-queue';
import type {
  FromSheetWorker,
  SheetBatch,
  SheetCell,
  SheetColumnHead,
  SheetHead,
  ToSheetWorker,
} from './sheet-protocol';

/** A sheet's column: its header, width, and the kind that types and formats its cells. */
export interface SheetColumn extends SheetColumnHead {
  kind: SpreadsheetKind;
}

export interface SheetSource {
  /** The sheet's name and the first title row. */
  title: string;
  /** Further title rows: who exported, when, the filters in force. */
  subtitles: readonly string[];
  /** The bank's time zone: date cells are its wall clock. */
  timeZone: string;
  columns: readonly SheetColumn[];
  /** Rows of raw values, in column order, a batch at a time. */
  batches: AsyncIterable<readonly unknown[][]>;
}

/**
 * The sheet worker's heap: each export holds a batch and exceljs's state, a few MiB; the limit only keeps
 * a runaway export from taking the machine (the worker then stops: its exports fail, logged, no file, and
 * the next export starts a new worker).
 */
const SHEET_WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** An export the worker is writing: its rows, their end, or the user cancelled. */
interface SheetExport {
  rows(batch: SheetBatch): void;
  end(): void;
  cancel(): void;
}

/** What a running export hears from the worker. */
interface SheetJob {
  more(): void;
  chunk(data: Uint8Array): void;
  done(): void;
  failed(error: Error): void;
}

/**
 * The one sheet worker, started by the first export and kept (its start, an isolate with exceljs loaded,
 * is paid once, not per export); it does not keep the process alive. If it stops (its heap limit, a
 * crash), every export it was writing fails and the next export starts another.
 */
class SheetWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly jobs = new Map<number, SheetJob>();

  /** Starts an export's workbook; what the worker says of it goes to `job` until it is done or has failed. */
  open(head: SheetHead, job: SheetJob): SheetExport {
    const worker = this.running();
    const id = this.nextId++;
    this.jobs.set(id, job);
    worker.postMessage({ id, type: 'open', head } satisfies ToSheetWorker);
    return {
      rows: (batch) =>
        worker.postMessage({ id, type: 'rows', ...batch } satisfies ToSheetWorker, [
          batch.formatIds.buffer as ArrayBuffer,
        ]),
      end: () => worker.postMessage({ id, type: 'end' } satisfies ToSheetWorker),
      cancel: () => {
        this.jobs.delete(id);
        worker.postMessage({ id, type: 'cancel' } satisfies ToSheetWorker);
      },
    };
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), { resourceLimits: SHEET_WORKER_LIMITS });
    worker.unref();
    worker.on('message', (message: FromSheetWorker) => {
      const job = this.jobs.get(message.id);
      if (!job) return;
      if (message.type === 'more') job.more();
      else if (message.type === 'chunk') job.chunk(message.data);
      else {
        this.jobs.delete(message.id);
        if (message.type === 'done') job.done();
        else job.failed(new Error(message.message));
      }
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const jobs = [...this.jobs.values()];
      this.jobs.clear();
      for (const job of jobs) job.failed(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the sheet worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

const sheetWorker = new SheetWorker();

/**
 * A batch of raw rows as the worker takes it: every value its column's typed cell (spreadsheetCell) and
 * number format (numberFormat), the formats sent once each and then named by number.
 */
function cellEncoder(
  columns: readonly SheetColumn[],
  timeZone: string,
): (rows: readonly (readonly unknown[])[]) => SheetBatch {
  const formatIds = new Map<string, number>();
  return (rows) => {
    const cells: SheetCell[] = new Array(rows.length * columns.length);
    const ids = new Uint16Array(cells.length);
    const newFormats: string[] = [];
    let i = 0;
    for (const values of rows) {
      for (const [c, column] of columns.entries()) {
        const cell = spreadsheetCell(column.kind, values[c], timeZone);
        const format = numberFormat(column.kind, cell);
        cells[i] = cell;
        if (format !== undefined) {
          let id = formatIds.get(format);
          if (id === undefined) {
            id = formatIds.size + 1;
            formatIds.set(format, id);
            newFormats.push(format);
          }
          ids[i] = id;
        }
        i++;
      }
    }
    return { cells, formatIds: ids, newFormats };
  };
}

/** A reader that takes nothing for this long (a stalled client) is cut (the request timeout's default). */
const STALLED_READER_MS = 30_000;

/**
 * Waits until the reader has taken what is written, or has gone. A stalled reader is cut: its export would
 * otherwise hold its place in the export queue (export-queue.ts) for ever.
 */
async function drained(out: PassThrough, stalledReaderMs: number): Promise<void> {
  // The losing waits are taken off the stream (a listener left per batch would pile up over an export).
  const settled = new AbortController();
  const { signal } = settled;
  const stalled = setTimeout(() => out.destroy(), stalledReaderMs);
  await Promise.race([once(out, 'drain', { signal }), once(out, 'close', { signal })]).finally(() => {
    clearTimeout(stalled);
    settled.abort();
  });
}

/**
 * The workbook as a stream of xlsx bytes, written by the sheet worker while this thread reads the rows:
 * the next batch is read while the worker writes the last, when the worker asks and the reader (the
 * reply's socket) has room. A reader gone (the user cancelled) cancels the export in the worker and
 * ends the query loop. A failure after the first byte can only end the stream broken: it is logged by the
 * caller (`failed`), and the browser sees an incomplete download, never a file that looks whole.
 */
function spreadsheetStream(
  source: SheetSource,
  failed: (error: unknown) => void,
  stalledReaderMs: number,
): PassThrough {
  const out = new PassThrough();
  const encode = cellEncoder(source.columns, source.timeZone);
  const rows = source.batches[Symbol.asyncIterator]();
  let finished = false;
  const stop = (error?: unknown) => {
    if (finished) return;
    finished = true;
    void rows.return?.();
    sheet.cancel();
    if (error !== undefined) {
      failed(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
  // The worker asks for a batch when it starts writing the one before: it is read, typed and posted at
  // once, so nothing of it stays in this heap while the worker writes (read ahead here, a batch of row
  // objects lived long enough to be promoted to the old space, and the API's heap grew with every one).
  const feed = async () => {
    if (out.writableNeedDrain) await drained(out, stalledReaderMs);
    if (finished || out.destroyed) return;
    const batch = await rows.next();
    if (finished) return;
    if (batch.done) sheet.end();
    else sheet.rows(encode(batch.value));
  };
  const sheet = sheetWorker.open(
    {
      title: source.title,
      subtitles: source.subtitles,
      columns: source.columns.map(({ header, width }) => ({ header, width })),
      fills: SPREADSHEET_FILLS,
    },
    {
      more: () => feed().catch(stop),
      chunk: (data) => {
        if (!finished) out.write(data);
      },
      done: () => {
        if (finished) return;
        finished = true;
        out.end();
      },
      failed: stop,
    },
  );
  // The user cancelled (or the socket broke): nothing more is read or written.
  out.on('close', () => stop());
  return out;
}

/** The title row of who exported and when: the time on the bank's clock, named by its zone ('IST', 'EST'). */
export function exportedLine(at: Date, timeZone: string, by: string, rows: number): string {
  return `Exported ${bankTimestampText(at, timeZone)} (${zoneLabel(at, timeZone)}) by ${by}: ${rows} rows`;
}

/** A list's export: its table's columns and headers, its rows' fields in that order, the title rows. */
export function listSheet(list: {
  title: string;
  table: TableConfig;
  /** The bank's time zone (the list read its days in it). */
  timeZone: string;
  /** The list's total when the export began. */
  count: number;
  by: string;
  at: Date;
  /** What narrows the list besides its own rule: filters, then any other (search, review bucket). */
  filters: readonly { field: string; operator: string; value: string }[];
  also: readonly string[];
  rows: AsyncIterable<readonly Record<string, unknown>[]>;
}): SheetSource {
  const fields = list.table.columns.map((c) => c.field);
  const inForce = [...list.filters.map((f) => `${f.field} ${f.operator} ${f.value}`), ...list.also];
  return {
    title: list.title,
    timeZone: list.timeZone,
    subtitles: [
      exportedLine(list.at, list.timeZone, list.by, list.count),
      `Filters: ${inForce.length > 0 ? inForce.join('; ') : 'none'}`,
    ],
    columns: list.table.columns.map((c) => ({
      header: c.headerName,
      kind: spreadsheetKindOf(c),
      // The grid's relative width (flex) as characters.
      width: Math.round(Math.max(10, Math.min(40, (c.flex ?? 1) * 16))),
    })),
    batches: (async function* () {
      for await (const batch of list.rows) yield batch.map((row) => fields.map((field) => row[field]));
    })(),
  };
}

/**
 * A sheet as the answer: the streamed workbook under spec §9's name (`<title>_export_<ms>.xlsx`), with
 * the row count for the browser's progress. A failure after the first byte is logged only (spec §8) and
 * cuts the download.
 */
export function sendSheet(
  request: FastifyRequest,
  reply: FastifyReply,
  sheet: { source: SheetSource; count: number; at: Date },
  /** Called once the stream has ended, however (the last byte taken, a cancel, a failure, a stall). */
  ended?: () => void,
  stalledReaderMs = STALLED_READER_MS,
): FastifyReply {
  const stream = spreadsheetStream(
    sheet.source,
    (error) => request.log.error({ err: error, export: sheet.source.title }, 'Excel generation failed'),
    stalledReaderMs,
  );
  if (ended) stream.once('close', ended);
  reply.header('x-export-rows', String(sheet.count));
  return attachment(reply, stream, exportFileName(sheet.source.title, sheet.at), SPREADSHEET_MIME);
}

const queues = new WeakMap<AppContext, ExportQueue>();

/** A server's export queue (its limits are its configuration's). */
export function exportQueueOf(ctx: AppContext): ExportQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new ExportQueue(ctx.config.exportLimits);
    queues.set(ctx, queue);
  }
  return queue;
}

/**
 * A list's export as the answer (the application and lead lists), in its turn (export-queue.ts): while
 * other exports run, 202 with the queue's ticket and the place (the caller asks again with the ticket);
 * in its turn, `list` builds it (its access checks and bad input refused before any byte) and the file is
 * streamed; the place is freed when the stream ends, or when `list` refuses.
 */
export async function sendListExport(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: { userId: string; ticket?: string },
  list: () => Promise<Parameters<typeof listSheet>[0]>,
): Promise<FastifyReply | ExportQueuedAnswer> {
  const turn = exportQueueOf(ctx).turn(caller.userId, caller.ticket);
  if (turn.kind === 'queued') {
    reply.code(202).header('retry-after', String(EXPORT_RETRY_SECONDS));
    return { message: exportQueuedMessage(turn.ahead), data: { ticket: turn.ticket, ahead: turn.ahead } };
  }
  try {
    const found = await list();
    return sendSheet(request, reply, { source: listSheet(found), count: found.count, at: found.at }, turn.release);
  } catch (error) {
    turn.release();
    throw error;
  }
}
