// Formatters of spec section 9: currency (INR lakh grouping, USD, AUD, EUR), percent, dates.
import type { ProductLimits } from '../contracts/answers/configs';

/** The currencies an amount is shown in (the flow contract's field currency adds PERCENT). */
export const CURRENCY_CODES = ['INR', 'USD', 'AUD', 'EUR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

// en-IN gives lakh grouping for INR; en-US spells AUD as 'A$' so it never reads as US dollars; en-IE
// writes euros as '€1,234.50', with the point for decimals and the comma for thousands like every other
// currency here, so amount fields keep one keyboard rule (de-DE would swap them: '1.234,50 €').
const currencyFormats: Record<CurrencyCode, Intl.NumberFormat> = {
  INR: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
  AUD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 }),
  EUR: new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
};

function finite(value: number, fn: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${fn}: value must be a finite number, got ${String(value)}`);
  }
  return value;
}

/** 12345678.5 → '₹1,23,45,678.50'; 1234.5 USD → '$1,234.50'; AUD → 'A$1,234.50'; EUR → '€1,234.50'. */
export function formatCurrency(value: number, currency: CurrencyCode = 'INR'): string {
  const format = currencyFormats[currency];
  if (!format) {
    throw new TypeError(
      `formatCurrency: currency must be one of ${CURRENCY_CODES.join(', ')}, got ${String(currency)}`,
    );
  }
  return format.format(finite(value, 'formatCurrency'));
}

/** The value is already a percentage: 12.5 → '12.50%'. */
export function formatPercent(value: number): string {
  return `${finite(value, 'formatPercent').toFixed(2)}%`;
}

function toDate(value: Date | string | number, fn: string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`${fn}: value is not a valid date: ${String(value)}`);
  return date;
}

/**
 * The bank's time zone when its configuration names none (README "Time zone"): every time the back office shows
 * is in the bank's zone and labelled. India has no daylight saving, so IST is UTC+05:30 all year.
 */
export const DEFAULT_BANK_TIME_ZONE = 'Asia/Kolkata';

/**
 * An IANA zone name as written: Area/Location (Asia/Kolkata, Etc/GMT+5) each part capitalised, or UTC; no offsets
 * and no abbreviations (ICU takes 'IST' as India, but IST is also Irish and Israeli time).
 */
const ZONE_NAME = /^(?:UTC|[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)+)$/;

/** Whether a text is an IANA time zone this runtime's Intl knows ('Asia/Kolkata' yes; '+05:30', 'Mars/Base' no). */
export function isTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// One bank per browser page: the shell and the portal set it once at boot from the bank's configuration. The
// server never sets it (it serves whatever the configuration says at the time): it passes the zone it read.
let bankZone: string = DEFAULT_BANK_TIME_ZONE;

/** The bank's time zone the formatters use when none is passed. */
export function bankTimeZone(): string {
  return bankZone;
}

/** Sets the bank's time zone for this page's formatters; a name Intl does not know is refused (TypeError). */
export function setBankTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new TypeError(`setBankTimeZone: ${zone} is not an IANA time zone`);
  bankZone = zone;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    // h23: midnight is 00, not 24. The zone's name comes from zoneLabel, not from this locale.
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

const labelFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at an instant: 'IST' for India (which Indian readers know it by; en-US says
 * 'GMT+5:30'), else Intl's en-US short name ('EST' or 'EDT' for New York, 'GMT+4' for Dubai, 'UTC').
 */
export function zoneLabel(at: Date | string | number, timeZone: string = bankZone): string {
  if (timeZone === DEFAULT_BANK_TIME_ZONE) return 'IST';
  let format = labelFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    labelFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(toDate(at, 'zoneLabel'));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

function zoneParts(value: Date | string | number, timeZone: string, fn: string): Record<string, string> {
  return Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(toDate(value, fn))
      .map((p) => [p.type, p.value]),
  );
}

/** DD/MM/YYYY hh:mm:ss in the bank's time zone with its name: '07/12/2026 14:05:00 IST'. */
export function formatBankDateTime(value: Date | string | number, timeZone: string = bankZone): string {
  const parts = zoneParts(value, timeZone, 'formatBankDateTime');
  const label = zoneLabel(value, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${label}`;
}

/** DD/MM/YYYY of an instant in the bank's time zone (the day the bank saw it, wherever the browser is). */
export function formatBankDate(value: Date | string | number, timeZone: string = bankZone): string {
  const parts = zoneParts(value, timeZone, 'formatBankDate');
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/**
 * How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (IST 19,800,000; New York
 * -18,000,000 in winter, -14,400,000 in summer).
 */
export function zoneOffsetMs(value: Date | string | number, timeZone: string = bankZone): number {
  const instant = toDate(value, 'zoneOffsetMs').getTime();
  const p = zoneParts(instant, timeZone, 'zoneOffsetMs');
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * 00:00 of a calendar day (month 1–12) in the zone, as an instant: at the offset in force then, so a day after a
 * clock change starts at its own offset (New York's 09/03/2026 at 04:00Z, its 08/03/2026 at 05:00Z).
 */
export function zoneMidnight(year: number, month: number, day: number, timeZone: string = bankZone): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The offset at the wall time read as UTC is the right one unless a change falls between the two: a second
  // look at the instant found settles it.
  return new Date(wall - zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone));
}

/** Midnight in the bank's time zone of the day an instant falls on: a letter's date as an instant, the same for every moment of that day. */
export function bankDayStart(value: Date | string | number, timeZone: string = bankZone): Date {
  const p = zoneParts(value, timeZone, 'bankDayStart');
  return zoneMidnight(Number(p.year), Number(p.month), Number(p.day), timeZone);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How old something is, in the notification wording ('Just now', '5 min ago', '2 hours ago',
 * 'Yesterday', '3 days ago'); older than a week: its DD/MM/YYYY date. One copy: the server fills a
 * notification's timeText with it and the bell recomputes it as time passes, so the two agree.
 */
export function relativeTime(at: Date | string | number, now: Date | number, timeZone: string = bankZone): string {
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) return '';
  const age = Math.max(0, new Date(now).getTime() - time);
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) {
    const h = Math.floor(age / HOUR);
    return `${h} ${h === 1 ? 'hour' : 'hours'} ago`;
  }
  if (age < 2 * DAY) return 'Yesterday';
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} days ago`;
  return formatBankDate(time, timeZone);
}

/**
 * A product's limits as the Products page and Settings show them, each 'from – to' in its unit: amount
 * '₹50,000.00 – ₹25,00,000.00', tenure '12 – 60 months', rate '6.00% – 15.00%'; a limit not set: 'Not set'.
 */
export function productLimitTexts(limits: ProductLimits): Record<'amount' | 'tenure' | 'rate', string> {
  const { amount, tenure, rate } = limits;
  return {
    amount: amount ? `${formatCurrency(amount.min)} – ${formatCurrency(amount.max)}` : 'Not set',
    tenure: tenure ? `${tenure.min} – ${tenure.max} ${tenure.unit}` : 'Not set',
    rate: rate ? `${formatPercent(rate.min)} – ${formatPercent(rate.max)}` : 'Not set',
  };
}
