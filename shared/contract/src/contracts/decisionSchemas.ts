// Loan arithmetic, credit decisions and the utilities of spec §7 "Others" on the wire (mock-server README
// "Calculations, decisions and utilities"): the loan calculator (rules/loanCost.ts), the net financing figures
// with affordability (rules/affordability.ts), the products' decision tables (the @gorules/zen-engine
// decision-table format), the decisions taken, XML to JSON and the envelope decryption.
import Type, { type Static } from 'typebox';
import { Code, closed, Id, IsoDateTime, Nullable } from './primitives';

/** Spec §9: an amount has at most 10 integer digits; an interest rate at most 99.99. */
const Principal = Type.Number({ exclusiveMinimum: 0, maximum: 9_999_999_999.99 });
const RatePercent = Type.Number({ minimum: 0, maximum: 99.99 });
const Percent = Type.Number({ minimum: 0, maximum: 100 });
const Rupees = Type.Number({ minimum: 0, maximum: 9_999_999_999.99 });
/** An amount the server answers: rupees with two decimals. */
const Money = Type.Number();

const ChargeSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    /** Rupees, before tax. */
    amount: Rupees,
    /** Tax on the charge in percent (GST 18); none when left out. */
    taxPercent: Type.Optional(Percent),
  },
  closed,
);

const loanTerms = {
  principal: Principal,
  annualRatePercent: RatePercent,
  /** Up to 50 years. */
  tenureMonths: Type.Integer({ minimum: 1, maximum: 600 }),
  charges: Type.Optional(Type.Array(ChargeSchema, { maxItems: 20 })),
};

/** POST /calculations/calculate. */
export const CalculateBodySchema = Type.Object(loanTerms, closed);
export type CalculateBody = Static<typeof CalculateBodySchema>;

const ChargeLineSchema = Type.Object({ name: Type.String(), amount: Money, tax: Money, total: Money }, closed);

const loanFigures = {
  principal: Money,
  annualRatePercent: Type.Number(),
  tenureMonths: Type.Integer(),
  emi: Money,
  totalInterest: Money,
  charges: Type.Array(ChargeLineSchema),
  /** Every charge and its tax, paid up front. */
  totalCharges: Money,
  /** The principal less the charges: what reaches the borrower. */
  netDisbursal: Money,
  /** Principal, interest and charges. */
  totalAmountPayable: Money,
  /** Percent, two places: the RBI KFS annual percentage rate on the net disbursal. */
  apr: Type.Number(),
  /** How amounts were rounded. */
  rounding: Type.String(),
};

const ScheduleRowSchema = Type.Object(
  {
    instalment: Type.Integer(),
    openingBalance: Money,
    emi: Money,
    interest: Money,
    principal: Money,
    closingBalance: Money,
  },
  closed,
);

export const CalculateAnswerSchema = Type.Object({ ...loanFigures, schedule: Type.Array(ScheduleRowSchema) }, closed);
export type CalculateAnswer = Static<typeof CalculateAnswerSchema>;

/** POST /net_per_fin_config/net_financing_calculation: the loan's terms and, for affordability, the income. */
export const NetFinancingBodySchema = Type.Object(
  {
    ...loanTerms,
    monthlyIncome: Type.Optional(Rupees),
    /** EMIs already running (the bureau report's obligations); 0 when left out. */
    monthlyObligations: Type.Optional(Rupees),
    /** The FOIR the product allows, percent; 50 when left out. */
    foirCapPercent: Type.Optional(Percent),
  },
  closed,
);
export type NetFinancingBody = Static<typeof NetFinancingBodySchema>;

