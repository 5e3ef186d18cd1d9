import type { CreditFigure, CreditSummaryAnswer } from '@originate/contract';
import { capText, deviationsText, documentsText, figureText, keyFigures, sourceText } from './summary';

const figure = (over: Partial<CreditFigure>): CreditFigure => ({
  key: 'loanAmount',
  label: 'Loan amount',
  unit: 'INR',
  value: 4_500_000,
  missing: null,
  source: { kind: 'FORM', detail: 'Form field loan_amount', at: '2026-12-07T08:35:00.000Z' },
  cap: null,
  withinCap: null,
  ...over,
});

const summary = (over: Partial<CreditSummaryAnswer> = {}): CreditSummaryAnswer => ({
  application_id: 'HL-1',
  product_code: 'HL',
  product_name: 'Home Loan',
  assembledAt: '2026-12-07T09:00:00.000Z',
  figures: [figure({}), figure({ key: 'propertyValue', label: 'Property value' })],
  decision: { outcome: null, deviations: [], missing: 'credit decision not run', source: null },
  documents: {
    items: [
      { fieldKey: 'salary_slips', label: 'Salary slips', required: true, received: 0, lastReceivedAt: null },
      { fieldKey: 'id_document', label: 'PAN card', required: true, received: 1, lastReceivedAt: null },
    ],
    requiredMissing: 1,
    source: { kind: 'DOCUMENTS', detail: 'x', at: null },
  },
  ...over,
});

describe('credit summary words', () => {
  it('writes money in Indian grouping, the EMI to the paisa, tenure in months and years, percentages', () => {
    expect(figureText(figure({}))).toBe('₹45,00,000 (45 lakh)');
    expect(figureText(figure({ key: 'emi', value: 39052.2 }))).toBe('₹39,052.20');
    expect(figureText(figure({ key: 'tenureMonths', unit: 'MONTHS', value: 240 }))).toBe('240 months (20 years)');
    expect(figureText(figure({ key: 'foirPercent', unit: 'PERCENT', value: 34.5 }))).toBe('34.50%');
  });

  it('a missing figure says it is not yet available and why, never 0', () => {
    expect(figureText(figure({ value: null, missing: 'bureau not fetched', source: null }))).toBe(
      'Not yet available: bureau not fetched',
    );
  });

  it('names the source and its time in IST, and the cap with the verdict', () => {
    expect(sourceText(figure({}).source)).toBe('Form · Form field loan_amount · 07/12/2026 14:05:00 IST');
    expect(sourceText(null)).toBe('—');
    const foir = figure({ cap: { percent: 50, source: 'Credit decision configuration v1' }, withinCap: false });
    expect(capText(foir)).toBe('cap 50% (Credit decision configuration v1): above the cap');
    expect(capText(figure({}))).toBeNull();
  });

  it('picks the key figures in order, sums up documents and deviations', () => {
    expect(keyFigures(summary()).map((f) => f.key)).toEqual(['loanAmount']);
    expect(documentsText(summary())).toBe('1 of 2 required documents not received');
    expect(deviationsText(summary())).toBe('Not yet available: credit decision not run');
    const decided = summary({
      decision: {
        outcome: 'REFER',
        deviations: [{ code: 'FOIR_ABOVE_CAP', reason: 'FOIR above the cap', approvalLevel: 'Credit manager' }],
        missing: null,
        source: null,
      },
    });
    expect(deviationsText(decided)).toBe('REFER; FOIR_ABOVE_CAP (Credit manager)');
  });
});
