// Hostile text for every string position. `refused`: the server must turn it away wherever it lands in
// input it reads (PostgreSQL cannot store NUL or lone surrogates; README "Errors": bad input is a 400).

import fc from 'fast-check';

export const NUL = '\u0000';
export const SURROGATE_HIGH = '\uD800';
export const SURROGATE_LOW = '\uDC00';

export interface EvilString {
  value: string;
  what: string;
  refused: boolean;
}

/** 100 KB of text: passes the body limit, fails every maxLength. */
export const HUGE = 'A'.repeat(100_000);

export const EVIL_STRINGS: readonly EvilString[] = [
  { value: NUL, what: 'NUL', refused: true },
  { value: `a${NUL}b`, what: 'NUL inside', refused: true },
  { value: SURROGATE_HIGH, what: 'lone high surrogate', refused: true },
  { value: `x${SURROGATE_LOW}`, what: 'lone low surrogate', refused: true },
  { value: `${SURROGATE_LOW}${SURROGATE_HIGH}`, what: 'reversed surrogate pair', refused: true },
  { value: HUGE, what: 'huge string', refused: false },
  { value: "'; DROP TABLE users;--", what: 'SQL text', refused: false },
  { value: '../../etc/passwd', what: 'path traversal', refused: false },
  { value: '\u202Eevil\u2028', what: 'bidi and line separator', refused: false },
  { value: '😀', what: 'astral character', refused: false },
  { value: '', what: 'empty', refused: false },
];

/** Values an HTTP header can carry (tab, visible ASCII, obs-text): no NUL, CR or LF ever arrives. */
export const HEADER_STRINGS: readonly { value: string; what: string }[] = [
  { value: '', what: 'empty' },
  { value: 'x', what: 'short' },
  { value: '%00', what: 'percent-encoded NUL' },
  { value: '\\u0000', what: 'escaped NUL text' },
  { value: '\xff\xfe\x80', what: 'obs-text bytes' },
  { value: 'a\tb c', what: 'tab and space' },
  { value: 'T'.repeat(8_000), what: '8 KB value' },
  { value: `${'A'.repeat(64)}`, what: 'token-shaped garbage' },
  { value: "' OR 1=1 --", what: 'SQL text' },
];

const HEADER_CHARS = [
  '\t',
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x80 + i)),
];

/** Random header values within what HTTP allows. */
export const headerValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HEADER_STRINGS.map((h) => h.value)),
  fc.string({ unit: fc.constantFrom(...HEADER_CHARS), maxLength: 80 }),
);

/**
 * Path and query text is percent-encoded on the wire; a lone surrogate can only travel as its
 * (invalid) CESU-8 bytes, and NUL as %00.
 */
export const URL_EVIL: readonly { raw: string; what: string; refused: boolean }[] = [
  { raw: '%00', what: 'NUL', refused: true },
  { raw: 'a%00b', what: 'NUL inside', refused: true },
  { raw: '%ED%A0%80', what: 'lone surrogate (CESU-8 bytes)', refused: true },
  { raw: '%FF%FE', what: 'invalid UTF-8', refused: true },
  { raw: '%', what: 'broken percent escape', refused: true },
  { raw: '%E0%A4%A', what: 'truncated escape', refused: true },
  { raw: 'A'.repeat(5_000), what: '5 KB segment', refused: false },
  { raw: '..%2F..%2Fetc', what: 'encoded traversal', refused: false },
  { raw: '%F0%9F%98%80', what: 'astral character', refused: false },
];

/** encodeURIComponent, except that a lone surrogate (which it refuses) travels as its CESU-8 bytes. */
export function encodeText(text: string): string {
  let out = '';
  for (const part of text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g) ?? []) {
    const unit = part.charCodeAt(0);
    if (part.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(part);
  }
  return out;
}
