// Field validation, defaults and input rules of spec §5. Pure: a field, a value, today.
import {
  DATE_FORMAT,
  type FieldConfig,
  type FieldOptions,
  type FieldValue,
  type FormValues,
  MAX_FILE_SIZE_BYTES,
} from '@originate/contract';
import dayjs, { type Dayjs, type ManipulateType } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { dateUnit, fieldType, isCheckGroup } from './fields';
import {
  dateFormatMessage,
  dateRangeMessage,
  INVALID_MESSAGE,
  notANumberMessage,
  numberRangeMessage,
  otpMessage,
  patternMessage,
  REQUIRED_MESSAGE,
  rangeMessage,
} from './messages';

dayjs.extend(customParseFormat);

export interface FieldError {
  code: 'required' | 'invalidValue' | 'invalidRange' | 'invalidDate' | 'invalid' | 'otp';
  message: string;
}

export { AMOUNT_RANGE_MESSAGE, INVALID_MESSAGE, REQUIRED_MESSAGE } from './messages';
export const MAX_UPLOAD_BYTES = MAX_FILE_SIZE_BYTES;
/** Range bounds when the field names none (spec §9). */
const RANGE_MIN = 0;
const RANGE_MAX = 100;

const required: FieldError = { code: 'required', message: REQUIRED_MESSAGE };
const invalid: FieldError = { code: 'invalid', message: INVALID_MESSAGE };

/** Nothing entered: undefined, null, '', [], no uploaded document, an empty table. */
export function isEmptyValue(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    if ('uploadedDocuments' in value) return value.uploadedDocuments.length === 0;
    if ('subRecords' in value) return value.subRecords.length === 0 && Object.values(value.headers).every(isEmptyValue);
    if ('recipient' in value) return value.recipient === '' && !value.isVerified;
  }
  return false;
}

/** A number typed as text ('1,00,000.50') or held as a number; NaN otherwise. */
export function toNumber(value: FieldValue | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.replace(/[,\s]/g, '');
  return text === '' ? Number.NaN : Number(text);
}

function numberOf(bound: string | number | undefined): number | undefined {
  if (bound === undefined || bound === '') return undefined;
  const n = typeof bound === 'number' ? bound : Number(bound);
  return Number.isFinite(n) ? n : undefined;
}

const regexCache = new Map<string, RegExp | null>();

/** The field's regex matched against the whole value, like a form pattern; null when it does not compile. */
export function fieldRegex(source: string): RegExp | null {
  let compiled = regexCache.get(source);
  if (compiled === undefined) {
    const anchored = `${source.startsWith('^') ? '' : '^'}${source}${source.endsWith('$') ? '' : '$'}`;
    try {
      compiled = new RegExp(anchored);
    } catch {
      compiled = null;
    }
    regexCache.set(source, compiled);
  }
  return compiled;
}

function validateText(field: FieldConfig, value: FieldValue | undefined): FieldError | undefined {
  const details = field.field_type_details;
  if (isEmptyValue(value)) return details.mandatory ? required : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return invalid;
  if (details.currency_field) {
    const amount = toNumber(value);
    if (!Number.isFinite(amount)) return { code: 'invalidValue', message: notANumberMessage(details.currency) };
    const min = numberOf(details.min_value);
    const max = numberOf(details.max_value);
    if ((min !== undefined && amount < min) || (max !== undefined && amount > max)) {
      return { code: 'invalidRange', message: rangeMessage(min, max, details.currency) };
    }
  }
  if (details.regex) {
    const regex = fieldRegex(details.regex);
    if (regex && !regex.test(String(value))) {
      return { code: 'invalid', message: details.regex_message ?? patternMessage(details.regex) };
    }
  }
  return undefined;
}

/** A date in the field's format (default DD/MM/YYYY), strictly; ISO dates also accepted for bounds. */
export function parseDate(value: string | number, format: string = DATE_FORMAT): Dayjs | undefined {
  const text = String(value);
  const parsed = dayjs(text, format, true);
  if (parsed.isValid()) return parsed;
  const iso = dayjs(text, 'YYYY-MM-DD', true);
  return iso.isValid() ? iso : undefined;
}

