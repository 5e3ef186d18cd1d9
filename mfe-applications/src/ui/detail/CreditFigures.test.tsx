import type { ApplicationIntegrationsAnswer, CreditFigure, CreditSummaryAnswer } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { detailApi } from '../../api/detail';
import { integrationsApi } from '../../api/integrations';
import { application } from '../../test/fixtures';
import { CreditSection } from './Credit';
import { FigureRow } from './CreditFigures';
import { SummaryTab } from './Summary';

jest.mock('../../api/detail', () => ({ detailApi: { creditSummary: jest.fn(), record: jest.fn() } }));
jest.mock('../../api/integrations', () => ({ integrationsApi: { kept: jest.fn(), decisions: jest.fn() } }));
const details = detailApi as jest.Mocked<typeof detailApi>;
const integrations = integrationsApi as jest.Mocked<typeof integrationsApi>;

const AT = '2026-12-07T08:35:00.000Z';

const figure = (over: Partial<CreditFigure> & Pick<CreditFigure, 'key' | 'label' | 'unit'>): CreditFigure => ({
  value: null,
  missing: null,
  source: null,
  cap: null,
  withinCap: null,
  ...over,
});

/** Before the bureau: income and EMI known, obligations and FOIR not yet available. */
const SUMMARY: CreditSummaryAnswer = {
  application_id: 'HL-2026-000007',
  product_code: 'HL',
  product_name: 'Home Loan',
  assembledAt: AT,
  figures: [
    figure({
      key: 'monthlyIncome',
      label: 'Monthly income',
      unit: 'INR',
      value: 150_000,
      source: { kind: 'FORM', detail: 'Form field monthly_income', at: AT },
    }),
    figure({
      key: 'emi',
      label: 'EMI',
      unit: 'INR',
      value: 39_052.2,
      source: { kind: 'CALCULATION', detail: 'Loan arithmetic on amount, rate and tenure', at: AT },
    }),
    figure({ key: 'monthlyObligations', label: 'Obligations a month', unit: 'INR', missing: 'bureau not fetched' }),
    figure({
      key: 'foirPercent',
      label: 'FOIR',
      unit: 'PERCENT',
      missing: 'bureau not fetched (obligations unknown)',
    }),
  ],
  decision: { outcome: null, deviations: [], missing: 'credit decision not run', source: null },
  documents: { items: [], requiredMissing: 0, source: { kind: 'DOCUMENTS', detail: 'Upload fields', at: null } },
};

/** No bureau report kept yet. */
const KEPT: ApplicationIntegrationsAnswer = {
  bureau: null,
  bankStatement: null,
  affordability: { monthlyIncome: 150_000, monthlyObligations: 0, proposedEmi: 39_052.2, foirPercent: null },
} as ApplicationIntegrationsAnswer;

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

beforeEach(() => {
  jest.clearAllMocks();
  details.creditSummary.mockResolvedValue(SUMMARY);
  details.record.mockResolvedValue(application());
  integrations.kept.mockResolvedValue(KEPT);
  integrations.decisions.mockResolvedValue([]);
});

describe('FigureRow', () => {
  it('shows the value with its cap verdict, the cap and where it came from', () => {
    const foir = figure({
      key: 'foirPercent',
      label: 'FOIR',
      unit: 'PERCENT',
      value: 34.03,
      source: { kind: 'CALCULATION', detail: '(bureau obligations + proposed EMI) ÷ monthly income', at: null },
      cap: { percent: 50, source: 'Credit decision configuration v2' },
      withinCap: true,
    });
    render(
      <table>
        <tbody>
          <FigureRow figure={foir} testId="row" />
        </tbody>
      </table>,
    );
    const row = screen.getByTestId('row');
    expect(within(row).getByRole('rowheader').textContent).toContain('FOIR');
    expect(screen.getByTestId('row-value').textContent).toContain('34.03% (within cap)');
    expect(row.textContent).toContain('cap 50% (Credit decision configuration v2): within');
    expect(row.textContent).toContain('Calculated · (bureau obligations + proposed EMI) ÷ monthly income');
  });

  it('says a figure is not yet available and why, never 0', () => {
    render(
      <table>
        <tbody>
          <FigureRow
            figure={figure({ key: 'bureauScore', label: 'Bureau score', unit: 'SCORE', missing: 'bureau not fetched' })}
            testId="row"
          />
        </tbody>
      </table>,
    );
    expect(screen.getByTestId('row-value').textContent).toContain('Not yet available: bureau not fetched');
    expect(screen.getByTestId('row').textContent).not.toContain('0');
  });
});

describe('the Credit panel and the Summary tab', () => {
  it('show the same affordability rows, from the credit summary', async () => {
    wrap(
      <>
        <CreditSection applicationId="HL-2026-000007" />
        <SummaryTab applicationId="HL-2026-000007" />
      </>,
    );
    const credit = await screen.findByTestId('credit-foirPercent');
    const summary = await screen.findByTestId('summary-foirPercent');
    expect(credit.textContent).toContain('Not yet available: bureau not fetched (obligations unknown)');
    expect(credit.textContent).toBe(summary.textContent);
    for (const key of ['monthlyIncome', 'monthlyObligations', 'emi']) {
      expect(screen.getByTestId(`credit-${key}`).textContent).toBe(screen.getByTestId(`summary-${key}`).textContent);
    }
    expect(screen.getByRole('region', { name: 'Affordability figures' }).textContent).toContain('Obligations a month');
  });
});
