// The card networks the bank collects repayments by (POST /collectionConfig/cardTypes): each network's
// issuer ranges (IIN prefixes, as the networks publish them), card lengths and CVV length, and the Luhn
// check digit every one of them uses.

export interface CardNetwork {
  code: string;
  name: string;
  lengths: readonly number[];
  cvvLength: number;
  /** Issuer ranges over the first digits of the number: [from, to] inclusive, compared at their own length. */
  ranges: readonly (readonly [string, string])[];
}

export const CARD_NETWORKS: readonly CardNetwork[] = [
  {
    code: 'RUPAY',
    name: 'RuPay',
    lengths: [16],
    cvvLength: 3,
    ranges: [
      ['508500', '508999'],
      ['606985', '607984'],
      ['608001', '608500'],
      ['652150', '653149'],
      ['817200', '820199'],
    ],
  },
  { code: 'VISA', name: 'Visa', lengths: [13, 16, 19], cvvLength: 3, ranges: [['4', '4']] },
  {
    code: 'MASTERCARD',
    name: 'Mastercard',
    lengths: [16],
    cvvLength: 3,
    ranges: [
      ['51', '55'],
      ['2221', '2720'],
    ],
  },
  {
    code: 'AMEX',
    name: 'American Express',
    lengths: [15],
    cvvLength: 4,
    ranges: [
      ['34', '34'],
      ['37', '37'],
    ],
  },
  {
    code: 'DINERS',
    name: 'Diners Club',
    lengths: [14, 16],
    cvvLength: 3,
    ranges: [
      ['300', '305'],
      ['36', '36'],
      ['38', '39'],
    ],
  },
];

/** The network whose issuer ranges and lengths the number fits (RuPay first: its ranges sit inside others'), or null. */
export function cardNetworkOf(number: string): CardNetwork | null {
  if (!/^[0-9]{6,19}$/.test(number)) return null;
  return (
    CARD_NETWORKS.find(
      (n) =>
        n.lengths.includes(number.length) &&
        n.ranges.some(([from, to]) => {
          const head = number.slice(0, from.length);
          return head >= from && head <= to;
        }),
    ) ?? null
  );
}

/** The Luhn (mod 10) check: from the right, every second digit doubled (less 9 past 9), the sum a multiple of 10. */
export function luhnValid(number: string): boolean {
  if (!/^[0-9]{2,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
