import { ApiError } from '@originate/contract';
import { bounceSummary, fetchFailure, scoreBand, worstDpd } from './credit';

describe('credit panel rules', () => {
  it('names score bands at 750, 700 and 650', () => {
    expect([800, 750, 749, 700, 699, 650, 649, 300].map((s) => scoreBand(s).label)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Poor',
      'Poor',
    ]);
  });

  it("takes an account's worst days past due", () => {
    const account = {
      lender: 'HDFC Bank',
      type: 'Personal loan',
      accountNumber: 'XXXX1234',
      sanctionedAmount: 1,
      outstanding: 1,
      emi: 1,
      status: 'ACTIVE' as const,
      openedOn: '2025-01-01',
      dpd: [0, 30, 0],
    };
    expect(worstDpd(account)).toBe(30);
    expect(worstDpd({ ...account, dpd: [] })).toBe(0);
  });

  it('sums up bounces by month', () => {
    const month = { month: '2026-01', inflows: 1, outflows: 1, averageBalance: 1, salary: 1, bounces: 0 };
    const analysis = {
      analysisId: 'A',
      bank: 'B',
      accountNumber: 'X',
      months: [month, { ...month, month: '2026-02', bounces: 2 }],
      salaryCredits: [],
      bounces: [
        { date: '2026-02-05', reason: 'r', amount: 1 },
        { date: '2026-02-09', reason: 'r', amount: 1 },
      ],
      averageMonthlySalary: 1,
    };
    expect(bounceSummary(analysis)).toBe('2 bounces in 1 month');
    expect(bounceSummary({ ...analysis, bounces: [] })).toBe('No bounces in the last 6 months');
  });

  it("says a failed fetch in the server's words", () => {
    const vendor = 'The credit bureau did not answer in time. Nothing was saved; please try again.';
    expect(fetchFailure(new ApiError(503, { code: 503, message: vendor }))).toBe(vendor);
    expect(
      fetchFailure(
        new ApiError(400, {
          code: 1101,
          message: 'Validation Failed',
          errors: [{ label: 'pan', reason: 'is missing' }],
        }),
      ),
    ).toBe('pan - is missing');
    expect(fetchFailure(new TypeError('x'))).toBe('The request failed. Please try again.');
  });
});
