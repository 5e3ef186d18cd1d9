// What a product's decision tables may read and must give (mock-server README "Decision tables"): one list for the
// server's save check and the editor's pickers. The inputs are the leaves of DecisionInputs (modules/decisions
// inputs.ts fills them) but the two callIds: they name the vendor call for the audit and decide nothing.
import type { DecisionTableName } from './decisionSchemas';

type DecisionInputKind = 'number' | 'text' | 'yes/no';

export interface DecisionInputField {
  /** The dotted path the engine reads (a column's `field`). */
  field: string;
  /** What the editor calls it, and a new column's label. */
  label: string;
  kind: DecisionInputKind;
  /** When it may be null (a cell then tests `null`, and a comparison with null does not match). */
  nullable: boolean;
}

export const DECISION_INPUT_FIELDS: readonly DecisionInputField[] = [
  { field: 'loan.amount', label: 'Loan amount', kind: 'number', nullable: false },
  { field: 'loan.tenureMonths', label: 'Tenure in months', kind: 'number', nullable: true },
  { field: 'loan.annualRatePercent', label: 'Rate % a year (priced)', kind: 'number', nullable: true },
  { field: 'loan.emi', label: 'EMI (priced)', kind: 'number', nullable: true },
  { field: 'applicant.age', label: 'Age', kind: 'number', nullable: true },
  { field: 'applicant.monthlyIncome', label: 'Monthly income', kind: 'number', nullable: true },
  { field: 'applicant.employmentType', label: 'Employment type', kind: 'text', nullable: true },
  { field: 'bureau.available', label: 'Bureau report', kind: 'yes/no', nullable: false },
  { field: 'bureau.score', label: 'Bureau score', kind: 'number', nullable: true },
  { field: 'bureau.monthlyObligations', label: 'Monthly obligations', kind: 'number', nullable: false },
  { field: 'bureau.enquiries6m', label: 'Enquiries in 6 months', kind: 'number', nullable: false },
  { field: 'bureau.activeAccounts', label: 'Active accounts', kind: 'number', nullable: false },
  { field: 'bureau.maxDpd12m', label: 'Worst DPD in 12 months', kind: 'number', nullable: false },
  { field: 'bank.available', label: 'Bank statement analysis', kind: 'yes/no', nullable: false },
  { field: 'bank.averageMonthlySalary', label: 'Average monthly salary', kind: 'number', nullable: true },
  { field: 'bank.bounces', label: 'Cheque bounces', kind: 'number', nullable: false },
  { field: 'foirPercent', label: 'FOIR % (priced)', kind: 'number', nullable: true },
  { field: 'foirCapPercent', label: 'FOIR cap %', kind: 'number', nullable: false },
];

/** The input a field names, or undefined when the tables cannot read it. */
export const decisionInputField = (field: string): DecisionInputField | undefined =>
  DECISION_INPUT_FIELDS.find((f) => f.field === field);

/**
 * The outputs each table gives, and all it may give: the decision reads these fields and nothing else, so an
 * extra output would be kept nowhere (README "Decision tables").
 */
export const DECISION_TABLE_OUTPUTS: Readonly<Record<DecisionTableName, readonly string[]>> = {
  pricing: ['riskGrade', 'annualRatePercent'],
  eligibility: ['outcome', 'reason'],
  deviations: ['code', 'reason', 'approvalLevel'],
};
