// The Credit panel's pure rules: how a bureau score and a decision are named to staff, and what a
// failed fetch says.
import { ApiError, type BankStatementAnalysis, type BureauReport } from '@originate/contract';

/** The score's band, as Indian bureaus present it (CIBIL: 750 and above is what most lenders look for). */
export function scoreBand(score: number): { label: string; tone: 'success' | 'info' | 'warning' | 'error' } {
  if (score >= 750) return { label: 'Excellent', tone: 'success' };
  if (score >= 700) return { label: 'Good', tone: 'info' };
  if (score >= 650) return { label: 'Fair', tone: 'warning' };
  return { label: 'Poor', tone: 'error' };
}

/** The worst days-past-due of an account's last months (0: always paid on time). */
export const worstDpd = (account: BureauReport['accounts'][number]) => Math.max(0, ...account.dpd);

/** Months of the analysis with at least one bounce, and the bounces in all. */
export function bounceSummary(analysis: BankStatementAnalysis): string {
  const months = analysis.months.filter((m) => m.bounces > 0).length;
  if (analysis.bounces.length === 0) return 'No bounces in the last 6 months';
  return `${analysis.bounces.length} bounce${analysis.bounces.length === 1 ? '' : 's'} in ${months} month${months === 1 ? '' : 's'}`;
}

/** What a failed fetch says: the server's message (a vendor's failure says to try again), else a general one. */
export function fetchFailure(error: unknown): string {
  if (error instanceof ApiError && error.items.length > 0) return error.items.join('; ');
  if (error instanceof ApiError && error.message) return error.message;
  return 'The request failed. Please try again.';
}

export const OUTCOME_TONES = { APPROVE: 'success', REFER: 'warning', DECLINE: 'error' } as const;
