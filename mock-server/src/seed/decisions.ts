// The demo bank's credit decision per product (version 1 of decision 'credit'): pricing by bureau score band,
// eligibility (declines and referrals) and deviations routed to the product's approval levels. Demo data: the
// levels are the demo matrices' (approval-matrices.ts), so a production install seeds none.
import { type DecisionDocument, type DecisionTable, RBI_HOUSING_LTV_CAPS } from '@originate/contract';
import type { Queryable } from '../db';
import { seedDecisionTables } from '../modules/decisions';

/** [score band, grade, rate %] best first; a score below the last band gets no price (referred). */
type Band = readonly [string, string, number];

const pricing = (bands: readonly Band[]): DecisionTable => ({
  hitPolicy: 'first',
  inputs: [
    { id: 'bureau', name: 'Bureau report', field: 'bureau.available' },
    { id: 'score', name: 'Bureau score', field: 'bureau.score' },
  ],
  outputs: [
    { id: 'grade', name: 'Risk grade', field: 'riskGrade' },
    { id: 'rate', name: 'Rate % a year', field: 'annualRatePercent' },
  ],
  rules: bands.map(([band, grade, rate], i) => ({
    _id: `band-${i + 1}`,
    bureau: 'true',
    score: band,
    grade: `"${grade}"`,
    rate: String(rate),
  })),
});

const eligibility = (minimum: { age: number; maxAge: number; score: number; foir: number }): DecisionTable => ({
  hitPolicy: 'collect',
  inputs: [
    { id: 'bureau', name: 'Bureau report', field: 'bureau.available' },
    { id: 'score', name: 'Bureau score', field: 'bureau.score' },
    { id: 'dpd', name: 'Worst DPD in 12 months', field: 'bureau.maxDpd12m' },
    { id: 'age', name: 'Age', field: 'applicant.age' },
    { id: 'income', name: 'Monthly income', field: 'applicant.monthlyIncome' },
    { id: 'foir', name: 'FOIR %', field: 'foirPercent' },
  ],
  outputs: [
    { id: 'outcome', name: 'Outcome', field: 'outcome' },
    { id: 'reason', name: 'Reason', field: 'reason' },
  ],
  rules: [
    {
      _id: 'no-bureau',
      bureau: 'false',
      outcome: '"REFER"',
      reason: '"No bureau report yet: fetch it before deciding"',
    },
    {
      _id: 'low-score',
      score: `< ${minimum.score}`,
      outcome: '"DECLINE"',
      reason: `"Bureau score below ${minimum.score}"`,
    },
    {
      _id: 'dpd-90',
      dpd: '> 90',
      outcome: '"DECLINE"',
      reason: '"A loan more than 90 days past due in the last 12 months"',
    },
    {
      _id: 'too-young',
      age: `< ${minimum.age}`,
      outcome: '"DECLINE"',
      reason: `"Applicant younger than ${minimum.age}"`,
    },
    {
      _id: 'too-old',
      age: `> ${minimum.maxAge}`,
      outcome: '"DECLINE"',
      reason: `"Applicant older than ${minimum.maxAge}"`,
    },
    { _id: 'no-income', income: 'null', outcome: '"REFER"', reason: '"No monthly income on the application"' },
    {
      _id: 'foir-over',
      foir: `> ${minimum.foir}`,
      outcome: '"DECLINE"',
      reason: `"FOIR above ${minimum.foir}%: the EMIs would exceed what the income carries"`,
    },
  ],
});

