// Spreadsheet export (spec §9), streamed: rows are read here a batch at a time and written into the xlsx
// zip as they come by a sheet worker (sheet-worker.ts, sheet-writer.ts), so a list of a million rows goes
// out with the memory of a batch, and the writer's garbage stays in the worker's own small heap.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import {
  bankTimestampText,
  exportFileName,
  SPREADSHEET_MIME,
  spreadsheetKindOf,
  type TableConfig,
} from '@originate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../../http/attachment';
import type { FromSheetWorker, ToSheetWorker } from './sheet-worker';
import type { SheetHead } from './sheet-writer';

export interface SheetSource extends SheetHead {
  /** Rows of raw values, in column order, a batch at a time. */
  batches: AsyncIterable<readonly unknown[][]>;
}

/**
 * The sheet worker's heap: the workbook writer holds a batch and exceljs's state, a few MiB; the limit
 * only keeps a runaway export from taking the machine (it then fails: logged, no file).
 */
const SHEET_WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/**
 * The workbook as a stream of xlsx bytes, written by a sheet worker (sheet-worker.ts) while this thread
 * reads the rows: the next batch is read while the worker writes the last, and sent when the worker asks
 * and the reader (the reply's socket) has room. A reader gone (the user cancelled) stops the worker and
 * the query loop. A failure after the first byte can only end the stream broken: it is logged by the
 * caller (`failed`), and the browser sees an incomplete download, never a file that looks whole.
 */
function spreadsheetStream(source: SheetSource, failed: (error: unknown) => void): PassThrough {
  const out = new PassThrough();
  const head: SheetHead = { title: source.title, subtitles: source.subtitles, columns: source.columns };
  const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
    workerData: head,
    resourceLimits: SHEET_WORKER_LIMITS,
  });
  const rows = source.batches[Symbol.asyncIterator]();
  let ahead = rows.next();
  let finished = false;
  const stop = (error?: unknown) => {
    if (finished) return;
    finished = true;
    void worker.terminate();
    void rows.return?.();
    if (error !== undefined) {
      failed(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const feed = async () => {
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (finished || out.destroyed) return;
    const batch = await ahead;
    if (batch.done) {
      worker.postMessage({ end: true } satisfies ToSheetWorker);
      return;
    }
    ahead = rows.next();
    worker.postMessage({ rows: batch.value } satisfies ToSheetWorker);
  };
  worker.on('message', (message: FromSheetWorker) => {
    if (message.type === 'more') feed().catch(stop);
    else if (message.type === 'chunk') out.write(message.data);
    else {
      finished = true;
      out.end();
    }
  });
  worker.on('error', stop);
  worker.on('exit', (code) => {
    if (!finished) stop(new Error(`the sheet worker stopped (exit code ${code}) before the workbook was whole`));
  });
  // The user cancelled (or the socket broke): nothing more is read or written.
  out.on('close', () => stop());
  return out;
}

/** A list's export: its table's columns and headers, its rows' fields in that order, the title rows. */
export function listSheet(list: {
  title: string;
  table: TableConfig;
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
    subtitles: [
      `Exported ${bankTimestampText(list.at)} (IST) by ${list.by}: ${list.count} rows`,
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
): FastifyReply {
  const stream = spreadsheetStream(sheet.source, (error) =>
    request.log.error({ err: error, export: sheet.source.title }, 'Excel generation failed'),
  );
  reply.header('x-export-rows', String(sheet.count));
  return attachment(reply, stream, exportFileName(sheet.source.title, sheet.at), SPREADSHEET_MIME);
}

/** A list's export as the answer (the application and lead lists). */
export function sendListExport(
  request: FastifyRequest,
  reply: FastifyReply,
  list: Parameters<typeof listSheet>[0],
): FastifyReply {
  return sendSheet(request, reply, { source: listSheet(list), count: list.count, at: list.at });
}
