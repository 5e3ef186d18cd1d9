// The reviewer's credit summary as staff read it (the server's GET credit-summary): each figure's words, its
// source and time in the bank's zone, and what the header and the approve dialog show of it.
import { type CreditFigure, type CreditSummaryAnswer, formatBankDateTime, formatCurrency } from '@originate/contract';
import { rupees } from './amounts';

export const NOT_YET = 'Not yet available';

/** The figure as a reviewer reads it: '₹45,00,000 (45 lakh)', '240 months', '34.03%', or why it is not there yet. */
export function figureText(figure: CreditFigure): string {
  const { value } = figure;
  if (value === null) return `${NOT_YET}: ${figure.missing ?? 'no value'}`;
  switch (figure.unit) {
    case 'INR':
      // The EMI to the paisa (what the schedule charges); the other amounts in whole rupees.
      return figure.key === 'emi' ? formatCurrency(value) : rupees(value);
    case 'MONTHS':
      return `${value} months${value % 12 === 0 ? ` (${value / 12} years)` : ''}`;
    case 'PERCENT':
      return `${value.toFixed(2)}%`;
    case 'SCORE':
      return String(value);
  }
}

const SOURCE_WORDS: Record<NonNullable<CreditFigure['source']>['kind'], string> = {
  FORM: 'Form',
  CALCULATION: 'Calculated',
  INTEGRATION: 'Integration',
  DECISION: 'Decision table',
  DOCUMENTS: 'Documents',
};

/** Where a figure came from and when: 'Integration · CIBIL bureau adapter, report R-1 · 07/12/2026 14:05:00 IST'. */
export function sourceText(source: CreditFigure['source']): string {
  if (!source) return '—';
  const at = source.at ? ` · ${formatBankDateTime(source.at)}` : '';
  return `${SOURCE_WORDS[source.kind]} · ${source.detail}${at}`;
}

/** The cap beside FOIR and LTV: 'cap 50% (Credit decision configuration v1): within', or null. */
export function capText(figure: CreditFigure): string | null {
  if (!figure.cap) return null;
  const verdict = figure.withinCap === null ? '' : figure.withinCap ? ': within' : ': above the cap';
  return `cap ${figure.cap.percent}% (${figure.cap.source})${verdict}`;
}

/** The figures the header and the approve dialog show, in this order. */
const KEY_FIGURES: readonly CreditFigure['key'][] = [
  'loanAmount',
  'tenureMonths',
  'emi',
  'monthlyIncome',
  'monthlyObligations',
  'foirPercent',
  'ltvPercent',
  'bureauScore',
];

/** The figures the Credit panel's affordability shows: what FOIR is made of, and FOIR. */
const AFFORDABILITY_FIGURES: readonly CreditFigure['key'][] = [
  'monthlyIncome',
  'monthlyObligations',
  'emi',
  'foirPercent',
];

const figuresOf = (summary: CreditSummaryAnswer, keys: readonly CreditFigure['key'][]) =>
  keys.flatMap((key) => summary.figures.filter((f) => f.key === key));

export const keyFigures = (summary: CreditSummaryAnswer) => figuresOf(summary, KEY_FIGURES);
export const affordabilityFigures = (summary: CreditSummaryAnswer) => figuresOf(summary, AFFORDABILITY_FIGURES);

/** The documents' state in a line: 'All 4 required documents received' or '2 of 4 required documents not received'. */
export function documentsText(summary: CreditSummaryAnswer): string {
  const required = summary.documents.items.filter((d) => d.required).length;
  if (required === 0) return 'No required documents';
  const missing = summary.documents.requiredMissing;
  return missing === 0
    ? `All ${required} required documents received`
    : `${missing} of ${required} required documents not received`;
}

/** The decision's outcome and deviations in a line, or why there is none to show. */
export function deviationsText(summary: CreditSummaryAnswer): string {
  const { decision } = summary;
  if (decision.missing) return `${NOT_YET}: ${decision.missing}`;
  const deviations =
    decision.deviations.length === 0
      ? 'no deviations'
      : decision.deviations.map((d) => `${d.code} (${d.approvalLevel})`).join(', ');
  return `${decision.outcome}; ${deviations}`;
}
