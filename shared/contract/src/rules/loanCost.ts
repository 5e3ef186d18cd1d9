// A loan's cost as a Key Facts Statement states it (RBI's KFS: loan amount, rate, tenure, EMI, total interest,
// fees, total amount payable, annual percentage rate) and its amortisation schedule. Money in decimal.js
// (exact paise, half up), never in binary floating point: a schedule of 360 rows adds up to the paisa.
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
  schedule: ScheduleRow[];
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
  return { amount, monthly: rate.div(1200), fees, charges, n };
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

/**
 * The loan's cost and schedule: each month's interest on the balance (in paise), the rest of the EMI repays
 * principal; the last instalment repays what is left, so the balance ends at exactly 0.
 */
export function loanCost(terms: LoanTerms): LoanCost {
  const { amount, monthly, fees, charges, n } = checked(terms);
  const instalment = emi(amount, monthly, n);
  const schedule: ScheduleRow[] = [];
  let balance = amount;
  let totalInterest = new D(0);
  for (let month = 1; month <= n; month++) {
    const interest = paise(balance.mul(monthly));
    const principal = month === n ? balance : Decimal.min(instalment.minus(interest), balance);
    balance = balance.minus(principal);
    totalInterest = totalInterest.plus(interest);
    schedule.push({
      month,
      emi: principal.plus(interest).toFixed(2),
      interest: interest.toFixed(2),
      principal: principal.toFixed(2),
      balance: balance.toFixed(2),
    });
  }
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
        schedule.map((row) => Number(row.emi)),
      ),
    ).toFixed(2),
    schedule,
  };
}

/**
 * The yearly rate (monthly rate × 12, in %) at which the instalments' present value equals what was disbursed:
 * bisection on the monthly rate to 1e-12 (a rate, not money, shown to two places: floating point is enough
 * here; the amounts it discounts are the schedule's exact paise).
 */
function annualPercentageRate(disbursed: number, instalments: readonly number[]): number {
  const presentValue = (rate: number) => {
    let value = 0;
    let discount = 1;
    for (const instalment of instalments) {
      discount /= 1 + rate;
      value += instalment * discount;
    }
    return value;
  };
  let low = 0;
  let high = 1;
  for (let i = 0; i < 100 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > disbursed) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * 1200;
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