export const NetFinancingAnswerSchema = Type.Object(
  {
    ...loanFigures,
    /** Null without a monthly income. */
    affordability: Nullable(
      Type.Object(
        {
          monthlyIncome: Money,
          monthlyObligations: Money,
          foirCapPercent: Type.Number(),
          /** With this loan's EMI. */
          foirPercent: Type.Number(),
          /** The largest EMI the cap leaves room for. */
          emiHeadroom: Money,
          withinCap: Type.Boolean(),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type NetFinancingAnswer = Static<typeof NetFinancingAnswerSchema>;

// Decision tables in the zen-engine format: columns with ids, rules keyed by column id (an empty cell matches
// anything), hit policy first (the first row that matches) or collect (every row that matches).
const ColumnId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
/** A dotted path into the decision's inputs (loan.amount, bureau.score) or an output name. */
const FieldPath = Type.String({
  minLength: 1,
  maxLength: 80,
  pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$',
});
const Column = Type.Object(
  { id: ColumnId, name: Type.String({ minLength: 1, maxLength: 80 }), field: FieldPath },
  closed,
);

const DecisionTableSchema = Type.Object(
  {
    hitPolicy: Type.Union([Type.Literal('first'), Type.Literal('collect')]),
    inputs: Type.Array(Column, { minItems: 1, maxItems: 20 }),
    outputs: Type.Array(Column, { minItems: 1, maxItems: 10 }),
    /** `_id` names the row (kept with each decision it fires in); the other keys are column ids. */
    rules: Type.Array(
      Type.Record(Type.String({ pattern: '^(_id|[A-Za-z][A-Za-z0-9_]*)$' }), Type.String({ maxLength: 500 })),
      { maxItems: 200 },
    ),
  },
  closed,
);
export type DecisionTable = Static<typeof DecisionTableSchema>;

/**
 * A loan-to-value band: loans up to `upToAmount` rupees (null: any amount above the previous band) may be at most
 * `maxPercent` of the property's value. A product's bands ascend by amount; only the last may be open.
 */
const LtvBandSchema = Type.Object({ upToAmount: Nullable(Principal), maxPercent: Percent }, closed);
export type LtvBand = Static<typeof LtvBandSchema>;

/**
 * A product's decision (e.g. HL / credit): where the application keeps the figures it reads, the FOIR cap, and
 * its three tables. Pricing (hit policy first) gives `riskGrade` and `annualRatePercent` by score band; then
 * eligibility (collect: each row that fires is a `reason` with the `outcome` DECLINE or REFER) and deviations
 * (collect: `code`, `reason`, `approvalLevel`, the name of a level of the product's approval matrix).
 */
const DecisionDocumentSchema = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 500 })),
    /** The application's field keys (customFields) of the applicant's figures. */
    fields: Type.Object(
      {
        monthlyIncome: Code,
        tenureMonths: Type.Optional(Code),
        tenureYears: Type.Optional(Code),
        dob: Type.Optional(Code),
        employmentType: Type.Optional(Code),
      },
      closed,
    ),
    foirCapPercent: Percent,
    /** The LTV caps by loan amount (a product lending against property); versions saved before them have none. */
    ltvCaps: Type.Optional(Type.Array(LtvBandSchema, { minItems: 1, maxItems: 10 })),
    pricing: DecisionTableSchema,
    eligibility: DecisionTableSchema,
    deviations: DecisionTableSchema,
  },
  closed,
);
export type DecisionDocument = Static<typeof DecisionDocumentSchema>;

export const DecisionConfigParamsSchema = Type.Object({ product: Code }, closed);
export const DecisionConfigQuerySchema = Type.Object(
  { name: Type.Optional(Code), verNum: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })) },
  closed,
);
/** POST: the document and the version it was read at (409 when another was saved since); 0 for the first. */
export const DecisionConfigBodySchema = Type.Object(
  { name: Code, verNum: Type.Integer({ minimum: 0, maximum: 100000 }), document: DecisionDocumentSchema },
  closed,
);
export type DecisionConfigBody = Static<typeof DecisionConfigBodySchema>;

export const DecisionConfigAnswerSchema = Type.Object(
  {
    product: Type.String(),
    name: Type.String(),
    verNum: Type.Integer(),
    document: DecisionDocumentSchema,
    createdBy: Type.String(),
    createdAt: IsoDateTime,
    /** Every version's number, newest first. */
    versions: Type.Array(Type.Integer()),
  },
  closed,
);
export type DecisionConfigAnswer = Static<typeof DecisionConfigAnswerSchema>;

export const DecisionVersionsQuerySchema = Type.Object({ name: Type.Optional(Code) }, closed);
/** Every version, newest first: who saved it (userid and name; 'system' for the seeded ones) and when. */
export const DecisionVersionsAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        { verNum: Type.Integer(), createdBy: Type.String(), createdByName: Type.String(), createdAt: IsoDateTime },
        closed,
      ),
    ),
  },
  closed,
);
export type DecisionVersionsAnswer = Static<typeof DecisionVersionsAnswerSchema>;

