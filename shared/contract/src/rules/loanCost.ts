// A loan's cost as a Key Facts Statement states it (RBI's KFS: loan amount, rate, tenure, EMI, total interest,
// fees, total amount payable, annual percentage rate) and its amortisation schedule. Money in decimal.js and,
// row by row, in whole paise (bigint), exact and half up, never in binary floating point: a schedule of 360 rows
// adds up to the paisa.
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Amount = number | string;

export interface LoanTerms {
  /** Principal in rupees. */
  amount: Amount;
  /** Rate of interest, % a year (reducing balance, monthly rests). */
  annualRatePercent: Amount;
  tenureMonths: number;
  /** Processing fees and other charges paid up front, in rupees, taxes included. */
  fees?: Amount;
  /** Charges the borrower pays up front, each with the tax on it (GST, % of the charge) when there is one. */
  charges?: readonly LoanCharge[];
}

interface LoanCharge {
  name: string;
  /** Rupees, before tax. */
  amount: Amount;
  /** Tax on the charge, % of it (GST is 18 today); none when left out. */
  taxPercent?: Amount;
}

/** A charge as the Key Facts Statement lists it: rupees with two places. */
interface ChargeLine {
  name: string;
  amount: string;
  tax: string;
  total: string;
}

/** One instalment: amounts in rupees as decimal strings with two places. */
interface ScheduleRow {
  month: number;
  emi: string;
  interest: string;
  principal: string;
  balance: string;
}

/** One instalment in whole paise (numbers): rupees are these ÷ 100, the same numbers as its text read. */
interface SchedulePaise {
  emi: number;
  interest: number;
  principal: number;
  balance: number;
}

export interface LoanCost {
  amount: string;
  emi: string;
  totalInterest: string;
  fees: string;
  /** Each charge with its tax; `fees` is their total (with the terms' `fees`). */
  charges: ChargeLine[];
  /** What reaches the borrower: the amount less every charge and tax paid up front. */
  netDisbursal: string;
  /** Total amount payable: principal, interest and fees. */
  totalCost: string;
  /**
   * Annual percentage rate as RBI's KFS circular defines it: the rate (IRR on the reducing balance, monthly rate ×
   * 12) that equates the net disbursal with the instalments, in percent with two places, half up.
   */
  apr: string;
  /** The rows as text, made when first read. */
  readonly schedule: ScheduleRow[];
  /** `schedule` row by row in whole paise, for callers that compute or answer numbers: no text to read back. */
  schedulePaise: SchedulePaise[];
}

/** The longest tenure a schedule is drawn for (50 years). */
const MAX_TENURE_MONTHS = 600;

const paise = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** The checked terms, or a RangeError naming the term. */
function checked(terms: LoanTerms) {
  const amount = new D(terms.amount);
  const rate = new D(terms.annualRatePercent);
  const n = terms.tenureMonths;
  const charges = (terms.charges ?? []).map((charge, i) => chargeLine(charge, i));
  const fees = charges.reduce((sum, line) => sum.plus(line.total), new D(terms.fees ?? 0));
  if (!amount.isFinite() || amount.lt(0.01)) throw new RangeError(`amount must be at least 0.01, got ${terms.amount}`);
  if (!rate.isFinite() || rate.lt(0) || rate.gt(100)) {
    throw new RangeError(`annualRatePercent must be from 0 to 100, got ${terms.annualRatePercent}`);
  }
  if (!Number.isInteger(n) || n < 1 || n > MAX_TENURE_MONTHS) {
    throw new RangeError(`tenureMonths must be a whole number from 1 to ${MAX_TENURE_MONTHS}, got ${n}`);
  }
  if (!fees.isFinite() || fees.lt(0) || fees.gte(amount)) {
    throw new RangeError(`fees and charges must be from 0 to below the amount, got ${fees.toFixed(2)}`);
  }
  return { amount, rate, monthly: rate.div(1200), fees, charges, n };
}

/** One charge with its tax, each in paise half up; a RangeError naming the charge otherwise. */
function chargeLine(charge: LoanCharge, index: number): ChargeLine {
  const amount = new D(charge.amount);
  const taxPercent = new D(charge.taxPercent ?? 0);
  if (!amount.isFinite() || amount.lt(0)) {
    throw new RangeError(`charges[${index}].amount must be from 0, got ${charge.amount}`);
  }
  if (!taxPercent.isFinite() || taxPercent.lt(0) || taxPercent.gt(100)) {
    throw new RangeError(`charges[${index}].taxPercent must be from 0 to 100, got ${charge.taxPercent}`);
  }
  const base = paise(amount);
  const tax = paise(base.mul(taxPercent).div(100));
  return { name: charge.name, amount: base.toFixed(2), tax: tax.toFixed(2), total: base.plus(tax).toFixed(2) };
}

