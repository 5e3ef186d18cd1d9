// The reviewer's credit summary (mock-server README "Credit summary"): the figures a credit decision rests on, each
// with its source and time, computed from what the server has stored. A figure that cannot be worked out is null
// with the reason (never 0): a reviewer must not approve on a FOIR that counted no obligations.
import type { CreditFigure, CreditSummaryAnswer, SummaryDocument } from '../contracts/creditSummarySchemas';
import type { LtvBand } from '../contracts/decisionSchemas';
import { foirPercent } from './affordability';

type Source = NonNullable<CreditFigure['source']>;

/** A form value with the field it was read from. */
interface FormValue {
  key: string;
  value: number;
}

export interface CreditSummaryInputs {
  application: { id: string; productCode: string; productName: string; savedAt: string | null };
  form: {
    loanAmount: FormValue | null;
    tenureMonths: FormValue | null;
    annualRatePercent: FormValue | null;
    monthlyIncome: FormValue | null;
    propertyValue: FormValue | null;
  };
  /** The EMI of the amount, rate and tenure (the contract's loan arithmetic), null when one is missing. */
  emi: number | null;
  bureau: { bureau: string; reportId: string; score: number; monthlyObligations: number; fetchedAt: string } | null;
  decision: {
    verNum: number;
    evaluatedAt: string;
    outcome: 'APPROVE' | 'REFER' | 'DECLINE';
    annualRatePercent: number | null;
    deviations: { code: string; reason: string; approvalLevel: string }[];
  } | null;
  /** The FOIR cap of the product's decision configuration, null when the product has none. */
  foirCap: { percent: number; verNum: number } | null;
  /** The LTV bands of the product's decision configuration, null when it has none. */
  ltvCaps: { bands: readonly LtvBand[]; verNum: number } | null;
  documents: { fieldKey: string; label: string; required: boolean; receivedAt: string[] }[];
  now: string;
}

/**
 * The RBI's loan-to-value caps for housing loans (Master Circular on Housing Finance): 90% up to ₹30 lakh, 80% up to
 * ₹75 lakh, 75% above. What a home loan's decision configuration starts from; the bank's versions may differ.
 */
export const RBI_HOUSING_LTV_CAPS: readonly LtvBand[] = [
  { upToAmount: 3_000_000, maxPercent: 90 },
  { upToAmount: 7_500_000, maxPercent: 80 },
  { upToAmount: null, maxPercent: 75 },
];

/** The cap of the first band the amount falls in; null when the amount is above every band. */
export function ltvCapPercent(loanAmount: number, bands: readonly LtvBand[]): number | null {
  const band = bands.find((b) => b.upToAmount === null || loanAmount <= b.upToAmount);
  return band ? band.maxPercent : null;
}

/** What is wrong with a configuration's LTV bands, each {label, reason} under `label` (e.g. document.ltvCaps). */
export function ltvBandProblems(label: string, bands: readonly LtvBand[]): { label: string; reason: string }[] {
  const problems: { label: string; reason: string }[] = [];
  bands.forEach((band, i) => {
    const at = `${label}[${i}]`;
    if (!(band.maxPercent >= 0 && band.maxPercent <= 100)) {
      problems.push({ label: `${at}.maxPercent`, reason: 'must be from 0 to 100' });
    }
    if (band.upToAmount === null) {
      if (i !== bands.length - 1)
        problems.push({ label: `${at}.upToAmount`, reason: 'only the last band may be open' });
      return;
    }
    const previous = i > 0 ? bands[i - 1]?.upToAmount : undefined;
    if (typeof previous === 'number' && band.upToAmount <= previous) {
      problems.push({
        label: `${at}.upToAmount`,
        reason: `must be above the previous band's ${previous}: bands ascend by amount`,
      });
    }
  });
  return problems;
}

/** amount / property value × 100, two places half up; null without a property value above 0. */
export function ltvPercent(loanAmount: number, propertyValue: number): number | null {
  if (!(propertyValue > 0) || !(loanAmount >= 0)) return null;
  return Math.round((loanAmount / propertyValue) * 10_000) / 100;
}

