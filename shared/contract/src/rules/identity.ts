// Identity numbers of Indian applicants: PAN (Income Tax Department) and Aadhaar (UIDAI). Their format and
// check rules, and how they are shown and stored masked (the audit of vendor calls keeps no number whole).

/**
 * PAN: five letters, four digits, a letter. The fourth letter is the holder's type (P person, C company,
 * H Hindu undivided family, F firm, A association of persons, T trust, B body of individuals, L local
 * authority, J artificial juridical person, G government); for a person the fifth is the surname's initial.
 */
const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$/;

const PAN_HOLDER_TYPES = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu undivided family',
  F: 'Firm',
  A: 'Association of persons',
  T: 'Trust',
  B: 'Body of individuals',
  L: 'Local authority',
  J: 'Artificial juridical person',
  G: 'Government',
} as const;
export type PanHolderType = (typeof PAN_HOLDER_TYPES)[keyof typeof PAN_HOLDER_TYPES];

/** The PAN in capitals without spaces, as applicants type it in any case. */
export const normalisePan = (pan: string) => pan.replace(/\s+/g, '').toUpperCase();

export function isValidPan(pan: string): boolean {
  return PAN_PATTERN.test(normalisePan(pan));
}

/** The holder type the PAN's fourth letter names; null for a PAN of the wrong format. */
export function panHolderType(pan: string): PanHolderType | null {
  const normal = normalisePan(pan);
  if (!PAN_PATTERN.test(normal)) return null;
  return PAN_HOLDER_TYPES[normal[3] as keyof typeof PAN_HOLDER_TYPES];
}

/**
 * Whether a person's PAN agrees with their name: its fifth letter is the initial of the surname (the last
 * word of the full name). Only individual PANs carry it; for others this is false.
 */
export function panMatchesName(pan: string, fullName: string): boolean {
  const normal = normalisePan(pan);
  const surname = fullName.trim().split(/\s+/).at(-1) ?? '';
  return PAN_PATTERN.test(normal) && normal[3] === 'P' && surname.length > 0 && normal[4] === surname[0]?.toUpperCase();
}

// Verhoeff's dihedral-group check (J. Verhoeff, 1969): it catches every single-digit error and every
// swap of adjacent digits. D is the group's multiplication table, P the position permutation, INV the inverses.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 7, 6, 8, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffFold(digits: string, offset: number): number {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    const digit = digits.charCodeAt(n - 1 - i) - 48;
    const permuted = P[(i + offset) % 8]?.[digit] ?? 0;
    c = D[c]?.[permuted] ?? 0;
  }
  return c;
}

/** The Verhoeff check digit to append to a string of digits; a RangeError for anything but digits. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^[0-9]+$/.test(digits)) throw new RangeError(`digits expected, got '${digits}'`);
  return INV[verhoeffFold(digits, 1)] ?? 0;
}

/** Whether a string of digits ends with its correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  return /^[0-9]{2,}$/.test(digits) && verhoeffFold(digits, 0) === 0;
}

/** The Aadhaar number's digits, spaces and hyphens as applicants type them dropped. */
export const normaliseAadhaar = (aadhaar: string) => aadhaar.replace(/[\s-]+/g, '');

/** Aadhaar: twelve digits, the first from 2 to 9 (UIDAI issues none starting 0 or 1), the last Verhoeff's check digit. */
export function isValidAadhaar(aadhaar: string): boolean {
  const digits = normaliseAadhaar(aadhaar);
  return /^[2-9][0-9]{11}$/.test(digits) && verhoeffValid(digits);
}

/** 'XXXX XXXX 1234': UIDAI's masked Aadhaar, only the last four digits shown. */
export function maskAadhaar(aadhaar: string): string {
  const digits = normaliseAadhaar(aadhaar);
  return `XXXX XXXX ${digits.slice(-4).padStart(4, 'X')}`;
}

/** 'XXXXX1234X' for ABCPE1234F: the digits kept (they tell two PANs of one person apart), the letters hidden. */
export function maskPan(pan: string): string {
  const normal = normalisePan(pan);
  return normal.length === 10 ? `XXXXX${normal.slice(5, 9)}X` : 'X'.repeat(Math.min(normal.length, 10));
}

/** A name as its initials and the length of each word ('Asha Rao' → 'A*** R**'). */
function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => (word ? `${word[0]}${'*'.repeat(word.length - 1)}` : word))
    .join(' ');
}

/** Everything but the last four characters hidden (mobile numbers, account numbers, e-mail addresses). */
function maskTail(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** Keys whose values are personal data, in any case or separator ('full_name', 'fullName', 'PAN'). */
const PERSONAL_KEYS: Record<string, (value: string) => string> = {
  pan: maskPan,
  aadhaar: maskAadhaar,
  name: maskName,
  fullname: maskName,
  firstname: maskName,
  lastname: maskName,
  dob: () => '**/**/****',
  dateofbirth: () => '**/**/****',
  mobile: maskTail,
  phone: maskTail,
  email: maskTail,
  accountnumber: maskTail,
  address: () => '***',
};

/**
 * A copy of a JSON value with personal data masked wherever it appears, by key (PAN, Aadhaar, names, date
 * of birth, mobile, e-mail, account numbers, addresses): what an audit record may keep.
 */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (value === null || typeof value !== 'object') return value;
  const masked: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const mask = PERSONAL_KEYS[key.replace(/[_\-\s]/g, '').toLowerCase()];
    masked[key] =
      mask && (typeof inner === 'string' || typeof inner === 'number') ? mask(String(inner)) : maskPersonalData(inner);
  }
  return masked;
}
