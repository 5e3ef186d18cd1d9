import Decimal from 'decimal.js';
import fc from 'fast-check';
import { amortiseInBigInts, amortiseInNumbers, emiOf, loanCost, processingFee, tenureText } from './loanCost';

describe('loanCost', () => {
  it('computes the EMI by the reducing-balance formula, in paise', () => {
    // ₹10,00,000 at 12% for 12 months: the textbook 88,848.79.
    expect(emiOf({ amount: 1_000_000, annualRatePercent: 12, tenureMonths: 12 })).toBe('88848.79');
    // ₹25,00,000 at 8.5% for 20 years.
    expect(emiOf({ amount: 2_500_000, annualRatePercent: 8.5, tenureMonths: 240 })).toBe('21695.58');
  });

  it('divides evenly without interest', () => {
    const cost = loanCost({ amount: 1200, annualRatePercent: 0, tenureMonths: 12, fees: 0 });
    expect(cost.emi).toBe('100.00');
    expect(cost.totalInterest).toBe('0.00');
    expect(cost.apr).toBe('0.00');
  });

  it('states the totals a Key Facts Statement names', () => {
    const cost = loanCost({ amount: 1_000_000, annualRatePercent: 12, tenureMonths: 12, fees: 10_000 });
    expect(cost.schedule).toHaveLength(12);
    expect(cost.schedule[0]).toEqual({
      month: 1,
      emi: '88848.79',
      interest: '10000.00',
      principal: '78848.79',
      balance: '921151.21',
    });
    expect(cost.schedule[11]?.balance).toBe('0.00');
    expect(cost.totalInterest).toBe('66185.45');
    expect(cost.totalCost).toBe('1076185.45');
    // The fees raise the yearly rate the EMIs repay the net disbursal at above the 12% charged.
    expect(Number(cost.apr)).toBeGreaterThan(13.8);
    expect(Number(cost.apr)).toBeLessThan(14.0);
  });

  it('repays exactly the principal, the last row ending at 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 2400 }),
        fc.integer({ min: 1, max: 360 }),
        (amount, rateBp, tenureMonths) => {
          const cost = loanCost({ amount, annualRatePercent: rateBp / 100, tenureMonths });
          const principal = cost.schedule.reduce((sum, row) => sum + Math.round(Number(row.principal) * 100), 0);
          const interest = cost.schedule.reduce((sum, row) => sum + Math.round(Number(row.interest) * 100), 0);
          expect(principal).toBe(amount * 100);
          expect(interest).toBe(Math.round(Number(cost.totalInterest) * 100));
          expect(cost.schedule.at(-1)?.balance).toBe('0.00');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses terms no loan has, naming the term', () => {
    expect(() => loanCost({ amount: 0, annualRatePercent: 10, tenureMonths: 12 })).toThrow(/amount/);
    expect(() => loanCost({ amount: 100, annualRatePercent: -1, tenureMonths: 12 })).toThrow(/annualRatePercent/);
    expect(() => loanCost({ amount: 100, annualRatePercent: 10, tenureMonths: 0 })).toThrow(/tenureMonths/);
    expect(() => loanCost({ amount: 100, annualRatePercent: 10, tenureMonths: 12.5 })).toThrow(/tenureMonths/);
    expect(() => loanCost({ amount: 100, annualRatePercent: 10, tenureMonths: 12, fees: 100 })).toThrow(/fees/);
  });
});

describe('tenureText', () => {
  it('says years and months', () => {
    expect(tenureText(240)).toBe('20 years');
    expect(tenureText(66)).toBe('5 years 6 months');
    expect(tenureText(13)).toBe('1 year 1 month');
    expect(tenureText(9)).toBe('9 months');
  });
});

describe('processingFee', () => {
  it('takes the percentage, caps it and adds GST on the fee', () => {
    expect(processingFee({ amount: 2_500_000, percent: 0.5, max: 10_000, gstPercent: 18 })).toBe('11800.00');
    expect(processingFee({ amount: 500_000, percent: 2, max: null, gstPercent: 18 })).toBe('11800.00');
    expect(processingFee({ amount: 123_457, percent: 1.25, gstPercent: 18 })).toBe('1820.99');
  });
});

