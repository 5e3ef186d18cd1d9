// What a product's decision tables read: the loan and the applicant from the application (under the field keys
// its decision document names), the latest bureau report and bank-statement analysis (modules/integrations).
import type { BankStatementAnalysis, BureauReport, DecisionDocument, DecisionInputs } from '@originate/contract';
import type { IntegrationResult } from '../integrations';

const SIX_MONTHS_MS = 183 * 24 * 3_600_000;

/** A form value as a number (the flows keep amounts as text); null when it is none. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}

/** Whole years from a DD/MM/YYYY (spec §5's date format) or ISO date of birth to `now`; null when it is neither. */
function ageOn(dob: unknown, now: Date): number | null {
  if (typeof dob !== 'string') return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob) ?? /^(\d{4})-(\d{2})-(\d{2})/.exec(dob);
  if (!match) return null;
  const [day, month, year] = dob.includes('/')
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : [Number(match[3]), Number(match[2]), Number(match[1])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}

interface DecisionSubject {
  loanAmount: number;
  customFields: Record<string, unknown>;
}

/** The latest results the tables read (modules/integrations' latestIntegrationResults), null when never fetched. */
interface DecisionResults {
  bureau: IntegrationResult | null;
  bankStatement: IntegrationResult | null;
}

/** The inputs before pricing: the rate, EMI and FOIR are filled once the pricing table has given a rate. */
export function decisionInputs(
  subject: DecisionSubject,
  document: DecisionDocument,
  { bureau, bankStatement: bank }: DecisionResults,
  now: Date,
): DecisionInputs {
  const fields = subject.customFields;
  const { fields: keys } = document;
  const months = keys.tenureMonths ? numberOf(fields[keys.tenureMonths]) : null;
  const years = keys.tenureYears ? numberOf(fields[keys.tenureYears]) : null;
  const tenure = months ?? (years === null ? null : years * 12);
  const employment = keys.employmentType ? fields[keys.employmentType] : null;
  const report = bureau?.result as BureauReport | undefined;
  const analysis = bank?.result as BankStatementAnalysis | undefined;
  const recent = (date: string) => now.getTime() - Date.parse(date) <= SIX_MONTHS_MS;
  return {
    loan: {
      amount: subject.loanAmount,
      tenureMonths: tenure !== null && Number.isInteger(tenure) && tenure >= 1 && tenure <= 600 ? tenure : null,
      annualRatePercent: null,
      emi: null,
    },
    applicant: {
      age: keys.dob ? ageOn(fields[keys.dob], now) : null,
      monthlyIncome: numberOf(fields[keys.monthlyIncome]),
      employmentType: typeof employment === 'string' && employment !== '' ? employment : null,
    },
    bureau: {
      available: report !== undefined,
      score: report?.score ?? null,
      monthlyObligations: report?.obligations.monthlyTotal ?? 0,
      enquiries6m: report?.enquiries.filter((e) => recent(e.date)).length ?? 0,
      activeAccounts: report?.accounts.filter((a) => a.status === 'ACTIVE').length ?? 0,
      maxDpd12m: Math.max(0, ...(report?.accounts.flatMap((a) => a.dpd.slice(0, 12)) ?? [])),
      callId: bureau?.callId ?? null,
    },
    bank: {
      available: analysis !== undefined,
      averageMonthlySalary: analysis?.averageMonthlySalary ?? null,
      bounces: analysis?.bounces.length ?? 0,
      callId: bank?.callId ?? null,
    },
    foirPercent: null,
    foirCapPercent: document.foirCapPercent,
  };
}
