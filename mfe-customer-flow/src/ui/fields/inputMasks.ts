// Keyboard input masks of the amount and interest fields: what a keypress may add, what key-up keeps.
const MAX_AMOUNT_INTEGER_DIGITS = 10;
const MAX_INTEREST = 99.99;

/** Keys that edit or move rather than type a character (Backspace, arrows, Tab...) are always allowed. */
function isControlKey(key: string): boolean {
  return key.length > 1;
}

/**
 * Amount keypress (spec §5): digits and one decimal point, not starting with a point or a zero, at most
 * 10 integer digits. `current` is the text before the key; the key is taken as typed at its end.
 */
export function amountKeypressAllowed(current: string, key: string): boolean {
  if (isControlKey(key)) return true;
  if (key === '.') return current !== '' && !current.includes('.');
  if (!/^\d$/.test(key)) return false;
  if (current === '' && key === '0') return false;
  if (current.includes('.')) return true;
  return current.length < MAX_AMOUNT_INTEGER_DIGITS;
}

/** Amount key-up: other characters stripped (one point kept, no leading zeros); below 1 gives ''. */
export function amountKeyUp(value: string): string {
  const digits = value.replace(/[^\d.]/g, '');
  const point = digits.indexOf('.');
  const single = point === -1 ? digits : `${digits.slice(0, point + 1)}${digits.slice(point + 1).replace(/\./g, '')}`;
  const trimmed = single.replace(/^0+(?=\d)/, '');
  const amount = Number(trimmed);
  return trimmed === '' || !Number.isFinite(amount) || amount < 1 ? '' : trimmed;
}

/** Interest keypress (spec §5): digits and one point, the result not above 99.99. */
export function interestKeypressAllowed(current: string, key: string): boolean {
  if (isControlKey(key)) return true;
  if (key === '.') return !current.includes('.');
  if (!/^\d$/.test(key)) return false;
  const next = Number(`${current}${key}`);
  return Number.isFinite(next) && next <= MAX_INTEREST;
}
