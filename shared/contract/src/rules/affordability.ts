// Affordability as Indian lenders assess it: FOIR (fixed obligations to income ratio), the share of the monthly
// income that goes to EMIs already running (from the bureau report) and the EMI of the loan asked for. Exact
// arithmetic in paise (bigint), half up: the root entry stays free of decimal.js, which the login page never needs.

type Amount = number | string;

export interface AffordabilityInputs {
  /** Net monthly income in rupees (salary credits or declared income). */
  monthlyIncome: Amount;
  /** EMIs of the loans already running, in rupees a month (the bureau report's obligations). */
  monthlyObligations: Amount;
  /** EMI of the loan asked for, in rupees a month. */
  proposedEmi?: Amount;
}

/** An amount of rupees as whole paise, half up at the third decimal; a RangeError naming the input otherwise. */
function paiseOf(value: Amount, name: string): bigint {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim();
  const match = /^(\d{1,15})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) throw new RangeError(`${name} must be an amount of rupees from 0, got ${String(value)}`);
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const paise = BigInt(match[1] ?? '0') * 100n + BigInt(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? paise + 1n : paise;
}

/** numerator / denominator as a decimal string with two places, half up (both non-negative, denominator > 0). */
function ratioText(numerator: bigint, denominator: bigint): string {
  const hundredths = (numerator * 2n + denominator) / (denominator * 2n);
  const whole = hundredths / 100n;
  const rest = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${rest}`;
}

const rupeesText = (paise: bigint) => `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;

/**
 * FOIR in percent with two places: (obligations + proposed EMI) / income × 100, e.g. income 1,00,000 with
 * obligations 20,000 and a proposed EMI of 25,000 is '45.00'. Income must be above 0.
 */
export function foirPercent(inputs: AffordabilityInputs): string {
  const income = paiseOf(inputs.monthlyIncome, 'monthlyIncome');
  if (income === 0n) throw new RangeError('monthlyIncome must be above 0');
  const outgoing =
    paiseOf(inputs.monthlyObligations, 'monthlyObligations') + paiseOf(inputs.proposedEmi ?? 0, 'proposedEmi');
  return ratioText(outgoing * 10_000n, income);
}

/**
 * The largest EMI a new loan may have under a FOIR cap (percent of income), in rupees with two places,
 * rounded down to the paisa (an EMI of this size keeps FOIR at or below the cap); '0.00' when the obligations
 * already reach the cap.
 */
export function emiHeadroom(inputs: Omit<AffordabilityInputs, 'proposedEmi'> & { foirCapPercent: Amount }): string {
  const income = paiseOf(inputs.monthlyIncome, 'monthlyIncome');
  const cap = paiseOf(inputs.foirCapPercent, 'foirCapPercent');
  if (cap > 10_000n) throw new RangeError(`foirCapPercent must be from 0 to 100, got ${String(inputs.foirCapPercent)}`);
  // cap is in hundredths of a percent: income × cap / 10 000 is the paise the cap allows.
  const allowed = (income * cap) / 10_000n;
  const headroom = allowed - paiseOf(inputs.monthlyObligations, 'monthlyObligations');
  return rupeesText(headroom > 0n ? headroom : 0n);
}

/** Whether the loan is affordable: its FOIR with the proposed EMI at or below the cap (percent). */
export function withinFoirCap(inputs: AffordabilityInputs & { foirCapPercent: Amount }): boolean {
  const foirHundredths = paiseOf(foirPercent(inputs), 'foir');
  return foirHundredths <= paiseOf(inputs.foirCapPercent, 'foirCapPercent');
}
