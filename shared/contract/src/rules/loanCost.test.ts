import fc from 'fast-check';
import { emiOf, loanCost, processingFee, tenureText } from './loanCost';

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
