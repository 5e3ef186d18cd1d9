// The workbook itself (spec §9): title rows filled yellow-green, the header row tomato, then every row's
// cells typed and formatted by the contract's rules (format/spreadsheet.ts), through exceljs's streaming
// writer. Runs in the sheet worker (sheet-worker.ts), which feeds it the batches the API reads.
import { type EventEmitter, once } from 'node:events';
import type { Writable } from 'node:stream';
import { numberFormat, SPREADSHEET_FILLS, type SpreadsheetKind, spreadsheetCell } from '@originate/contract';
import ExcelJS from 'exceljs';

export interface SheetColumn {
  header: string;
  kind: SpreadsheetKind;
  /** Characters, for the column's width. */
  width: number;
}

/** What a sheet is before its rows: the title rows and the columns. */
export interface SheetHead {
  /** The sheet's name and the first title row. */
  title: string;
  /** Further title rows: who exported, when, the filters in force. */
  subtitles: readonly string[];
  columns: readonly SheetColumn[];
}

const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** A sheet name Excel accepts: 31 characters, none of []:*?/\ . */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export';

/** XML a sheet may hold ahead of the zip's compressor: a few batches of rows. */
const SHEET_BACKLOG_BYTES = 4 * 1024 * 1024;

/**
 * Waits while the compressor is behind. exceljs pipes each sheet's XML into the zip's deflate stream and
 * ignores what its writes answer, so rows written faster than zlib compresses piled up there: 80 MiB of
 * XML at 100,000 rows (mock-server README "Spreadsheet export"). The pipe is exceljs's own
 * (WorksheetWriter.stream.pipes, a readable-stream PassThrough): read, never written.
 */
async function compressorCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const internal = sheet as unknown as { stream?: { pipes?: readonly EventEmitter[] } };
  for (const pipe of internal.stream?.pipes ?? []) {
    const pending = () => (pipe as unknown as { _writableState?: { length?: number } })._writableState?.length ?? 0;
    while (pending() > SHEET_BACKLOG_BYTES) await once(pipe, 'drain');
  }
}

/**
 * Writes the workbook to `out`: the head, then each batch `next` gives until it gives null. A batch is
 * asked for only once the previous one is written, the output has room, and the compressor has caught up.
 */
export async function writeWorkbook(
  head: SheetHead,
  next: () => Promise<readonly (readonly unknown[])[] | null>,
  out: Writable,
): Promise<void> {
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
    for (let c = 1; c <= span; c++) row.getCell(c).fill = solid(SPREADSHEET_FILLS.title);
    row.commit();
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  for (let c = 1; c <= span; c++) header.getCell(c).fill = solid(SPREADSHEET_FILLS.header);
  header.commit();
  for (let batch = await next(); batch !== null; batch = await next()) {
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
    await compressorCaughtUp(sheet);
  }
  sheet.commit();
  await workbook.commit();
}