const deviations = (foirCap: number, foirMax: number, amountAbove: number, amountLevel: string): DecisionTable => ({
  hitPolicy: 'collect',
  inputs: [
    { id: 'foir', name: 'FOIR %', field: 'foirPercent' },
    { id: 'enquiries', name: 'Enquiries in 6 months', field: 'bureau.enquiries6m' },
    { id: 'bounces', name: 'Cheque bounces', field: 'bank.bounces' },
    { id: 'amount', name: 'Loan amount', field: 'loan.amount' },
  ],
  outputs: [
    { id: 'code', name: 'Code', field: 'code' },
    { id: 'reason', name: 'Reason', field: 'reason' },
    { id: 'level', name: 'Approval level', field: 'approvalLevel' },
  ],
  rules: [
    {
      _id: 'foir-above-cap',
      foir: `(${foirCap}..${foirMax}]`,
      code: '"FOIR_ABOVE_CAP"',
      reason: `"FOIR above the ${foirCap}% cap"`,
      level: '"Regional Credit Head"',
    },
    {
      _id: 'enquiries',
      enquiries: '> 3',
      code: '"BUREAU_ENQUIRIES"',
      reason: '"More than 3 bureau enquiries in 6 months"',
      level: '"Branch Credit Manager"',
    },
    {
      _id: 'bounces',
      bounces: '> 2',
      code: '"CHEQUE_BOUNCES"',
      reason: '"More than 2 cheque or mandate bounces on the salary account"',
      level: '"Regional Credit Head"',
    },
    {
      _id: 'large-loan',
      amount: `> ${amountAbove}`,
      code: '"LARGE_LOAN"',
      reason: `"Loan above ₹${amountAbove.toLocaleString('en-IN')}"`,
      level: `"${amountLevel}"`,
    },
  ],
});

const DEMO_DECISIONS: Readonly<Record<'HL' | 'PL' | 'CL', DecisionDocument>> = {
  HL: {
    description: 'Home loan credit policy: price by bureau score, FOIR up to 50% (65% with the region), age 21 to 65',
    fields: {
      monthlyIncome: 'monthly_income',
      tenureYears: 'tenure_years',
      dob: 'dob',
      employmentType: 'employment_type',
    },
    foirCapPercent: 50,
    ltvCaps: [...RBI_HOUSING_LTV_CAPS],
    pricing: pricing([
      ['>= 800', 'A', 8.4],
      ['[750..800)', 'B', 8.9],
      ['[700..750)', 'C', 9.5],
      ['[650..700)', 'D', 10.25],
    ]),
    eligibility: eligibility({ age: 21, maxAge: 65, score: 650, foir: 65 }),
    deviations: deviations(50, 65, 7_500_000, 'Credit Committee'),
  },
  PL: {
    description:
      'Personal loan credit policy: price by bureau score, FOIR up to 50% (60% with the region), age 21 to 60',
    fields: { monthlyIncome: 'pl_monthly_income', tenureMonths: 'pl_tenure_months', dob: 'pl_dob' },
    foirCapPercent: 50,
    pricing: pricing([
      ['>= 800', 'A', 10.5],
      ['[750..800)', 'B', 12],
      ['[700..750)', 'C', 14],
    ]),
    eligibility: eligibility({ age: 21, maxAge: 60, score: 700, foir: 60 }),
    deviations: deviations(50, 60, 1_500_000, 'Regional Credit Head'),
  },
  CL: {
    description: 'Car loan credit policy: price by bureau score, FOIR up to 55% (65% with the region), age 21 to 65',
    fields: {
      monthlyIncome: 'cl_monthly_income',
      tenureMonths: 'cl_tenure_months',
      dob: 'cl_dob',
      employmentType: 'cl_employment_type',
    },
    foirCapPercent: 55,
    pricing: pricing([
      ['>= 780', 'A', 8.9],
      ['[720..780)', 'B', 9.75],
      ['[680..720)', 'C', 11],
    ]),
    eligibility: eligibility({ age: 21, maxAge: 65, score: 680, foir: 65 }),
    deviations: deviations(55, 65, 1_500_000, 'Regional Credit Head'),
  },
};

export async function seedDecisions(db: Queryable, now: Date): Promise<void> {
  for (const [product, document] of Object.entries(DEMO_DECISIONS)) {
    await seedDecisionTables(db, product, 'credit', document, now);
  }
}
