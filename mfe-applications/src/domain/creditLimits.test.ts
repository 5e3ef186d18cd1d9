import { type DecisionDocument, type LtvBand, ltvBandProblems, RBI_HOUSING_LTV_CAPS } from '@originate/contract';
import {
  addBand,
  bandField,
  CREDIT_LIMITS,
  creditLimitChanges,
  creditLimitProblems,
  removeBand,
  setBand,
  setFoirCap,
} from './creditLimits';

const table = {
  hitPolicy: 'collect' as const,
  inputs: [{ id: 'foir', name: 'FOIR %', field: 'foirPercent' }],
  outputs: [{ id: 'reason', name: 'Reason', field: 'reason' }],
  rules: [],
};
const document: DecisionDocument = {
  fields: { monthlyIncome: 'monthly_income', tenureYears: 'tenure_years' },
  foirCapPercent: 50,
  ltvCaps: [...RBI_HOUSING_LTV_CAPS],
  pricing: table,
  eligibility: table,
  deviations: table,
};
const reasons = (bands: LtvBand[], foirCapPercent = 50) =>
  creditLimitProblems({ foirCapPercent, ltvCaps: bands }).map((p) => p.reason);

describe('credit limits', () => {
  it("takes the FOIR cap's range and the band count from the contract's schema", () => {
    expect(CREDIT_LIMITS.foirCap).toEqual({ min: 0, max: 100 });
    expect(CREDIT_LIMITS.maxBands).toBe(10);
    expect(CREDIT_LIMITS.amountMax).toBe(9_999_999_999.99);
  });

  it('has nothing to say about the RBI caps or no caps', () => {
    expect(creditLimitProblems(document)).toEqual([]);
    expect(creditLimitProblems({ foirCapPercent: 0 })).toEqual([]);
  });

  it('names the band and the rule: amounts rising, only the last band open-ended', () => {
    expect(
      reasons([
        { upToAmount: 3_000_000, maxPercent: 90 },
        { upToAmount: 2_000_000, maxPercent: 80 },
      ]),
    ).toEqual(["Band 2: the amount must be above band 1's ₹30,00,000.00: bands rise by amount"]);
    expect(
      reasons([
        { upToAmount: null, maxPercent: 90 },
        { upToAmount: 7_500_000, maxPercent: 80 },
      ]),
    ).toEqual(['Band 1: only the last band may be open-ended: give it the amount it goes up to']);
    // The last band may be closed too: loans above it then have no LTV cap.
    expect(reasons([{ upToAmount: 3_000_000, maxPercent: 90 }])).toEqual([]);
  });

  it("keeps a band's amount and percent and the FOIR cap within the schema", () => {
    expect(
      reasons(
        [
          { upToAmount: 0, maxPercent: 101 },
          { upToAmount: Number.NaN, maxPercent: 80 },
          { upToAmount: 10_000_000_000, maxPercent: -1 },
        ],
        100.5,
      ),
    ).toEqual([
      'The FOIR cap must be from 0 to 100%',
      'Band 1: the amount must be above ₹0.00',
      'Band 1: the max LTV must be from 0 to 100%',
      'Band 2: the amount must be a number of rupees',
      'Band 3: the amount must be at most ₹9,99,99,99,999.99',
      'Band 3: the max LTV must be from 0 to 100%',
    ]);
  });

  it("flags at least every field the server's check refuses", () => {
    const cases: LtvBand[][] = [
      [...RBI_HOUSING_LTV_CAPS],
      [
        { upToAmount: 5_000_000, maxPercent: 80 },
        { upToAmount: 5_000_000, maxPercent: 75 },
      ],
      [
        { upToAmount: null, maxPercent: 80 },
        { upToAmount: null, maxPercent: 75 },
      ],
      [
        { upToAmount: 3_000_000, maxPercent: 120 },
        { upToAmount: 1_000_000, maxPercent: 80 },
        { upToAmount: null, maxPercent: 75 },
      ],
    ];
    for (const bands of cases) {
      const ours = new Set(creditLimitProblems({ foirCapPercent: 50, ltvCaps: bands }).map((p) => p.field));
      const servers = ltvBandProblems('document.ltvCaps', bands).map((p) => p.label);
      expect([...ours].sort()).toEqual([...new Set(servers)].sort());
    }
  });

  it('adds a band before an open-ended last one, up to the schema count, and removes the last band to no caps', () => {
    const none = removeBand(removeBand(removeBand(document, 0), 0), 0);
    expect('ltvCaps' in none).toBe(false);
    const one = addBand(none);
    expect(one.ltvCaps).toEqual([{ upToAmount: null, maxPercent: 75 }]);
    const two = addBand(one);
    expect(two.ltvCaps).toEqual([
      { upToAmount: null, maxPercent: 75 },
      { upToAmount: null, maxPercent: 75 },
    ]);
    expect(creditLimitProblems(two).map((p) => p.field)).toEqual([bandField(0, 'upToAmount')]);
    expect(setBand(two, 0, { upToAmount: 5_000_000 }).ltvCaps?.[0]).toEqual({ upToAmount: 5_000_000, maxPercent: 75 });

    let full = document;
    for (let i = 0; i < 20; i++) full = addBand(full);
    expect(full.ltvCaps).toHaveLength(10);
  });

  it('lists the FOIR cap and LTV caps changed', () => {
    expect(creditLimitChanges(document, document)).toEqual([]);
    expect(creditLimitChanges(document, setFoirCap(document, 55))).toEqual(['FOIR cap 50% → 55%']);
    expect(creditLimitChanges(document, removeBand(document, 0))).toEqual([
      'LTV caps up to ₹30,00,000 (30 lakh) 90%, up to ₹75,00,000 (75 lakh) 80%, above 75% → up to ₹75,00,000 (75 lakh) 80%, above 75%',
    ]);
  });
});