// Published figures the arithmetic is held to. Rounding: the EMI and each month's interest to the paisa, half up;
// the last instalment repays what is left; a charge's tax to the paisa, half up; the APR to two places, half up.
describe('loanCost against published Key Facts Statements and examples', () => {
  it("RBL Bank's KFS: ₹47,000 at 21% for 24 months, processing fee ₹1,175 net of GST: EPI 2,415.14, APR 24.16%", () => {
    const cost = loanCost({
      amount: 47_000,
      annualRatePercent: 21,
      tenureMonths: 24,
      charges: [{ name: 'Processing fees', amount: 1175, taxPercent: 18 }],
    });
    // The exact EMI is 2,415.1256: half up 2,415.13, a paisa under the KFS's figure (the lender's own rounding).
    expect(Math.abs(Number(cost.emi) - 2415.14)).toBeLessThanOrEqual(0.01);
    expect(cost.schedule.at(-1)?.balance).toBe('0.00');
    expect(cost.charges).toEqual([{ name: 'Processing fees', amount: '1175.00', tax: '211.50', total: '1386.50' }]);
    expect(cost.fees).toBe('1386.50');
    expect(cost.netDisbursal).toBe('45613.50');
    // The IRR is 24.1539…% a year: 24.15 half up; the KFS shows 24.16 (rounded up by the lender).
    expect(cost.apr).toBe('24.15');
  });

  it("a lender's representative example: ₹5,00,000 at 10% for 5 years: EMI ₹10,624, interest ₹1,37,411, APR the rate", () => {
    const cost = loanCost({ amount: 500_000, annualRatePercent: 10, tenureMonths: 60 });
    expect(Math.round(Number(cost.emi))).toBe(10_624);
    expect(Math.round(Number(cost.totalInterest))).toBe(137_411);
    expect(Math.round(Number(cost.totalCost))).toBe(637_411);
    expect(cost.apr).toBe('10.00');
  });

  it('a processing fee financed with the loan: ₹1,03,540 (₹1,00,000 + ₹3,000 fee + ₹540 GST) at 16% for 12 months: EMI ₹9,394', () => {
    const cost = loanCost({ amount: 103_540, annualRatePercent: 16, tenureMonths: 12 });
    expect(Math.round(Number(cost.emi))).toBe(9394);
    expect(Math.round(Number(cost.totalInterest))).toBe(9191);
  });

  it("DMI Finance's KFS guide: ₹2,00,000 approved, ₹3,000 processing fee + GST deducted: ₹1,96,460 disbursed", () => {
    const cost = loanCost({
      amount: 200_000,
      annualRatePercent: 14,
      tenureMonths: 36,
      charges: [{ name: 'Processing fee', amount: 3000, taxPercent: 18 }],
    });
    expect(cost.netDisbursal).toBe('196460.00');
    // Charges paid up front raise the APR above the rate charged on the balance.
    expect(Number(cost.apr)).toBeGreaterThan(14);
  });

  it('adds every charge and its tax, charges without tax as they are', () => {
    const cost = loanCost({
      amount: 1_000_000,
      annualRatePercent: 12,
      tenureMonths: 12,
      charges: [
        { name: 'Processing fee', amount: '5000', taxPercent: '18' },
        { name: 'Stamp duty', amount: 1000 },
        { name: 'Valuation', amount: 0.125, taxPercent: 18 },
      ],
    });
    expect(cost.charges.map((line) => line.total)).toEqual(['5900.00', '1000.00', '0.15']);
    expect(cost.fees).toBe('6900.15');
    expect(cost.netDisbursal).toBe('993099.85');
  });

  it('refuses a charge no loan has, naming it', () => {
    const terms = { amount: 1000, annualRatePercent: 10, tenureMonths: 12 };
    expect(() => loanCost({ ...terms, charges: [{ name: 'x', amount: -1 }] })).toThrow(/charges\[0\]\.amount/);
    expect(() => loanCost({ ...terms, charges: [{ name: 'x', amount: 1, taxPercent: 101 }] })).toThrow(
      /charges\[0\]\.taxPercent/,
    );
    expect(() =>
      loanCost({
        ...terms,
        charges: [
          { name: 'x', amount: 600 },
          { name: 'y', amount: 400 },
        ],
      }),
    ).toThrow(/fees and charges/);
  });
});

describe('loanCost at the edges of its terms', () => {
  it('charges nothing at a rate too small to move the balance, and refuses less than a paisa', () => {
    expect(emiOf({ amount: 1200, annualRatePercent: '1e-300', tenureMonths: 12 })).toBe('100.00');
    expect(() => emiOf({ amount: '0.001', annualRatePercent: 10, tenureMonths: 12 })).toThrow(/amount/);
  });
});

