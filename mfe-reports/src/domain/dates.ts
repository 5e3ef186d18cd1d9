// Bank days (IST, UTC+05:30, spec §9) as the report filters speak them: YYYY-MM-DD and YYYY-MM strings,
// never Date objects, so the browser's own time zone cannot shift a day. Pure; the server judges the same
// days (contract rules/reports.ts will hold the shared range arithmetic; until it lands these are ours).
import { BANK_UTC_OFFSET_MINUTES, REPORT_MAX_RANGE_DAYS } from '@originate/contract';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The bank's calendar day of an instant: 2026-11-27T19:00Z is already 2026-11-28 in IST. */
export function bankDayOf(now: Date | number): string {
  const wall = new Date(new Date(now).getTime() + BANK_UTC_OFFSET_MINUTES * 60_000);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** Days since the epoch of a real calendar day, or null for text that is not one (2026-02-30). */
export function dayNumber(day: string): number | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return time / DAY_MS;
}

/** The month a day falls in: '2026-11-28' → '2026-11'. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The first day of a day's month. */
export const monthStartOf = (day: string) => `${monthOf(day)}-01`;

/** The bank's current month (YYYY-MM). */
export const currentBankMonth = (now: Date | number) => monthOf(bankDayOf(now));

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

/** Display of a bank day (spec §9 DD/MM/YYYY): '2026-11-28' → '28/11/2026'; anything else as given. */
export function displayDay(day: string): string {
  const match = DAY_PATTERN.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Display of a month: '2026-11' → 'Nov 2026' (a month has no DD to show). */
export function displayMonth(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  return match ? `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}` : month;
}

/** Why a range cannot be asked for, naming the field, or null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null) return 'From: enter a valid date';
  if (end === null) return 'To: enter a valid date';
  if (start > end) return 'From: must not be after To';
  if (end - start + 1 > REPORT_MAX_RANGE_DAYS) return `To: the range may span at most ${REPORT_MAX_RANGE_DAYS} days`;
  return null;
}

/** Days a range spans, both ends included (0 when either is not a day). */
export function rangeDays(from: string, to: string): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  return start === null || end === null || end < start ? 0 : end - start + 1;
}
