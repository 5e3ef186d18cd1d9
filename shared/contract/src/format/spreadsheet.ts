// Spreadsheet export of spec section 9: the file name, the fills, and every cell as a typed value with
// its number format (numbers and dates stay numbers and dates; the format only changes how they read).
// Isomorphic and free of any spreadsheet library: the server's writer applies these to exceljs cells.

import { bankTimeZone, CURRENCY_CODES, type CurrencyCode, zoneOffsetMs } from './index';

const SPREADSHEET_EXTENSION = '.xlsx';
export const SPREADSHEET_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spec §9 fills as ARGB: the column header row tomato (#FF6347), the title rows yellow-green (#9ACD32). */
export const SPREADSHEET_FILLS = { header: 'FFFF6347', title: 'FF9ACD32' } as const;

/** What a column holds, which decides its cell type and number format. */
export const SPREADSHEET_KINDS = ['text', 'integer', 'date', 'dateTime', 'percent', ...CURRENCY_CODES] as const;
export type SpreadsheetKind = (typeof SPREADSHEET_KINDS)[number];

/**
 * A list column's kind in a spreadsheet: its table configuration's `spreadsheet` when set (a version
 * number is an integer, a creation time a date-time), else by its filter kind: an amount is INR, a date
 * a date, anything else text.
 */
export function spreadsheetKindOf(column: { kind: string; spreadsheet?: SpreadsheetKind }): SpreadsheetKind {
  if (column.spreadsheet) return column.spreadsheet;
  return column.kind === 'amount' ? 'INR' : column.kind === 'date' ? 'date' : 'text';
}

const SYMBOLS: Record<CurrencyCode, string> = { INR: '₹', USD: '$', AUD: 'A$', EUR: '€' };

/**
 * INR's number format for one amount: the integer part grouped by lakh and crore (1,23,45,67,890.12, as
 * formatCurrency writes it). A format string can only group 2-2-3 with literal commas, and a literal comma
 * shows even where no digit stands before it (',,999.00'), so the pattern has exactly the groups of this
 * amount, rounded to its 2 decimals first (99,999.995 is ₹1,00,000.00); the minus of a negative amount is
 * Excel's own. Conditional sections could not do it: they allow three magnitudes, amounts take five.
 */
function inrFormat(amount: number): string {
  const digits = Math.floor(Math.abs(Math.round(amount * 100) / 100)).toString().length;
  let pattern = '##0';
  for (let left = digits - 3; left > 0; left -= 2) pattern = `##\\,${pattern}`;
  return `"₹"${pattern}.00`;
}

/**
 * The Excel number format of a cell of this kind holding this value (undefined: text, no format). Every
 * amount and percent has 2 decimals; a percent cell holds the fraction (9.25 % is 0.0925), so sums and
 * formulas over it are right; dates read DD/MM/YYYY and date-times add hh:mm:ss (spec §9).
 */
export function numberFormat(kind: SpreadsheetKind, value: number | Date | string | null): string | undefined {
  switch (kind) {
    case 'text':
      return undefined;
    case 'integer':
      return '#,##0';
    case 'date':
      return 'dd/mm/yyyy';
    case 'dateTime':
      return 'dd/mm/yyyy hh:mm:ss';
    case 'percent':
      return '0.00%';
    case 'INR':
      return typeof value === 'number' ? inrFormat(value) : '"₹"#,##0.00';
    default:
      return `"${SYMBOLS[kind]}"#,##0.00`;
  }
}

/** Zone offsets change only on a quarter hour: one is read per zone and quarter hour (an export's dates repeat them). */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, Map<number, number>>();

function offsetAt(at: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const slot = Math.floor(at / QUARTER_HOUR_MS);
  let offset = zone.get(slot);
  if (offset === undefined) {
    offset = zoneOffsetMs(at, timeZone);
    // Bounded: a year of distinct quarter hours, then read afresh.
    if (zone.size >= 35_040) zone.clear();
    zone.set(slot, offset);
  }
  return offset;
}

/**
 * A spreadsheet date has no time zone: it is the wall clock it shows. An instant becomes the bank's wall
 * clock written as if it were UTC (the writer stores dates as UTC serials), so in IST 18:30Z reads 00:00 next day.
 */
export function bankWallClock(instant: Date, timeZone: string = bankTimeZone()): Date {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
}

function instantOf(raw: unknown): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

function numberOf(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const n = Number(raw.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/**
 * Text a spreadsheet could take for a formula once a user edits its cell (OWASP CSV injection: =, +, -, @,
 * tab, carriage return first) is kept text behind a leading apostrophe.
 */
function textCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A value as its column's cell: text as text (formula-like text escaped, textCell), numbers and amounts as
 * numbers (a negative one too), a percent as its fraction, dates as the bank's wall clock; an empty or
 * unreadable value is an empty cell (null), never the text 'NaN' or 'Invalid Date'.
 */
export function spreadsheetCell(
  kind: SpreadsheetKind,
  raw: unknown,
  timeZone: string = bankTimeZone(),
): string | number | Date | null {
  if (raw === null || raw === undefined || raw === '') return null;
  switch (kind) {
    case 'text':
      return typeof raw === 'string'
        ? textCell(raw)
        : typeof raw === 'number' || typeof raw === 'boolean'
          ? textCell(String(raw))
          : null;
    case 'date':
    case 'dateTime': {
      const instant = instantOf(raw);
      return instant ? bankWallClock(instant, timeZone) : null;
    }
    case 'percent': {
      const n = numberOf(raw);
      return n === null ? null : n / 100;
    }
    default:
      return numberOf(raw);
  }
}

/** DD/MM/YYYY hh:mm:ss of the bank's clock, for the title rows ('Exported on …'). */
export function bankTimestampText(instant: Date, timeZone: string = bankTimeZone()): string {
  const wall = bankWallClock(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${pad(
    wall.getUTCHours(),
  )}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

/**
 * Spec §9: the file name adds _export_ and a timestamp (milliseconds since the epoch, so two exports of
 * one list never share a name). The base keeps letters, digits, '-' and '_' (a header can carry it).
 */
export function exportFileName(base: string, at: Date): string {
  const safe = base.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'export';
  return `${safe}_export_${at.getTime()}${SPREADSHEET_EXTENSION}`;
}

/** What the user reads while an export waits its turn (the server's 202, README "Spreadsheet export"). */
export function exportQueuedMessage(ahead: number): string {
  return `Your export is queued: ${ahead === 0 ? 'it is next' : `${ahead} ahead of it`}`;
}
