import fc from 'fast-check';
import { emiHeadroom, foirPercent, withinFoirCap } from './affordability';

describe('foirPercent', () => {
  it('is obligations and the proposed EMI over income, in percent with two places', () => {
    expect(foirPercent({ monthlyIncome: 100_000, monthlyObligations: 20_000, proposedEmi: 25_000 })).toBe('45.00');
    expect(foirPercent({ monthlyIncome: '85000', monthlyObligations: '12345.67' })).toBe('14.52');
    expect(foirPercent({ monthlyIncome: 30_000, monthlyObligations: 0 })).toBe('0.00');
    // 10 000 / 30 000 = 33.333…; 20 000 / 30 000 = 66.666… rounds half up to 66.67.
    expect(foirPercent({ monthlyIncome: 30_000, monthlyObligations: 10_000 })).toBe('33.33');
    expect(foirPercent({ monthlyIncome: 30_000, monthlyObligations: 20_000 })).toBe('66.67');
    // Above 100% when the EMIs exceed the income.
    expect(foirPercent({ monthlyIncome: 10_000, monthlyObligations: 9_000, proposedEmi: 6_000 })).toBe('150.00');
  });

  it('takes amounts to the paisa, half up, with no binary-float error', () => {
    expect(foirPercent({ monthlyIncome: 0.3, monthlyObligations: 0.1, proposedEmi: 0.2 })).toBe('100.00');
    expect(foirPercent({ monthlyIncome: '200', monthlyObligations: '0.005' })).toBe('0.01');
  });

  it('refuses an income of 0 and amounts that are not rupees, naming the input', () => {
    expect(() => foirPercent({ monthlyIncome: 0, monthlyObligations: 10 })).toThrow(/monthlyIncome/);
    expect(() => foirPercent({ monthlyIncome: 100, monthlyObligations: -1 })).toThrow(/monthlyObligations/);
    expect(() => foirPercent({ monthlyIncome: 100, monthlyObligations: 1, proposedEmi: Number.NaN })).toThrow(
      /proposedEmi/,
    );
    expect(() => foirPercent({ monthlyIncome: '1e5', monthlyObligations: 1 })).toThrow(/monthlyIncome/);
  });
});

describe('emiHeadroom and withinFoirCap', () => {
  it('gives the largest EMI under the cap, rounded down to the paisa', () => {
    expect(emiHeadroom({ monthlyIncome: 100_000, monthlyObligations: 20_000, foirCapPercent: 50 })).toBe('30000.00');
    expect(emiHeadroom({ monthlyIncome: 33_333.33, monthlyObligations: 0, foirCapPercent: 55 })).toBe('18333.33');
    expect(emiHeadroom({ monthlyIncome: 40_000, monthlyObligations: 25_000, foirCapPercent: 50 })).toBe('0.00');
  });

  it('agrees with withinFoirCap: a loan with the headroom EMI is within the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1_000, max: 8_000 }),
        (income, obligations, capHundredths) => {
          const foirCapPercent = (capHundredths / 100).toFixed(2);
          const headroom = emiHeadroom({ monthlyIncome: income, monthlyObligations: obligations, foirCapPercent });
          if (headroom === '0.00') return;
          expect(
            withinFoirCap({
              monthlyIncome: income,
              monthlyObligations: obligations,
              proposedEmi: headroom,
              foirCapPercent,
            }),
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