const unitOf: Record<NonNullable<ReturnType<typeof dateUnit>>, ManipulateType> = {
  Day: 'day',
  Week: 'week',
  Month: 'month',
  Year: 'year',
};

/** The allowed [earliest, latest] dates of a date field, from its property; either end may be open. */
export function dateBounds(field: FieldConfig, today: Date): { earliest?: Dayjs; latest?: Dayjs } {
  const details = field.field_type_details;
  const day = dayjs(today).startOf('day');
  const format = details.date_format || DATE_FORMAT;
  switch (details.property) {
    case 'BETWEEN_DATE': {
      const bound = (v: string | number | undefined) =>
        v === undefined || v === '' ? undefined : parseDate(v, format);
      return { earliest: bound(details.min_value), latest: bound(details.max_value) };
    }
    case 'BETWEEN_AGE': {
      // Ages count back from today, so the bounds swap: the maximum age gives the earliest date.
      const minAge = numberOf(details.min_value);
      const maxAge = numberOf(details.max_value);
      return {
        earliest: maxAge === undefined ? undefined : day.subtract(maxAge, 'year'),
        latest: minAge === undefined ? undefined : day.subtract(minAge, 'year'),
      };
    }
    case 'BETWEEN_DAYS': {
      const unit = unitOf[dateUnit(field) ?? 'Day'];
      const min = numberOf(details.min_value);
      const max = numberOf(details.max_value);
      return {
        earliest: min === undefined ? undefined : day.add(min, unit),
        latest: max === undefined ? undefined : day.add(max, unit),
      };
    }
    default:
      return {};
  }
}

function validateDate(field: FieldConfig, value: FieldValue | undefined, today: Date): FieldError | undefined {
  const details = field.field_type_details;
  if (isEmptyValue(value)) return details.mandatory ? required : undefined;
  const format = details.date_format || DATE_FORMAT;
  const unreadable: FieldError = { code: 'invalidDate', message: dateFormatMessage(format) };
  if (typeof value !== 'string') return unreadable;
  const date = dayjs(value, format, true);
  if (!date.isValid()) return unreadable;
  const bounds = dateBounds(field, today);
  const day = date.startOf('day');
  const early = bounds.earliest && day.isBefore(bounds.earliest.startOf('day'));
  const late = bounds.latest && day.isAfter(bounds.latest.startOf('day'));
  if (!early && !late) return undefined;
  const ages =
    details.property === 'BETWEEN_AGE'
      ? { min: numberOf(details.min_value), max: numberOf(details.max_value) }
      : undefined;
  return { code: 'invalidDate', message: dateRangeMessage(bounds, format, ages) };
}

/** Min and max of a slider, counter or range field (range and slider default to 0..100). */
export function numericBounds(field: FieldConfig): { min: number; max: number } {
  const details = field.field_type_details;
  const open = fieldType(field) === 'counter' ? Number.MAX_SAFE_INTEGER : RANGE_MAX;
  return { min: numberOf(details.min_value) ?? RANGE_MIN, max: numberOf(details.max_value) ?? open };
}

/** The step of a slider, counter or range field: its values are min + k·step (default 1). */
export function numericStep(field: FieldConfig): number {
  return field.field_type_details.step ?? 1;
}

/**
 * Whether n is min + k·step for a whole k. Decimal steps are not exact in binary (0.1 + 0.2), so k may
 * miss a whole number by float noise: a relative 1e-9 is forgiven.
 */
export function onStepGrid(n: number, min: number, step: number): boolean {
  const k = (n - min) / step;
  return Math.abs(k - Math.round(k)) <= 1e-9 * Math.max(1, Math.abs(k));
}

const trimmed = (n: number) => String(Number.parseFloat(n.toPrecision(12)));

