// Rendering and checking templates. The language is Mustache (the `mustache` package): logic-less,
// so a template holds no code and calls nothing, only names values and repeats blocks over lists. It renders
// against a view copied into objects and arrays without prototypes (templateDataView), so `{{constructor}}`,
// `{{__proto__}}` or `{{loan.schedule.map}}` find nothing; the save check refuses every name that is not in the
// catalogue (contracts/templates.ts), partials and delimiter changes, and in HTML unescaped values.
import Mustache from 'mustache';
import {
  FIELD_PLACEHOLDER_PREFIX,
  PLACEHOLDER_LISTS,
  PLACEHOLDERS,
  SMS_LIMITS,
  type SmsEncoding,
  type TemplateType,
} from '../contracts/templates';

/** What a template is rendered against: text, numbers, lists and groups of them; nothing callable. */
type TemplateValue = string | number | boolean | null | readonly TemplateValue[] | TemplateData;
export interface TemplateData {
  readonly [key: string]: TemplateValue;
}

/** A problem of a template's text, named for the field it is in (`body`, `subject`, `translations.hi.body`). */
export interface TemplateProblem {
  label: string;
  reason: string;
}

/**
 * A deep copy of the data without prototypes: objects from Object.create(null), arrays with a null
 * prototype (still arrays to Mustache), and only text, numbers, booleans and null as leaves (a function, a
 * symbol or anything else is dropped), so rendering can reach neither code nor a prototype.
 */
export function templateDataView(data: TemplateData): TemplateData {
  const copy = (value: unknown): TemplateValue | undefined => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    if (Array.isArray(value)) {
      const list: TemplateValue[] = [];
      for (const item of value) {
        const copied = copy(item);
        if (copied !== undefined) list.push(copied);
      }
      Object.setPrototypeOf(list, null);
      return list;
    }
    if (typeof value === 'object') {
      const group = Object.create(null) as Record<string, TemplateValue>;
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const copied = copy(item);
        if (copied !== undefined) group[key] = copied;
      }
      return group;
    }
    return undefined;
  };
  return copy(data) as TemplateData;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '/': '&#x2F;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

/** A value as text; a group (an object without prototype) has no text of its own. */
const asText = (value: unknown): string =>
  value === null || value === undefined || typeof value === 'object' ? '' : String(value);

const escapeHtml = (value: unknown) => asText(value).replace(/[&<>"'`=/]/g, (c) => HTML_ESCAPES[c] ?? c);

/** Whether a type's text is HTML (values escaped) or plain text (SMS, and PDF, which is laid out, not parsed). */
export const isHtmlType = (type: TemplateType) => type === 'HTML' || type === 'EMAIL';

/**
 * The text rendered against the data (copied by templateDataView first): values HTML-escaped when `html`,
 * else as they are. A new Writer each time: Mustache's shared one caches every template text it ever saw.
 */
export function renderTemplate(text: string, data: TemplateData, html: boolean): string {
  const writer = new Mustache.Writer();
  return writer.render(text, templateDataView(data), Object.create(null) as Record<string, string>, {
    escape: html ? escapeHtml : asText,
  });
}

const KNOWN = new Set(PLACEHOLDERS.map((p) => p.name));
const LIST_ROWS = new Map(
  Object.entries(PLACEHOLDER_LISTS).map(([list, rows]) => [list, new Set(rows.map((r) => r.name))]),
);

type Token = [string, string, number, number, Token[]?, number?];

/** "Unclosed section "x" at 12" → "unclosed section "x" at 12". */
const sentence = (message: string) => message.charAt(0).toLowerCase() + message.slice(1);

/**
 * What is wrong with a template's text, each problem once: every unknown placeholder or section (a name not in
 * the catalogue, `fields.<key>` whose key no product's flow has), partials, delimiter changes, unescaped values
 * in HTML, and text Mustache cannot read (an unclosed section). `fieldKeys`: the keys `{{fields.<key>}}` may name.
 */
export function templateProblems(
  text: string,
  label: string,
  options: { html: boolean; fieldKeys: ReadonlySet<string> },
): TemplateProblem[] {
  let tokens: Token[];
  try {
    tokens = new Mustache.Writer().parse(text) as unknown as Token[];
  } catch (error) {
    return [{ label, reason: sentence(error instanceof Error ? error.message : String(error)) }];
  }
  const reasons = new Set<string>();
  const isValue = (name: string, rows: readonly ReadonlySet<string>[]) =>
    KNOWN.has(name) ||
    rows.some((row) => row.has(name)) ||
    (name.startsWith(FIELD_PLACEHOLDER_PREFIX) && options.fieldKeys.has(name.slice(FIELD_PLACEHOLDER_PREFIX.length)));
  const walk = (list: readonly Token[], rows: readonly ReadonlySet<string>[]) => {
    for (const [type, name, , , children] of list) {
      if (type === 'name' || type === '&') {
        if (!isValue(name, rows)) reasons.add(`unknown placeholder {{${name}}}`);
        else if (type === '&' && options.html) {
          reasons.add(`{{{${name}}}} is not allowed: every value of an HTML template is escaped (write {{${name}}})`);
        }
      } else if (type === '#' || type === '^') {
        const row = LIST_ROWS.get(name);
        if (!row && !isValue(name, rows)) reasons.add(`unknown section {{${type}${name}}}`);
        walk(children ?? [], row && type === '#' ? [row, ...rows] : rows);
      } else if (type === '>') {
        reasons.add(`{{>${name}}}: partials are not allowed`);
      } else if (type === '=') {
        reasons.add('changing the delimiters ({{=…=}}) is not allowed');
      }
    }
  };
  walk(tokens, []);
  return [...reasons].map((reason) => ({ label, reason }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part of an HTML e-mail: block ends become line breaks, tags go, entities are read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** GSM 03.38 default alphabet (one septet each), without the escape character itself. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape and the character, two septets each. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/**
 * How many parts an SMS text goes out in, as gateways count them: GSM-7 when every character is in the GSM
 * alphabet (160 septets in one part, 153 per part of a longer one, an extension character taking two and never
 * split across parts), else UCS-2 (70 code units, 67 per part, a surrogate pair never split).
 */
export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  const gsm = chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c));
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const sizes = chars.map((c) => (gsm ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const limits = SMS_LIMITS[encoding];
  if (units === 0) return { encoding, units, segments: 0 };
  if (units <= limits.single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limits.perPart) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
}
