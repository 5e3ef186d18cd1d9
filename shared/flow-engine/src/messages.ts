// The words of validation: each message names the rule with the field's own values (bounds in the field's
// unit, Indian grouping for rupees, dates in the field's format, a format with an example). Pure: the
// validators in validation.ts and the submit check call these. A reason starting with 'is ' gets the
// field's label put before it by whoever shows it ('Mobile number is not …'); a whole sentence stands alone.
import { type CurrencyCode, formatCurrency, formatPercent, MANDATORY_FIELDS_MESSAGE } from '@originate/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** Spec §5's generic message: only where no rule is known (a pattern the engine cannot describe). */
export const INVALID_MESSAGE = 'is invalid';
/** An empty mandatory field: the spec names no words for it, so these are ours. */
export const REQUIRED_MESSAGE = 'is required';
/** The start of every amount-range message (spec §5); the bounds follow. */
export const AMOUNT_RANGE_MESSAGE = 'Please enter amount between the range of';

type Unit = CurrencyCode | 'PERCENT' | undefined;

/** A bound as the applicant reads it: '₹5,00,000' (no paise when whole), '$1,250.50', '6.00%'. */
function formatBound(value: number, unit: Unit): string {
  if (unit === 'PERCENT') return formatPercent(value);
  const text = formatCurrency(value, unit ?? 'INR');
  return Number.isInteger(value) ? text.replace(/\.00$/, '') : text;
}

/**
 * An amount outside its bounds: 'Please enter amount between the range of ₹5,00,000 and ₹5,00,00,000'
 * (the spec's start); a rate is no amount: 'Please enter a rate between 6.00% and 15.00%'. An open end
 * reads 'at least' / 'at most'.
 */
export function rangeMessage(min: number | undefined, max: number | undefined, unit: Unit): string {
  const low = min === undefined ? undefined : formatBound(min, unit);
  const high = max === undefined ? undefined : formatBound(max, unit);
  if (unit === 'PERCENT') {
    if (low !== undefined && high !== undefined) return `Please enter a rate between ${low} and ${high}`;
    return low !== undefined ? `Please enter a rate of at least ${low}` : `Please enter a rate of at most ${high}`;
  }
  if (low !== undefined && high !== undefined) return `${AMOUNT_RANGE_MESSAGE} ${low} and ${high}`;
  return low !== undefined ? `${AMOUNT_RANGE_MESSAGE} ${low} and above` : `${AMOUNT_RANGE_MESSAGE} ₹0 and ${high}`;
}

/** Not a number where an amount or a rate goes. */
export function notANumberMessage(unit: Unit): string {
  return unit === 'PERCENT'
    ? 'is not a rate: use digits and a point, e.g. 8.50'
    : 'is not an amount: use digits, e.g. 5,00,000';
}

/** A slider, counter or range outside its bounds: 'is not between 1 and 30'. */
export function numberRangeMessage(min: number, max: number): string {
  return `is not between ${min} and ${max}`;
}

/**
 * A mandatory OTP not verified yet: what to do, not 'is invalid' (nothing was entered wrong). A whole
 * sentence: 'Verify your mobile number: send the OTP and enter the code'.
 */
export function otpMessage(channel: 'SMS' | 'EMAIL' | undefined): string {
  return channel === 'EMAIL'
    ? 'Verify your e-mail address: send the OTP and enter the code'
    : 'Verify your mobile number: send the OTP and enter the code';
}

const EXAMPLE_DATE = dayjs('1990-06-15');

/** A date that does not read in the field's format: 'is not a date: use DD/MM/YYYY, e.g. 15/06/1990'. */
export function dateFormatMessage(format: string): string {
  return `is not a date: use ${format}, e.g. ${EXAMPLE_DATE.format(format)}`;
}

/**
 * A date outside its bounds, the bounds in the field's format: 'must be between 16/06/1964 and 15/06/2003'
 * ('is on or after …', 'is on or before …' for an open end); ages say them as ages too.
 */
export function dateRangeMessage(
  bounds: { earliest?: Dayjs; latest?: Dayjs },
  format: string,
  ages?: { min?: number; max?: number },
): string {
  const first = bounds.earliest?.format(format);
  const last = bounds.latest?.format(format);
  const between =
    first && last ? `between ${first} and ${last}` : first ? `on or after ${first}` : `on or before ${last}`;
  if (ages && (ages.min !== undefined || ages.max !== undefined)) {
    const age =
      ages.min !== undefined && ages.max !== undefined
        ? `${ages.min} to ${ages.max} years`
        : ages.min !== undefined
          ? `at least ${ages.min} years`
          : `at most ${ages.max} years`;
    return `is outside the allowed age of ${age}: the date must be ${between}`;
  }
  return `is outside the allowed dates: the date must be ${between}`;
}

/** Patterns the engine can put in words (as configured, without the ^ and $ anchors), and their rule. */
const KNOWN_PATTERNS: readonly { matches(pattern: string): boolean; message: string }[] = [
  {
    matches: (p) => p === '[6-9][0-9]{9}' || p === '[6-9]\\d{9}',
    message: 'is not a mobile number: 10 digits starting 6–9, e.g. 98765 43210',
  },
  {
    matches: (p) => p.startsWith('[^@\\s]+@'),
    message: 'is not an e-mail address: use the form name@example.com',
  },
  {
    matches: (p) => p.startsWith("[A-Za-z][A-Za-z .'-]"),
    message: "is not a name: use letters, spaces, . ' - and start with a letter",
  },
  {
    matches: (p) => p === '[A-Z]{5}[0-9]{4}[A-Z]',
    message: 'is not a PAN: 5 capital letters, 4 digits, 1 capital letter, e.g. ABCDE1234F',
  },
  {
    matches: (p) => p === '[1-9][0-9]{5}',
    message: 'is not a PIN code: 6 digits, not starting with 0, e.g. 411001',
  },
];

/** Digits only, a fixed count or a span: '[0-9]{14}', '[0-9]{1,3}'. */
const DIGITS = /^\[0-9\]\{(\d+)(?:,(\d+))?\}$/;

/** What a value failing `regex` is told: a known rule in words, else the generic 'is invalid'. */
export function patternMessage(regex: string): string {
  const pattern = regex.replace(/^\^/, '').replace(/\$$/, '');
  const known = KNOWN_PATTERNS.find((rule) => rule.matches(pattern));
  if (known) return known.message;
  const digits = DIGITS.exec(pattern);
  if (digits) {
    const [, least, most] = digits;
    return most === undefined ? `is not ${least} digits` : `is not ${least} to ${most} digits`;
  }
  return INVALID_MESSAGE;
}

/**
 * A refused Next, Save or Submit: the spec's 'Please fill all mandatory fields' when a mandatory field is
 * empty, else (all filled, some wrong) how many to correct.
 */
export function submitMessage(codes: readonly string[]): string {
  if (codes.includes('required')) return MANDATORY_FIELDS_MESSAGE;
  return codes.length === 1
    ? 'Please correct the highlighted field'
    : `Please correct the ${codes.length} highlighted fields`;
}

/** The error summary's title: 'Please check 2 fields'. */
export function errorSummaryTitle(count: number): string {
  return count === 1 ? 'Please check 1 field' : `Please check ${count} fields`;
}
