import {
  type CreditSummaryInputs,
  creditSummary,
  documentStatus,
  ltvBandProblems,
  ltvCapPercent,
  ltvPercent,
  RBI_HOUSING_LTV_CAPS,
} from './creditSummary';

const SAVED = '2026-12-07T08:35:00.000Z';
const NOW = '2026-12-07T09:00:00.000Z';

const inputs = (over: Partial<CreditSummaryInputs> = {}): CreditSummaryInputs => ({
  application: { id: 'HL-2026-000001', productCode: 'HL', productName: 'Home Loan', savedAt: SAVED },
  form: {
    loanAmount: { key: 'loan_amount', value: 4_500_000 },
    tenureMonths: { key: 'tenure_years', value: 240 },
    annualRatePercent: { key: 'interest_rate', value: 8.5 },
    monthlyIncome: { key: 'monthly_income', value: 150_000 },
    propertyValue: { key: 'property_value', value: 6_500_000 },
  },
  emi: 39_052.2,
  bureau: { bureau: 'CIBIL', reportId: 'R-1', score: 782, monthlyObligations: 12_000, fetchedAt: NOW },
  decision: null,
  foirCap: { percent: 50, verNum: 2 },
  ltvCaps: { bands: RBI_HOUSING_LTV_CAPS, verNum: 2 },
  documents: [],
  now: NOW,
  ...over,
});

const figure = (answer: ReturnType<typeof creditSummary>, key: string) => {
  const found = answer.figures.find((f) => f.key === key);
  if (!found) throw new Error(`no figure ${key}`);
  return found;
};

