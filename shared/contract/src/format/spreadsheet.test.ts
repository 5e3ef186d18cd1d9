/**
 * @jest-environment node
 */
// The number formats are rendered by numfmt (Excel's number-format language, as Excel renders it), so a
// format that reads wrong in a spreadsheet fails here, not only one that differs from a string we expect.
import numfmt from 'numfmt';
import { formatCurrency } from './index';
import {
  bankTimestampText,
  bankWallClock,
  exportFileName,
  numberFormat,
  SPREADSHEET_FILLS,
  type SpreadsheetKind,
  spreadsheetCell,
} from './spreadsheet';

/** What Excel shows for a value written as spreadsheetCell and numberFormat write it. */
function shown(kind: SpreadsheetKind, raw: unknown): string {
  const value = spreadsheetCell(kind, raw);
  const format = numberFormat(kind, value);
  if (value === null) return '';
  if (!format) return String(value);
  // numfmt reads dates as serials: the writer stores a Date as its UTC serial, as Excel does.
  const serial = value instanceof Date ? value.getTime() / 86_400_000 + 25_569 : value;
  return numfmt.format(format, serial as number);
}

describe('spreadsheet cells (spec §9)', () => {
  it('groups INR in lakhs and crores for every magnitude up to 10 integer digits, as formatCurrency does', () => {
    for (const amount of [0, 5, 999.5, 1234, 12345.5, 123456.5, 1234567, 12345678.5, 123456789, 1234567890.12]) {
      expect(shown('INR', amount)).toBe(formatCurrency(amount, 'INR'));
    }
    expect(shown('INR', 99999.995)).toBe('₹1,00,000.00');
    expect(shown('INR', 9999999999.99)).toBe('₹9,99,99,99,999.99');
    expect(shown('INR', -250000)).toBe('-₹2,50,000.00');
  });

  it('writes USD, AUD and EUR with 2 decimals and their own symbol', () => {
    expect(shown('USD', 1234.5)).toBe('$1,234.50');
    expect(shown('AUD', 12345678.5)).toBe('A$12,345,678.50');
    expect(shown('EUR', 0.5)).toBe('€0.50');
  });

  it('keeps a percent as its fraction, shown with 2 decimals', () => {
    expect(spreadsheetCell('percent', 9.25)).toBeCloseTo(0.0925, 10);
    expect(shown('percent', 9.25)).toBe('9.25%');
    expect(shown('percent', '12.5')).toBe('12.50%');
  });

  it('writes dates as the bank day (IST) in DD/MM/YYYY, date-times with hh:mm:ss', () => {
    // 18:45Z is 00:15 the next day in India.
    expect(shown('date', '2026-03-14T18:45:00Z')).toBe('15/03/2026');
    expect(shown('dateTime', '2026-03-14T18:45:07Z')).toBe('15/03/2026 00:15:07');
    expect(bankWallClock(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T05:30:00.000Z');
    expect(bankTimestampText(new Date('2026-12-31T20:00:00Z'))).toBe('01/01/2027 01:30:00');
  });

  it('in another zone, its wall clock at each instant’s offset (New York: EST in January, EDT in July)', () => {
    const ny = 'America/New_York';
    expect(bankWallClock(new Date('2026-01-15T03:00:00Z'), ny).toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(bankWallClock(new Date('2026-07-15T03:00:00Z'), ny).toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(spreadsheetCell('date', '2026-01-15T03:00:00Z', ny)).toEqual(new Date('2026-01-14T22:00:00.000Z'));
    expect(bankTimestampText(new Date('2026-07-15T03:00:00Z'), ny)).toBe('14/07/2026 23:00:00');
  });

  it('types every cell: numbers stay numbers, text stays text, nothing unreadable becomes text', () => {
    expect(spreadsheetCell('INR', '25,00,000')).toBe(2500000);
    expect(spreadsheetCell('integer', 42)).toBe(42);
    expect(spreadsheetCell('text', 'HL-2026-000101')).toBe('HL-2026-000101');
    expect(spreadsheetCell('text', 7)).toBe('7');
    expect(spreadsheetCell('date', '2026-03-14T10:00:00Z')).toBeInstanceOf(Date);
    for (const kind of ['INR', 'integer', 'percent', 'date', 'dateTime', 'text'] as const) {
      expect(spreadsheetCell(kind, null)).toBeNull();
      expect(spreadsheetCell(kind, '')).toBeNull();
    }
    expect(spreadsheetCell('INR', 'twelve')).toBeNull();
    expect(spreadsheetCell('date', 'not a date')).toBeNull();
    expect(spreadsheetCell('text', { a: 1 })).toBeNull();
  });

  it('keeps text that starts like a formula text behind an apostrophe; a negative amount stays a number', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(spreadsheetCell('text', text)).toBe(`'${text}`);
    expect(spreadsheetCell('text', -5)).toBe("'-5");
    expect(spreadsheetCell('text', 'a=1')).toBe('a=1');
    expect(spreadsheetCell('INR', -250000)).toBe(-250000);
    expect(spreadsheetCell('INR', '-2,50,000')).toBe(-250000);
  });

  it('names the file with _export_ and a timestamp, keeping only safe characters', () => {
    const at = new Date('2026-11-28T06:00:00Z');
    expect(exportFileName('My Applications', at)).toBe(`My_Applications_export_${at.getTime()}.xlsx`);
    expect(exportFileName('../../etc/passwd', at)).toBe(`etc_passwd_export_${at.getTime()}.xlsx`);
    expect(exportFileName('', at)).toBe(`export_export_${at.getTime()}.xlsx`);
  });

  it('fills the header tomato and the title yellow-green', () => {
    expect(SPREADSHEET_FILLS).toEqual({ header: 'FFFF6347', title: 'FF9ACD32' });
  });
});