/** EMI = P·r·(1+r)^n / ((1+r)^n − 1) at the monthly rate r (P/n without interest), in paise. */
export function emiOf(terms: LoanTerms): string {
  const { amount, monthly, n } = checked(terms);
  return emi(amount, monthly, n).toFixed(2);
}

function emi(amount: Decimal, monthly: Decimal, n: number): Decimal {
  const growth = monthly.plus(1).pow(n);
  // A rate so small that (1 + r)^n is 1 at 40 digits charges nothing: the principal in equal parts.
  if (growth.eq(1)) return paise(amount.div(n));
  return paise(amount.mul(monthly).mul(growth).div(growth.minus(1)));
}

/** A non-negative decimal with at most `places` decimals as a whole number of 10^-places units, exactly. */
const unitsOf = (value: Decimal, places: number) => BigInt(value.toFixed(places).replace('.', ''));

/** Whole units of 10^-places (places ≥ 2) in paise, half up. */
const paiseOf = (units: bigint, perPaisa: bigint) =>
  perPaisa === 1n ? units : (units * 2n + perPaisa) / (perPaisa * 2n);

/** Whole paise as rupees, a decimal string with two places. */
function rupeesText(paise: bigint): string {
  const digits = paise.toString().padStart(3, '0');
  // One conversion, then the point placed in the digits: cheaper than dividing out rupees and paise.
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A schedule's inputs in whole units of the amount's smallest place (see loanCost). */
export interface Amortisation {
  balance: bigint;
  emi: bigint;
  numerator: bigint;
  denominator: bigint;
  perPaisa: bigint;
  n: number;
}

/** The rows in paise and the total interest in units: in doubles when every step is exact there, else in bigints. */
function amortise(terms: Amortisation): { rows: SchedulePaise[]; interestUnits: bigint } {
  return amortiseInNumbers(terms) ?? amortiseInBigInts(terms);
}

/** Month by month in bigints: exact for any loan, a heap object per operation. */
export function amortiseInBigInts(terms: Amortisation): { rows: SchedulePaise[]; interestUnits: bigint } {
  const { emi, numerator, denominator, perPaisa, n } = terms;
  let balance = terms.balance;
  let interestUnits = 0n;
  const rows: SchedulePaise[] = [];
  for (let month = 1; month <= n; month++) {
    const interest = ((balance * numerator + denominator) / (denominator * 2n)) * perPaisa;
    const due = emi - interest;
    const principal = month === n || due > balance ? balance : due;
    balance -= principal;
    interestUnits += interest;
    rows.push({
      emi: Number(paiseOf(principal + interest, perPaisa)),
      interest: Number(paiseOf(interest, perPaisa)),
      principal: Number(paiseOf(principal, perPaisa)),
      balance: Number(paiseOf(balance, perPaisa)),
    });
  }
  return { rows, interestUnits };
}

/**
 * The same months in doubles, or null when a step could leave the integers a double holds exactly. Every value is
 * then a whole number below 2^53, so sums, differences and products are exact and Math.floor of a quotient is the
 * integer quotient (a remainder of r ≥ 1 leaves the quotient at least 1/d below the next integer, more than half
 * its spacing while the dividend is below 2^53). The balance only falls while an instalment covers its interest;
 * should one not, the bigints take over. A home loan's 360 rows without a heap object per operation.
 */
export function amortiseInNumbers(terms: Amortisation): { rows: SchedulePaise[]; interestUnits: bigint } | null {
  const balanceAtStart = Number(terms.balance);
  const emi = Number(terms.emi);
  const numerator = Number(terms.numerator);
  const denominator = Number(terms.denominator);
  const perPaisa = Number(terms.perPaisa);
  const { n } = terms;
  const exact = [
    balanceAtStart * numerator + denominator,
    denominator * 2,
    (balanceAtStart + emi) * 2 + perPaisa,
    emi * 2 * n + perPaisa,
  ].every(Number.isSafeInteger);
  if (!exact) return null;
  const half = perPaisa * 2;
  const inPaise =
    perPaisa === 1 ? (units: number) => units : (units: number) => Math.floor((units * 2 + perPaisa) / half);
  let balance = balanceAtStart;
  let interestUnits = 0;
  const rows: SchedulePaise[] = new Array(n);
  for (let month = 1; month <= n; month++) {
    const interest = Math.floor((balance * numerator + denominator) / (denominator * 2)) * perPaisa;
    const due = emi - interest;
    if (due < 0) return null;
    const principal = month === n || due > balance ? balance : due;
    balance -= principal;
    interestUnits += interest;
    rows[month - 1] = {
      emi: inPaise(principal + interest),
      interest: inPaise(interest),
      principal: inPaise(principal),
      balance: inPaise(balance),
    };
  }
  return { rows, interestUnits: BigInt(interestUnits) };
}

/**
 * The loan's cost and schedule: each month's interest on the balance (in paise), the rest of the EMI repays
 * principal; the last instalment repays what is left, so the balance ends at exactly 0.
 *
 * The rows are worked in whole integers (bigint), not decimal.js: the balance in units of the amount's smallest
 * place (paise, or finer when the amount is given finer), the monthly rate as the exact fraction
 * rate / (1200 · 10^places of the rate). A month's interest is then balance · numerator / denominator rounded
 * half up by integer division, exact for every balance, rate and tenure: no significant digit is ever dropped,
 * so no rounding drift can build up over the rows.
 */
export function loanCost(terms: LoanTerms): LoanCost {
  const { amount, rate, monthly, fees, charges, n } = checked(terms);
  const instalment = emi(amount, monthly, n);
  const places = Math.max(2, amount.decimalPlaces());
  const perPaisa = 10n ** BigInt(places - 2);
  const ratePlaces = rate.decimalPlaces();
  // interest in paise = balance (units) · rate / (1200 · 10^ratePlaces · perPaisa), half up: (2·x + d) / (2·d).
  const numerator = unitsOf(rate, ratePlaces) * 2n;
  const denominator = 1200n * 10n ** BigInt(ratePlaces) * perPaisa;
  const { rows: schedulePaise, interestUnits } = amortise({
    balance: unitsOf(amount, places),
    emi: unitsOf(instalment, places),
    numerator,
    denominator,
    perPaisa,
    n,
  });
  // The rows as text only when read (the calculator answers numbers), from the exact paise: whole paise are exact
  // in a double far beyond any loan.
  let schedule: ScheduleRow[] | undefined;
  const scheduleText = () =>
    schedulePaise.map((row, i) => ({
      month: i + 1,
      emi: rupeesText(BigInt(row.emi)),
      interest: rupeesText(BigInt(row.interest)),
      principal: rupeesText(BigInt(row.principal)),
      balance: rupeesText(BigInt(row.balance)),
    }));
  const totalInterest = new D(rupeesText(paiseOf(interestUnits, perPaisa)));
  return {
    amount: amount.toFixed(2),
    emi: instalment.toFixed(2),
    totalInterest: totalInterest.toFixed(2),
    fees: fees.toFixed(2),
    charges,
    netDisbursal: amount.minus(fees).toFixed(2),
    totalCost: amount.plus(totalInterest).plus(fees).toFixed(2),
    apr: new D(
      annualPercentageRate(
        amount.minus(fees).toNumber(),
        // x / 100 is the double nearest x paise in rupees: the very number the row's text reads as.
        schedulePaise.map((row) => row.emi / 100),
        monthly.toNumber(),
      ),
    ).toFixed(2),
    get schedule() {
      schedule ??= scheduleText();
      return schedule;
    },
    schedulePaise,
  };
}

/**
 * The yearly rate (monthly rate × 12, in %) at which the instalments' present value equals what was disbursed,
 * to 1e-12 on the monthly rate (a rate, not money, shown to two places: floating point is enough here; the
 * amounts it discounts are the schedule's exact paise). Newton's method with the analytic derivative, from the
 * rate charged on the balance: the present value falls and is convex in the rate, so from any start each step
 * lands at or below the root and the steps then climb to it, a handful of passes, with no ceiling on the rate
 * (a month's loan with half its amount in charges costs over 100% a month).
 */
function annualPercentageRate(disbursed: number, instalments: readonly number[], charged: number): number {
  let rate = charged;
  for (let i = 0; i < 100; i++) {
    let value = 0;
    let slope = 0;
    let discount = 1;
    const factor = 1 / (1 + rate);
    for (let k = 0; k < instalments.length; k++) {
      discount *= factor;
      const present = (instalments[k] ?? 0) * discount;
      value += present;
      slope -= (k + 1) * present * factor;
    }
    const step = (value - disbursed) / slope;
    rate = Math.max(rate - step, 0);
    if (Math.abs(step) <= 1e-12) break;
  }
  return rate * 1200;
}

/** 240 → '20 years', 66 → '5 years 6 months', 18 → '1 year 6 months', 9 → '9 months'. */
export function tenureText(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (years === 0) return part(rest, 'month');
  return rest === 0 ? part(years, 'year') : `${part(years, 'year')} ${part(rest, 'month')}`;
}

/**
 * A processing fee as Indian lenders charge it: a percentage of the amount, capped at `max` when there is a cap,
 * plus GST on the fee (18% today), in paise.
 */
export function processingFee(terms: {
  amount: Amount;
  percent: Amount;
  max?: Amount | null;
  gstPercent: Amount;
}): string {
  const base = new D(terms.amount).mul(terms.percent).div(100);
  const capped = terms.max === undefined || terms.max === null ? base : Decimal.min(base, new D(terms.max));
  return paise(capped.mul(new D(terms.gstPercent).div(100).plus(1))).toFixed(2);
}