describe('creditSummary', () => {
  it('FOIR is (obligations + EMI) / income, held to the configured cap', () => {
    const foir = figure(creditSummary(inputs()), 'foirPercent');
    // (12,000 + 39,052.20) / 1,50,000 = 34.03%
    expect(foir.value).toBe(34.03);
    expect(foir.cap).toEqual({ percent: 50, source: 'Credit decision configuration v2' });
    expect(foir.withinCap).toBe(true);
    expect(foir.source?.kind).toBe('CALCULATION');
  });

  it('FOIR over the cap is flagged; no cap configured gives no verdict', () => {
    const over = figure(creditSummary(inputs({ foirCap: { percent: 30, verNum: 1 } })), 'foirPercent');
    expect(over.withinCap).toBe(false);
    const none = figure(creditSummary(inputs({ foirCap: null })), 'foirPercent');
    expect(none.cap).toBeNull();
    expect(none.withinCap).toBeNull();
  });

  it("LTV is amount / property value against the configuration's band for the amount", () => {
    const ltv = figure(creditSummary(inputs()), 'ltvPercent');
    expect(ltv.value).toBe(69.23);
    expect(ltv.cap).toEqual({ percent: 80, source: 'LTV band for this amount, credit decision configuration v2' });
    expect(ltv.withinCap).toBe(true);
    expect(ltvPercent(100, 0)).toBeNull();
    const rbi = [3_000_000, 3_000_001, 7_500_000, 7_500_001].map((a) => ltvCapPercent(a, RBI_HOUSING_LTV_CAPS));
    expect(rbi).toEqual([90, 80, 80, 75]);
  });

  it("LTV follows the bank's own bands; without bands, or above the last closed one, there is no cap", () => {
    const strict = { bands: [{ upToAmount: null, maxPercent: 60 }], verNum: 3 };
    const over = figure(creditSummary(inputs({ ltvCaps: strict })), 'ltvPercent');
    expect(over.cap?.percent).toBe(60);
    expect(over.withinCap).toBe(false);
    const none = figure(creditSummary(inputs({ ltvCaps: null })), 'ltvPercent');
    expect(none).toMatchObject({ value: 69.23, cap: null, withinCap: null });
    expect(ltvCapPercent(5_000_000, [{ upToAmount: 3_000_000, maxPercent: 90 }])).toBeNull();
  });

  it('LTV bands must ascend by amount, be open only last and cap at 0 to 100%', () => {
    expect(ltvBandProblems('document.ltvCaps', RBI_HOUSING_LTV_CAPS)).toEqual([]);
    expect(
      ltvBandProblems('document.ltvCaps', [
        { upToAmount: 7_500_000, maxPercent: 80 },
        { upToAmount: 3_000_000, maxPercent: 90 },
        { upToAmount: null, maxPercent: 75 },
      ]),
    ).toEqual([
      {
        label: 'document.ltvCaps[1].upToAmount',
        reason: "must be above the previous band's 7500000: bands ascend by amount",
      },
    ]);
    expect(
      ltvBandProblems('b', [
        { upToAmount: null, maxPercent: 101 },
        { upToAmount: 100, maxPercent: -1 },
      ]).map((p) => p.label),
    ).toEqual(['b[0].maxPercent', 'b[0].upToAmount', 'b[1].maxPercent']);
  });

  it('without the bureau: obligations, score and FOIR are missing with the reason, never 0', () => {
    const answer = creditSummary(inputs({ bureau: null }));
    for (const key of ['monthlyObligations', 'bureauScore']) {
      expect(figure(answer, key)).toMatchObject({ value: null, missing: 'bureau not fetched', source: null });
    }
    expect(figure(answer, 'foirPercent')).toMatchObject({
      value: null,
      missing: 'bureau not fetched (obligations unknown)',
    });
  });

  it('missing form inputs say which: no property value, no income, no EMI without a rate', () => {
    const answer = creditSummary(
      inputs({
        form: { ...inputs().form, propertyValue: null, monthlyIncome: null, annualRatePercent: null },
        emi: null,
      }),
    );
    expect(figure(answer, 'ltvPercent').missing).toBe('no property value in the form');
    expect(figure(answer, 'foirPercent').missing).toBe('no monthly income in the form');
    expect(figure(answer, 'annualRatePercent').missing).toBe('no rate in the form and the credit decision not run');
    expect(figure(answer, 'emi').missing).toBe('no interest rate yet');
  });

  it('names each figure’s source and time: form field at the save, bureau adapter at the fetch', () => {
    const answer = creditSummary(inputs());
    expect(figure(answer, 'loanAmount').source).toEqual({ kind: 'FORM', detail: 'Form field loan_amount', at: SAVED });
    expect(figure(answer, 'bureauScore').source).toEqual({
      kind: 'INTEGRATION',
      detail: 'CIBIL bureau adapter, report R-1',
      at: NOW,
    });
  });

  it('the rate comes from the decision’s pricing when the form has none, and the decision’s deviations are listed', () => {
    const decision = {
      verNum: 3,
      evaluatedAt: NOW,
      outcome: 'REFER' as const,
      annualRatePercent: 9.1,
      deviations: [{ code: 'FOIR_ABOVE_CAP', reason: 'FOIR above the 50% cap', approvalLevel: 'Credit manager' }],
    };
    const answer = creditSummary(inputs({ form: { ...inputs().form, annualRatePercent: null }, decision }));
    expect(figure(answer, 'annualRatePercent')).toMatchObject({ value: 9.1, source: { kind: 'DECISION' } });
    expect(answer.decision).toMatchObject({ outcome: 'REFER', deviations: decision.deviations, missing: null });
    expect(creditSummary(inputs()).decision).toMatchObject({ outcome: null, missing: 'credit decision not run' });
  });
});

describe('documentStatus', () => {
  it('lists the required documents not yet received first, then the rest in the product’s order', () => {
    const rows = documentStatus([
      { fieldKey: 'id_document', label: 'PAN card', required: true, receivedAt: ['2026-12-01T10:00:00.000Z'] },
      { fieldKey: 'photo', label: 'Photo', required: false, receivedAt: [] },
      { fieldKey: 'salary_slips', label: 'Last 3 salary slips', required: true, receivedAt: [] },
      {
        fieldKey: 'bank_statements',
        label: 'Bank statements',
        required: true,
        receivedAt: ['2026-12-01T10:00:00.000Z', '2026-12-03T10:00:00.000Z'],
      },
    ]);
    expect(rows.map((r) => r.fieldKey)).toEqual(['salary_slips', 'id_document', 'photo', 'bank_statements']);
    expect(rows[3]).toMatchObject({ received: 2, lastReceivedAt: '2026-12-03T10:00:00.000Z' });
  });
});
