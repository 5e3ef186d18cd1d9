// Spreadsheet export (spec §9), streamed: exceljs's streaming workbook writer turns rows into the xlsx
// zip as they come, so a list of a million rows goes out with the memory of one batch. The cells are
// typed and formatted by the contract's rules (format/spreadsheet.ts); this file only applies them.
import { type EventEmitter, once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  bankTimestampText,
  exportFileName,
  numberFormat,
  SPREADSHEET_FILLS,
  SPREADSHEET_MIME,
  type SpreadsheetKind,
  spreadsheetCell,
  spreadsheetKindOf,
  type TableConfig,
} from '@originate/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment } from '../../http/attachment';

export interface SheetColumn {
  header: string;
  kind: SpreadsheetKind;
  /** Characters, for the column's width. */
  width: number;
}

export interface SheetSource {
  /** The sheet's name and the first title row. */
  title: string;
  /** Further title rows: who exported, when, the filters in force. */
  subtitles: readonly string[];
  columns: readonly SheetColumn[];
  /** Rows of raw values, in column order, a batch at a time. */
  batches: AsyncIterable<readonly unknown[][]>;
}

const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** A sheet name Excel accepts: 31 characters, none of []:*?/\ . */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export';

/** XML a sheet may hold ahead of the zip's compressor: a few batches of rows. */
const SHEET_BACKLOG_BYTES = 4 * 1024 * 1024;

/**
 * Waits while the compressor is behind. exceljs pipes each sheet's XML into the zip's deflate stream and
 * ignores what its writes answer, so rows written faster than zlib compresses piled up there: 80 MiB of
 * XML at 100,000 rows, which was most of an export's memory (mock-server README "Spreadsheet export").
 * The pipe is exceljs's own (WorksheetWriter.stream.pipes, a readable-stream PassThrough): read, never
 * written. A user who cancels closes `out`, which ends the wait.
 */
async function compressorCaughtUp(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const internal = sheet as unknown as { stream?: { pipes?: readonly EventEmitter[] } };
  for (const pipe of internal.stream?.pipes ?? []) {
    const pending = () => (pipe as unknown as { _writableState?: { length?: number } })._writableState?.length ?? 0;
    while (pending() > SHEET_BACKLOG_BYTES && !out.destroyed) {
      await Promise.race([once(pipe, 'drain'), once(out, 'close')]);
    }
  }
}

/**
 * The workbook as a stream of xlsx bytes. Rows are written while the stream is read: a batch waits
 * while the reader is behind (the reply's socket), and a reader gone (the user cancelled) stops the
 * query loop. A failure after the first byte can only end the stream broken: it is logged by the caller
 * (`failed`), and the browser sees an incomplete download, never a file that looks whole.
 */
function spreadsheetStream(source: SheetSource, failed: (error: unknown) => void): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const write = async () => {
    const { columns } = source;
    const sheet = workbook.addWorksheet(sheetName(source.title), {
      views: [{ state: 'frozen', ySplit: source.subtitles.length + 2 }],
    });
    sheet.columns = columns.map((c) => ({ width: c.width }));
    const span = Math.max(columns.length, 1);
    for (const [i, text] of [source.title, ...source.subtitles].entries()) {
      const row = sheet.addRow([text]);
      if (i === 0) row.font = { bold: true, size: 13 };
      for (let c = 1; c <= span; c++) row.getCell(c).fill = solid(SPREADSHEET_FILLS.title);
      row.commit();
    }
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    for (let c = 1; c <= span; c++) header.getCell(c).fill = solid(SPREADSHEET_FILLS.header);
    header.commit();
    for await (const batch of source.batches) {
      if (out.destroyed) return;
      for (const values of batch) {
        const cells = columns.map((column, i) => spreadsheetCell(column.kind, values[i]));
        const row = sheet.addRow(cells);
        columns.forEach((column, i) => {
          const format = numberFormat(column.kind, cells[i] ?? null);
          if (format) row.getCell(i + 1).numFmt = format;
        });
        row.commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
      await compressorCaughtUp(sheet, out);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    failed(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
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