// The schedule worked the plain way: decimal.js at 60 significant digits, the monthly interest as
// balance × rate / 1200 to the paisa half up, the APR by bisection on the present value.
const Wide = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function referenceCost(amount: string, annualRatePercent: string, tenureMonths: number, fees: string) {
  const principal = new Wide(amount);
  const rate = new Wide(annualRatePercent);
  const growth = rate.div(1200).plus(1).pow(tenureMonths);
  const emi = (
    growth.eq(1) ? principal.div(tenureMonths) : principal.mul(rate).div(1200).mul(growth).div(growth.minus(1))
  ).toDecimalPlaces(2);
  let balance = principal;
  const rows: { month: number; emi: string; interest: string; principal: string; balance: string }[] = [];
  for (let month = 1; month <= tenureMonths; month++) {
    const interest = balance.mul(rate).div(1200).toDecimalPlaces(2);
    const paid = month === tenureMonths ? balance : Wide.min(emi.minus(interest), balance);
    balance = balance.minus(paid);
    rows.push({
      month,
      emi: paid.plus(interest).toFixed(2),
      interest: interest.toFixed(2),
      principal: paid.toFixed(2),
      balance: balance.toFixed(2),
    });
  }
  const disbursed = principal.minus(fees);
  const presentValue = (monthly: InstanceType<typeof Wide>) => {
    let sum = new Wide(0);
    let discount = new Wide(1);
    for (const row of rows) {
      discount = discount.div(monthly.plus(1));
      sum = sum.plus(discount.mul(row.emi));
    }
    return sum;
  };
  // Up to 1000% a month: a one-month loan with half its amount in charges costs about 106% a month.
  let low = new Wide(0);
  let high = new Wide(10);
  for (let i = 0; i < 50; i++) {
    const mid = low.plus(high).div(2);
    if (presentValue(mid).gt(disbursed)) low = mid;
    else high = mid;
  }
  return { emi: emi.toFixed(2), rows, apr: low.plus(high).div(2).mul(1200) };
}

describe('loanCost against a plain high-precision reference', () => {
  it('draws every row of the schedule to the paisa the reference does, over principals, rates and tenures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000_000 }),
        fc.oneof(
          fc.integer({ min: 0, max: 3600 }).map((bp) => (bp / 100).toFixed(2)),
          fc.integer({ min: 1, max: 36_000_000 }).map((micro) => (micro / 1_000_000).toFixed(6)),
          fc.constantFrom('8.5', '10.125', '8.33', '12', '21', '36', '99.99'),
        ),
        fc.integer({ min: 1, max: 360 }),
        (paise, annualRatePercent, tenureMonths) => {
          const amount = (paise / 100).toFixed(2);
          const cost = loanCost({ amount, annualRatePercent, tenureMonths });
          const reference = referenceCost(amount, annualRatePercent, tenureMonths, '0');
          expect(cost.emi).toBe(reference.emi);
          expect(cost.schedule).toEqual(reference.rows);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('states the APR the reference does to two places, with and without charges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 3600 }),
        fc.integer({ min: 1, max: 360 }),
        fc.integer({ min: 0, max: 500 }),
        (rupees, rateBp, tenureMonths, feePermille) => {
          const amount = String(rupees);
          const annualRatePercent = (rateBp / 100).toFixed(2);
          const fee = Math.floor((rupees * feePermille) / 1000);
          const cost = loanCost({ amount, annualRatePercent, tenureMonths, charges: [{ name: 'Fee', amount: fee }] });
          const reference = referenceCost(amount, annualRatePercent, tenureMonths, cost.fees);
          // Both within 1e-9 % of the root; two places agree unless the root sits on a half hundredth.
          expect(Math.abs(Number(cost.apr) - reference.apr.toNumber())).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(cost.apr).toBe(reference.apr.toFixed(2));
        },
      ),
      { numRuns: 10 },
    );
  });

  it('finds an APR beyond 100% a month: half the amount in charges, repaid with a month of interest', () => {
    const cost = loanCost({
      amount: 1_000_000,
      annualRatePercent: 36,
      tenureMonths: 1,
      charges: [{ name: 'Fee', amount: 500_000 }],
    });
    // 10,30,000 repaid a month after 5,00,000 reached the borrower: 106% a month.
    expect(cost.apr).toBe('1272.00');
    expect(cost.apr).toBe(referenceCost('1000000', '36', 1, cost.fees).apr.toFixed(2));
  });

  it('keeps sub-paisa principals exact and rounds only what it shows', () => {
    const cost = loanCost({ amount: '1000.005', annualRatePercent: '12', tenureMonths: 3 });
    expect(cost.schedule).toEqual(referenceCost('1000.005', '12', 3, '0').rows);
  });
});