/** 'is not one of 0, 5, 10, … (steps of 5 from 0)'. */
function offGrid(min: number, step: number): FieldError {
  const first = [0, 1, 2].map((k) => trimmed(min + k * step)).join(', ');
  return {
    code: 'invalidRange',
    message: `is not one of ${first}, … (steps of ${trimmed(step)} from ${trimmed(min)})`,
  };
}

function validateNumber(field: FieldConfig, value: FieldValue | undefined): FieldError | undefined {
  if (!field.field_type_details.mandatory) return undefined;
  if (value === undefined || value === null || value === '') return required;
  const n = toNumber(value);
  const { min, max } = numericBounds(field);
  if (!Number.isFinite(n) || n < min || n > max) return { code: 'invalidRange', message: numberRangeMessage(min, max) };
  const step = numericStep(field);
  return onStepGrid(n, min, step) ? undefined : offGrid(min, step);
}

function validateRange(field: FieldConfig, value: FieldValue | undefined): FieldError | undefined {
  const mandatory = field.field_type_details.mandatory;
  if (!Array.isArray(value) || value.length === 0) return mandatory ? required : undefined;
  const [low, high] = value.map((v) => toNumber(v));
  const { min, max } = numericBounds(field);
  const ok =
    value.length === 2 &&
    low !== undefined &&
    high !== undefined &&
    Number.isFinite(low) &&
    Number.isFinite(high) &&
    min <= low &&
    low <= high &&
    high <= max;
  if (!ok) return { code: 'invalidRange', message: numberRangeMessage(min, max) };
  const step = numericStep(field);
  return onStepGrid(low, min, step) && onStepGrid(high, min, step) ? undefined : offGrid(min, step);
}

/**
 * A checkbox group: an array of distinct option values; mandatory means one ticked at least, and
 * min_value/max_value bound how many are ticked (an unticked optional group is fine).
 */
function validateCheckGroup(field: FieldConfig, value: FieldValue | undefined): FieldError | undefined {
  const details = field.field_type_details;
  if (isEmptyValue(value)) return details.mandatory ? required : undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string') || new Set(value).size !== value.length) {
    return invalid;
  }
  const ticked = value.length;
  const least = numberOf(details.min_value);
  const most = numberOf(details.max_value);
  if (least !== undefined && ticked < least) {
    return { code: 'invalidRange', message: `is below the minimum: tick at least ${least} (${ticked} ticked)` };
  }
  if (most !== undefined && ticked > most) {
    return { code: 'invalidRange', message: `is above the maximum: tick at most ${most} (${ticked} ticked)` };
  }
  return undefined;
}

/** The error of one value of one field, or undefined. Containers' cells are checked by the form. */
export function validateField(
  field: FieldConfig,
  value: FieldValue | undefined,
  ctx: { today: Date; values: FormValues },
): FieldError | undefined {
  const details = field.field_type_details;
  switch (fieldType(field)) {
    case 'text':
    case 'password':
    case 'textarea':
      return validateText(field, value);
    case 'date':
      return validateDate(field, value, ctx.today);
    case 'checkbox':
      if (isCheckGroup(field)) return validateCheckGroup(field, value);
      return details.mandatory && value !== true ? required : undefined;
    case 'toggle':
      return details.mandatory && value !== true ? required : undefined;
    case 'dropdown':
    case 'radio':
      return details.mandatory && isEmptyValue(value) ? required : undefined;
    case 'range':
      return validateRange(field, value);
    case 'slider':
    case 'counter':
      return validateNumber(field, value);
    case 'file_upload': {
      const has = typeof value === 'object' && value !== null && 'uploadedDocuments' in value;
      return details.mandatory && !(has && value.uploadedDocuments.length > 0) ? required : undefined;
    }
    case 'signature': {
      const has = typeof value === 'object' && value !== null && 'fileId' in value && value.fileId !== '';
      return details.mandatory && !has ? required : undefined;
    }
    case 'otp': {
      const verified = typeof value === 'object' && value !== null && 'isVerified' in value && value.isVerified;
      return details.mandatory && !verified ? { code: 'otp', message: otpMessage(details.otp_channel) } : undefined;
    }
    case 'container': {
      const rows = typeof value === 'object' && value !== null && 'subRecords' in value ? value.subRecords.length : 0;
      return details.mandatory && rows === 0 ? required : undefined;
    }
    case 'heading':
      return undefined;
  }
}

