// The arithmetic of the dashboard, reports and targets: bank days and months (in the bank's time zone), report
// ranges and their buckets, and achievement against a target. Pure, so the server and the browser
// agree on every boundary.
import { REPORT_MAX_BUCKETS, REPORT_MAX_RANGE_DAYS, type ReportInterval } from '../contracts/reports';
import { bankTimeZone, formatBankDate } from '../format';

const DAY_MS = 86_400_000;

/** A day as the number of days since 1970-01-01 (a calendar count, no time zone). */
type DayNumber = number;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dayText(day: DayNumber): string {
  const d = new Date(day * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 'YYYY-MM-DD' as its day number; null when it is not a real calendar day (2026-02-30, 2025-02-29). */
export function parseBankDay(text: string): DayNumber | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(year, month - 1, day);
  const d = new Date(at);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return at / DAY_MS;
}

/** The bank day an instant falls on in the zone, YYYY-MM-DD: in IST 18:29:59Z is still that day, 18:30Z the next. */
export function bankDayOf(instant: Date | number, timeZone: string = bankTimeZone()): string {
  const [day, month, year] = formatBankDate(instant, timeZone).split('/');
  return `${year}-${month}-${day}`;
}

/** The bank month an instant falls in in the zone, YYYY-MM. */
export const bankMonthOf = (instant: Date | number, timeZone: string = bankTimeZone()): string =>
  bankDayOf(instant, timeZone).slice(0, 7);

/** The first and last day of a month YYYY-MM (leap years included); null for a month that is not one. */
export function monthDays(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return null;
  const [year, mon] = [Number(m[1]), Number(m[2])];
  if (mon < 1 || mon > 12) return null;
  const first = Date.UTC(year, mon - 1, 1) / DAY_MS;
  const last = Date.UTC(year, mon, 1) / DAY_MS - 1;
  return { from: dayText(first), to: dayText(last) };
}

/** Whether a target may be set for `month`: the bank's current month (in its zone) or a later one. */
export const isTargetMonthOpen = (month: string, now: Date | number, timeZone: string = bankTimeZone()): boolean =>
  month >= bankMonthOf(now, timeZone);

export interface RangeProblem {
  label: string;
  reason: string;
}

/** A report range checked: both ends real days, from not after to, at most REPORT_MAX_RANGE_DAYS days. */
export function checkReportRange(
  from: string,
  to: string,
  labels: { from: string; to: string } = { from: 'filter.from', to: 'filter.to' },
): RangeProblem[] {
  const start = parseBankDay(from);
  const end = parseBankDay(to);
  const problems: RangeProblem[] = [];
  if (start === null) problems.push({ label: labels.from, reason: 'must be a calendar day (YYYY-MM-DD)' });
  if (end === null) problems.push({ label: labels.to, reason: 'must be a calendar day (YYYY-MM-DD)' });
  if (start === null || end === null) return problems;
  if (start > end) problems.push({ label: labels.from, reason: `must not be after ${labels.to}` });
  else if (end - start + 1 > REPORT_MAX_RANGE_DAYS) {
    problems.push({ label: labels.to, reason: `must be at most ${REPORT_MAX_RANGE_DAYS} days after ${labels.from}` });
  }
  return problems;
}

export interface DaySpan {
  start: string;
  end: string;
}

/** The day a bucket of `interval` containing `day` starts on: itself, its Monday, or its month's first. */
function bucketStart(day: DayNumber, interval: ReportInterval): DayNumber {
  if (interval === 'day') return day;
  if (interval === 'week') return day - ((new Date(day * DAY_MS).getUTCDay() + 6) % 7);
  const d = new Date(day * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
}

function nextBucket(start: DayNumber, interval: ReportInterval): DayNumber {
  if (interval === 'day') return start + 1;
  if (interval === 'week') return start + 7;
  const d = new Date(start * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS;
}

/** How many buckets of `interval` a valid range has (a partial week or month at either end counts). */
export function bucketCount(from: string, to: string, interval: ReportInterval): number {
  const start = parseBankDay(from);
  const end = parseBankDay(to);
  if (start === null || end === null || start > end) return 0;
  let n = 0;
  for (let b = bucketStart(start, interval); b <= end; b = nextBucket(b, interval)) n++;
  return n;
}

/**
 * Every bucket of a range, in order, each clipped to the range: days; weeks from Monday to Sunday;
 * calendar months. A range of a Wednesday to the next Tuesday has two weeks: Wednesday–Sunday and
 * Monday–Tuesday. Callers check the range (checkReportRange) and the count (REPORT_MAX_BUCKETS) first.
 */
export function rangeBuckets(from: string, to: string, interval: ReportInterval): DaySpan[] {
  const start = parseBankDay(from);
  const end = parseBankDay(to);
  if (start === null || end === null || start > end) return [];
  const buckets: DaySpan[] = [];
  for (let b = bucketStart(start, interval); b <= end; b = nextBucket(b, interval)) {
    const last = Math.min(nextBucket(b, interval) - 1, end);
    buckets.push({ start: dayText(Math.max(b, start)), end: dayText(last) });
  }
  return buckets;
}

/** The bucket problem of a range, if any: more than REPORT_MAX_BUCKETS buckets. */
export function checkBucketCount(from: string, to: string, interval: ReportInterval): RangeProblem[] {
  const n = bucketCount(from, to, interval);
  return n > REPORT_MAX_BUCKETS
    ? [{ label: 'interval', reason: `gives ${n} buckets, more than ${REPORT_MAX_BUCKETS}: choose a longer interval` }]
    : [];
}

/**
 * A range as whole calendar months (first days, inclusive; null when none) and the days of the partial
 * months at either end: per-user figures read whole months from monthly counters and only the rest per day.
 */
export function splitByMonths(from: string, to: string): { months: DaySpan | null; days: DaySpan[] } {
  const start = parseBankDay(from);
  const end = parseBankDay(to);
  if (start === null || end === null || start > end) return { months: null, days: [] };
  const firstWhole = bucketStart(start, 'month') === start ? start : nextBucket(bucketStart(start, 'month'), 'month');
  const afterLastWhole = bucketStart(end + 1, 'month');
  if (firstWhole >= afterLastWhole) return { months: null, days: [{ start: from, end: to }] };
  const days: DaySpan[] = [];
  if (start < firstWhole) days.push({ start: from, end: dayText(firstWhole - 1) });
  if (afterLastWhole <= end) days.push({ start: dayText(afterLastWhole), end: to });
  const lastWholeStart = bucketStart(afterLastWhole - 1, 'month');
  return { months: { start: dayText(firstWhole), end: dayText(lastWholeStart) }, days };
}

/** Achieved of target in percent, 2 decimals; null without a target (none set, or zero). */
export function achievementPercent(achieved: number, target: number | null | undefined): number | null {
  if (target === null || target === undefined || target <= 0) return null;
  return Math.round((achieved / target) * 10_000) / 100;
}