describe('the schedule in doubles', () => {
  /** A schedule's inputs as loanCost builds them: amount and rate with their places, the EMI near the formula's. */
  const schedules = fc
    .record({
      units: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 2n ** 62n })),
      rateUnits: fc.bigInt({ min: 0n, max: 100_000_000n }),
      ratePlaces: fc.integer({ min: 0, max: 6 }),
      finerPlaces: fc.integer({ min: 0, max: 3 }),
      n: fc.integer({ min: 1, max: 600 }),
      // The EMI the formula gives, or off it either way (an EMI below the interest grows the balance).
      emiScale: fc.oneof(fc.constant(1), fc.double({ min: 0.5, max: 2, noNaN: true })),
    })
    .map(({ units, rateUnits, ratePlaces, finerPlaces, n, emiScale }) => {
      const perPaisa = 10n ** BigInt(finerPlaces);
      const denominator = 1200n * 10n ** BigInt(ratePlaces) * perPaisa;
      const monthly = Number(rateUnits) / Number(denominator / perPaisa);
      // monthly / (1 - (1+monthly)^-n): the annuity formula in a form that cannot overflow to Infinity.
      const shrink = (1 + monthly) ** -n;
      const formula = monthly === 0 || shrink === 1 ? 1 / n : monthly / (1 - shrink);
      const emi = BigInt(Math.max(1, Math.round(Number(units) * formula * emiScale)));
      return { balance: units, emi, numerator: rateUnits * 2n, denominator, perPaisa, n };
    });

  it('draws the rows and interest the bigints do whenever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(schedules, (terms) => {
        const inNumbers = amortiseInNumbers(terms);
        if (inNumbers === null) return;
        answered += 1;
        expect(inNumbers).toEqual(amortiseInBigInts(terms));
      }),
      { numRuns: 400 },
    );
    // Both ways taken: a few hundred runs always hold loans within 2^53 and loans past it.
    expect(answered).toBeGreaterThan(40);
    expect(answered).toBeLessThan(400);
  });

  it('rounds a half paisa of interest up, as the bigints do', () => {
    // ₹1.50 at 12% a year: 1.5 paise of interest in the first month, 2 charged.
    const terms = { balance: 150n, emi: 76n, numerator: 24n, denominator: 1200n, perPaisa: 1n, n: 2 };
    const expected = [
      { emi: 76, interest: 2, principal: 74, balance: 76 },
      { emi: 77, interest: 1, principal: 76, balance: 0 },
    ];
    expect(amortiseInNumbers(terms)?.rows).toEqual(expected);
    expect(amortiseInBigInts(terms).rows).toEqual(expected);
  });

  it('answers for loans up to ₹100 crore at a rate with two places (₹1 crore with four), and declines past 2^53', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 4),
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.integer({ min: 0, max: 360_000 }),
        fc.integer({ min: 1, max: 600 }),
        (ratePlaces, anyPaise, anyRate, n) => {
          const paise = ratePlaces === 2 ? anyPaise : 1 + (anyPaise % 1_000_000_000);
          const rateUnits = ratePlaces === 2 ? anyRate % 3_601 : anyRate;
          const amount = (paise / 100).toFixed(2);
          const annualRatePercent = (rateUnits / 10 ** ratePlaces).toFixed(ratePlaces);
          const cost = loanCost({ amount, annualRatePercent, tenureMonths: n });
          const terms = {
            balance: BigInt(paise),
            emi: BigInt(cost.emi.replace('.', '')),
            numerator: BigInt(rateUnits) * 2n,
            denominator: 1200n * 10n ** BigInt(ratePlaces),
            perPaisa: 1n,
            n,
          };
          expect(amortiseInNumbers(terms)).toEqual(amortiseInBigInts(terms));
          expect(cost.schedulePaise).toEqual(amortiseInBigInts(terms).rows);
        },
      ),
      { numRuns: 60 },
    );
    const beyond = {
      balance: 2n ** 50n,
      emi: 2n ** 45n,
      numerator: 1_700n,
      denominator: 120_000n,
      perPaisa: 1n,
      n: 360,
    };
    expect(amortiseInNumbers(beyond)).toBeNull();
    expect(amortiseInBigInts(beyond).rows).toHaveLength(360);
  });
});