const formSource = (field: FormValue, at: string | null): Source => ({
  kind: 'FORM',
  detail: `Form field ${field.key}`,
  at,
});

const NO_CAP = { cap: null, withinCap: null } as const;

function formFigure(
  key: CreditFigure['key'],
  label: string,
  unit: CreditFigure['unit'],
  field: FormValue | null,
  at: string | null,
  missing: string,
): CreditFigure {
  return field
    ? { key, label, unit, value: field.value, missing: null, source: formSource(field, at), ...NO_CAP }
    : { key, label, unit, value: null, missing, source: null, ...NO_CAP };
}

const notYet = (key: CreditFigure['key'], label: string, unit: CreditFigure['unit'], why: string): CreditFigure => ({
  key,
  label,
  unit,
  value: null,
  missing: why,
  source: null,
  ...NO_CAP,
});

/** The rate: the form's when it has one, else the credit decision's pricing. */
function rateFigure(inputs: CreditSummaryInputs): CreditFigure {
  const { form, decision, application } = inputs;
  if (form.annualRatePercent) {
    return formFigure('annualRatePercent', 'Interest rate', 'PERCENT', form.annualRatePercent, application.savedAt, '');
  }
  if (decision?.annualRatePercent != null) {
    return {
      key: 'annualRatePercent',
      label: 'Interest rate',
      unit: 'PERCENT',
      value: decision.annualRatePercent,
      missing: null,
      source: {
        kind: 'DECISION',
        detail: `Credit decision pricing, tables v${decision.verNum}`,
        at: decision.evaluatedAt,
      },
      ...NO_CAP,
    };
  }
  return notYet('annualRatePercent', 'Interest rate', 'PERCENT', 'no rate in the form and the credit decision not run');
}

function foirFigure(inputs: CreditSummaryInputs, emi: number | null): CreditFigure {
  const { form, bureau, foirCap, now } = inputs;
  const label = 'FOIR';
  if (!form.monthlyIncome || form.monthlyIncome.value <= 0)
    return notYet('foirPercent', label, 'PERCENT', 'no monthly income in the form');
  if (!bureau) return notYet('foirPercent', label, 'PERCENT', 'bureau not fetched (obligations unknown)');
  if (emi === null) return notYet('foirPercent', label, 'PERCENT', 'EMI not yet available');
  const value = Number(
    foirPercent({
      monthlyIncome: form.monthlyIncome.value,
      monthlyObligations: bureau.monthlyObligations,
      proposedEmi: emi,
    }),
  );
  return {
    key: 'foirPercent',
    label,
    unit: 'PERCENT',
    value,
    missing: null,
    source: { kind: 'CALCULATION', detail: '(bureau obligations + proposed EMI) ÷ monthly income', at: now },
    cap: foirCap ? { percent: foirCap.percent, source: `Credit decision configuration v${foirCap.verNum}` } : null,
    withinCap: foirCap ? value <= foirCap.percent : null,
  };
}

function ltvFigure(inputs: CreditSummaryInputs): CreditFigure {
  const { form, ltvCaps, now } = inputs;
  const label = 'LTV';
  if (!form.loanAmount) return notYet('ltvPercent', label, 'PERCENT', 'no loan amount in the form');
  if (!form.propertyValue) return notYet('ltvPercent', label, 'PERCENT', 'no property value in the form');
  const value = ltvPercent(form.loanAmount.value, form.propertyValue.value);
  if (value === null) return notYet('ltvPercent', label, 'PERCENT', 'the property value is 0');
  const cap = ltvCaps ? ltvCapPercent(form.loanAmount.value, ltvCaps.bands) : null;
  return {
    key: 'ltvPercent',
    label,
    unit: 'PERCENT',
    value,
    missing: null,
    source: { kind: 'CALCULATION', detail: 'loan amount ÷ property value', at: now },
    cap:
      ltvCaps && cap !== null
        ? { percent: cap, source: `LTV band for this amount, credit decision configuration v${ltvCaps.verNum}` }
        : null,
    withinCap: cap === null ? null : value <= cap,
  };
}