function optionValues(options: FieldOptions['values'] | undefined): Set<string> {
  return new Set((options ?? []).map((option) => option.value));
}

/** The options of `given` (one value or an array) that exist, 'none' dropped: a multiple field's default. */
function knownOptions(given: unknown, options: FieldOptions['values'] | undefined): string[] {
  const known = optionValues(options);
  const list = Array.isArray(given) ? given : [given];
  return list.filter((v): v is string => typeof v === 'string' && v !== 'none' && known.has(v));
}

/**
 * The value a field starts with (spec §5): dropdown and radio keep their default only when it is one of
 * the options and 'none' means no value (a multiple dropdown holds an array, [] when nothing, and so does
 * a checkbox group); range [min, max]; slider and counter their default, else min; checkbox and toggle false.
 */
export function defaultValue(field: FieldConfig, options: FieldOptions['values'] | undefined): FieldValue {
  const details = field.field_type_details;
  const given = details.defaultValue;
  switch (fieldType(field)) {
    case 'text':
    case 'password':
    case 'textarea':
      return typeof given === 'string' || typeof given === 'number' ? String(given) : '';
    case 'date':
      return typeof given === 'string' ? given : null;
    case 'checkbox':
      return isCheckGroup(field) ? knownOptions(given, options) : given === true;
    case 'toggle':
      return given === true;
    case 'dropdown':
    case 'radio': {
      if (details.multiple) return knownOptions(given, options);
      return typeof given === 'string' && given !== 'none' && optionValues(options).has(given) ? given : null;
    }
    case 'range': {
      const { min, max } = numericBounds(field);
      const ok = Array.isArray(given) && given.length === 2 && given.every((v) => typeof v === 'number');
      return ok ? (given as number[]) : [min, max];
    }
    case 'slider':
    case 'counter':
      return typeof given === 'number' ? given : numericBounds(field).min;
    case 'file_upload':
    case 'otp':
    case 'container':
    case 'signature':
    case 'heading':
      return emptyValue(field);
  }
}

/**
 * What a field holds when it holds nothing (a hidden field does, form/conceal.ts): null for one value, [] for a
 * list (a multiple dropdown, a checkbox group, a range), and the empty shape of the kinds that are objects:
 * no documents, an OTP with no recipient, a table without headers, rows or totals.
 */
export function emptyValue(field: FieldConfig): FieldValue {
  const details = field.field_type_details;
  switch (fieldType(field)) {
    case 'file_upload':
      return { uploadedDocuments: [] };
    case 'otp':
      return { type: details.otp_channel ?? 'SMS', recipient: '', isVerified: false };
    case 'container':
      return { headers: {}, subRecords: [], total: {} };
    case 'range':
      return [];
    case 'checkbox':
      return isCheckGroup(field) ? [] : null;
    case 'dropdown':
    case 'radio':
      return details.multiple ? [] : null;
    default:
      return null;
  }
}

/**
 * Counter buttons: to the next value of the grid min + k·step above (+1) or below (-1), only while it
 * stays within [min, max]; a value off the grid moves onto it, one below min moves to min.
 */
export function counterStep(value: number, delta: 1 | -1, min: number, max: number, step = 1): number {
  if (value < min) return delta === 1 ? min : value;
  const k = (value - min) / step;
  const at = onStepGrid(value, min, step) ? Math.round(k) : k;
  const next = min + (delta === 1 ? Math.floor(at) + 1 : Math.ceil(at) - 1) * step;
  const inside = delta === 1 ? next <= max : next >= min;
  return inside ? Number.parseFloat(next.toPrecision(12)) : value;
}

// The upload check (30 MB, the spec §5 kinds) is the contract's, also used by the back office's Docs tab.
export { acceptAttribute, OTP_WRONG_CODE_MESSAGE, uploadCheck, uploadTypesText } from '@originate/contract';
