// What the API thread and the sheet worker (sheet-worker.mjs) say to each other. One long-lived worker
// writes every export's workbook, so each message names its export (`id`). The cells arrive typed: the
// contract's rules (format/spreadsheet.ts) ran on the API thread, so the worker is plain JavaScript with
// exceljs alone (no TypeScript loader: a second isolate with tsx cost 55 MiB per export, README
// "Spreadsheet export").

/** A column of the sheet: its header and width in characters. */
export interface SheetColumnHead {
  header: string;
  width: number;
}

/** What a sheet is before its rows: the title rows and the columns. */
export interface SheetHead {
  /** The sheet's name and the first title row. */
  title: string;
  /** Further title rows: who exported, when, the filters in force. */
  subtitles: readonly string[];
  columns: readonly SheetColumnHead[];
  /** ARGB fills of the title rows and the header row (the contract's SPREADSHEET_FILLS, spec §9). */
  fills: { title: string; header: string };
}

/** A cell as exceljs takes it: text, a number, a date (the bank's wall clock as UTC), or empty. */
export type SheetCell = string | number | Date | null;

/**
 * A batch of rows, row after row, `columns` cells each. A cell's number format is `formats[formatIds[i]]`,
 * 0 meaning none; the format table grows with `newFormats` (an INR amount's pattern depends on its digits,
 * so there are a few dozen, sent once each instead of once per cell).
 */
export interface SheetBatch {
  cells: SheetCell[];
  formatIds: Uint16Array;
  newFormats: string[];
}

/** From the API: open an export, its next batch of rows, the end of them, or the user cancelled. */
export type ToSheetWorker =
  | { id: number; type: 'open'; head: SheetHead }
  | ({ id: number; type: 'rows' } & SheetBatch)
  | { id: number; type: 'end' }
  | { id: number; type: 'cancel' };

/** To the API: ready for a batch, xlsx bytes, the file is whole, or the export failed (with why). */
export type FromSheetWorker =
  | { id: number; type: 'more' }
  | { id: number; type: 'chunk'; data: Uint8Array }
  | { id: number; type: 'done' }
  | { id: number; type: 'failed'; message: string };