/** The product's documents, required ones not yet received first, then the rest in the product's order. */
export function documentStatus(documents: CreditSummaryInputs['documents']): SummaryDocument[] {
  const rows = documents.map((d) => ({
    fieldKey: d.fieldKey,
    label: d.label,
    required: d.required,
    received: d.receivedAt.length,
    lastReceivedAt: d.receivedAt.length > 0 ? ([...d.receivedAt].sort().at(-1) ?? null) : null,
  }));
  const missingFirst = (d: SummaryDocument) => (d.required && d.received === 0 ? 0 : 1);
  return rows
    .map((d, i) => ({ d, i }))
    .sort((a, b) => missingFirst(a.d) - missingFirst(b.d) || a.i - b.i)
    .map((x) => x.d);
}

/** The summary a reviewer reads and an approver approves. */
export function creditSummary(inputs: CreditSummaryInputs): CreditSummaryAnswer {
  const { application, form, bureau, decision, now } = inputs;
  const at = application.savedAt;
  const rate = rateFigure(inputs);
  const emiMissing = !form.loanAmount
    ? 'no loan amount in the form'
    : !form.tenureMonths
      ? 'no tenure in the form'
      : rate.value === null
        ? 'no interest rate yet'
        : 'the terms give no EMI';
  const emi: CreditFigure =
    inputs.emi === null
      ? notYet('emi', 'EMI', 'INR', emiMissing)
      : {
          key: 'emi',
          label: 'EMI',
          unit: 'INR',
          value: inputs.emi,
          missing: null,
          source: { kind: 'CALCULATION', detail: 'Loan arithmetic on amount, rate and tenure', at: now },
          ...NO_CAP,
        };
  const bureauSource = (b: NonNullable<typeof bureau>): Source => ({
    kind: 'INTEGRATION',
    detail: `${b.bureau} bureau adapter, report ${b.reportId}`,
    at: b.fetchedAt,
  });
  const figures: CreditFigure[] = [
    formFigure('loanAmount', 'Loan amount', 'INR', form.loanAmount, at, 'no loan amount in the form'),
    formFigure('tenureMonths', 'Tenure', 'MONTHS', form.tenureMonths, at, 'no tenure in the form'),
    rate,
    emi,
    formFigure('monthlyIncome', 'Monthly income', 'INR', form.monthlyIncome, at, 'no monthly income in the form'),
    bureau
      ? {
          key: 'monthlyObligations',
          label: 'Obligations a month',
          unit: 'INR',
          value: bureau.monthlyObligations,
          missing: null,
          source: bureauSource(bureau),
          ...NO_CAP,
        }
      : notYet('monthlyObligations', 'Obligations a month', 'INR', 'bureau not fetched'),
    foirFigure(inputs, inputs.emi),
    formFigure('propertyValue', 'Property value', 'INR', form.propertyValue, at, 'no property value in the form'),
    ltvFigure(inputs),
    bureau
      ? {
          key: 'bureauScore',
          label: 'Bureau score',
          unit: 'SCORE',
          value: bureau.score,
          missing: null,
          source: bureauSource(bureau),
          ...NO_CAP,
        }
      : notYet('bureauScore', 'Bureau score', 'SCORE', 'bureau not fetched'),
  ];
  const items = documentStatus(inputs.documents);
  const latestDoc =
    items
      .map((d) => d.lastReceivedAt)
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? null;
  return {
    application_id: application.id,
    product_code: application.productCode,
    product_name: application.productName,
    assembledAt: now,
    figures,
    decision: decision
      ? {
          outcome: decision.outcome,
          deviations: decision.deviations,
          missing: null,
          source: { kind: 'DECISION', detail: `Credit decision tables v${decision.verNum}`, at: decision.evaluatedAt },
        }
      : { outcome: null, deviations: [], missing: 'credit decision not run', source: null },
    documents: {
      items,
      requiredMissing: items.filter((d) => d.required && d.received === 0).length,
      source: {
        kind: 'DOCUMENTS',
        detail: "The product's upload fields and the application's documents",
        at: latestDoc,
      },
    },
  };
}
