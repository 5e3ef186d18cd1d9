// Bank days (in the bank's time zone, spec §9) as the report filters speak them: YYYY-MM-DD and YYYY-MM strings, never Date
// objects, so the browser's own time zone cannot shift a day. The day arithmetic is the contract's
// (rules/reports.ts, the same the server checks with); here only what the filter bar and display add.
import { bucketCount, checkReportRange } from '@originate/contract';

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The month a day falls in: '2026-11-28' → '2026-11'. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The first day of a day's month. */
export const monthStartOf = (day: string) => `${monthOf(day)}-01`;

/** Months from `first` on, `count` of them: the target dialog's choices (current month or later). */
export function monthsFrom(first: string, count: number): string[] {
  const match = MONTH_PATTERN.exec(first);
  if (!match) return [];
  const start = Number(match[1]) * 12 + Number(match[2]) - 1;
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return `${Math.floor(n / 12)}-${pad((n % 12) + 1)}`;
  });
}

export const isMonth = (month: string) => MONTH_PATTERN.test(month);

/** How a bank day is shown and typed (spec §9), as the date pickers' format tokens. */
export const DAY_DISPLAY_FORMAT = 'DD/MM/YYYY';

/** Display of a bank day (spec §9 DD/MM/YYYY): '2026-11-28' → '28/11/2026'; anything else as given. */
export function displayDay(day: string): string {
  const match = DAY_PATTERN.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

const TYPED_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * A day typed DD/MM/YYYY (spec §9) as the filter holds it, YYYY-MM-DD, or '' when it is no whole calendar day
 * ('31/02/2026', '03/11', '3/11/2026'): strict, as the range check then names it.
 */
export function parseDisplayDay(text: string): string {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return '';
  const [, dd, mm, yyyy] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const iso = `${yyyy}-${mm}-${dd}`;
  return date.toISOString().slice(0, 10) === iso ? iso : '';
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Display of a month: '2026-11' → 'Nov 2026' (a month has no DD to show). */
export function displayMonth(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  return match ? `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}` : month;
}

/**
 * Why a range cannot be asked for, naming the field (the server's own check), or null when it can. The
 * server names the wire's format for a day that is none ('' from the picker: empty, half typed or
 * impossible); the user types DD/MM/YYYY, so that is the format named here.
 */
export function rangeProblem(from: string, to: string): string | null {
  const [problem] = checkReportRange(from, to, { from: 'From', to: 'To' });
  if (!problem) return null;
  return `${problem.label}: ${problem.reason.replace('(YYYY-MM-DD)', `(${DAY_DISPLAY_FORMAT})`)}`;
}

/** Days a range spans, both ends included (0 when it is not a range). */
export const rangeDays = (from: string, to: string) => bucketCount(from, to, 'day');