export const DecisionExecuteParamsSchema = Type.Object({ product: Code, name: Code }, closed);
export const DecisionExecuteQuerySchema = Type.Object({ application_id: Id }, closed);
export const ApplicationDecisionsParamsSchema = Type.Object({ applicationId: Id }, closed);

const DeviationSchema = Type.Object(
  {
    code: Type.String(),
    reason: Type.String(),
    /** The approval matrix's level name, and its number: the approval starts there. */
    approvalLevel: Type.String(),
    level: Type.Integer(),
  },
  closed,
);

/** The row that fired, per table: its `_id` and its index (0-based). */
const FiredRowSchema = Type.Object(
  {
    table: Type.Union([Type.Literal('pricing'), Type.Literal('eligibility'), Type.Literal('deviations')]),
    rowId: Type.String(),
    index: Type.Integer(),
  },
  closed,
);

/** What the tables read, as the decision stored it. */
export const DecisionInputsSchema = Type.Object(
  {
    loan: Type.Object(
      {
        amount: Type.Number(),
        tenureMonths: Nullable(Type.Integer()),
        annualRatePercent: Nullable(Type.Number()),
        emi: Nullable(Type.Number()),
      },
      closed,
    ),
    applicant: Type.Object(
      {
        age: Nullable(Type.Integer()),
        monthlyIncome: Nullable(Type.Number()),
        employmentType: Nullable(Type.String()),
      },
      closed,
    ),
    bureau: Type.Object(
      {
        available: Type.Boolean(),
        score: Nullable(Type.Integer()),
        monthlyObligations: Type.Number(),
        enquiries6m: Type.Integer(),
        activeAccounts: Type.Integer(),
        maxDpd12m: Type.Integer(),
        callId: Nullable(Type.String()),
      },
      closed,
    ),
    bank: Type.Object(
      {
        available: Type.Boolean(),
        averageMonthlySalary: Nullable(Type.Number()),
        bounces: Type.Integer(),
        callId: Nullable(Type.String()),
      },
      closed,
    ),
    foirPercent: Nullable(Type.Number()),
    foirCapPercent: Type.Number(),
  },
  closed,
);
export type DecisionInputs = Static<typeof DecisionInputsSchema>;

export const DecisionAnswerSchema = Type.Object(
  {
    decisionId: Type.String(),
    applicationId: Type.String(),
    product: Type.String(),
    name: Type.String(),
    verNum: Type.Integer(),
    outcome: Type.Union([Type.Literal('APPROVE'), Type.Literal('REFER'), Type.Literal('DECLINE')]),
    riskGrade: Nullable(Type.String()),
    reasons: Type.Array(Type.String()),
    pricing: Nullable(Type.Object({ riskGrade: Type.String(), annualRatePercent: Type.Number() }, closed)),
    deviations: Type.Array(DeviationSchema),
    firedRows: Type.Array(FiredRowSchema),
    inputs: DecisionInputsSchema,
    evaluatedBy: Type.String(),
    evaluatedAt: IsoDateTime,
  },
  closed,
);
export type DecisionAnswer = Static<typeof DecisionAnswerSchema>;

export const ApplicationDecisionsAnswerSchema = Type.Object({ data: Type.Array(DecisionAnswerSchema) }, closed);

/** POST /util/xmlToJSON: at most 64 KiB of XML (a bank or bureau answer is a few KiB; parsing 64 KiB takes about 10-30 ms). */
export const XmlToJsonBodySchema = Type.Object({ xml: Type.String({ minLength: 1, maxLength: 65_536 }) }, closed);
/** The document as JSON: elements as keys, attributes prefixed with '@_', text as '#text' beside attributes. */
export const XmlToJsonAnswerSchema = Type.Object({ data: Type.Unknown() }, closed);

/** POST /api/decryption: an 'iv:cipher' envelope made with the caller's own session key. */
export const DecryptionBodySchema = Type.Object(
  { decryptMsg: Type.String({ minLength: 3, maxLength: 1_000_000, pattern: '^[0-9a-fA-F]+:[0-9a-fA-F]+$' }) },
  closed,
);
export const DecryptionAnswerSchema = Type.Object({ data: Type.Unknown() }, closed);

export type DecisionTableName = 'pricing' | 'eligibility' | 'deviations';
