// Vendor integrations on the wire (mock-server README "Integrations"): the bodies of the integration routes and
// their answers, and the results kept per application (bureau report, bank-statement analysis, identity check).
import Type, { type Static } from 'typebox';
import { closed, Id, IsoDateTime, Nullable } from './primitives';

const Rupees = Type.Number({ minimum: 0, maximum: 1e13 });
const ShortText = Type.String({ minLength: 1, maxLength: 200 });
const Month = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' });
const IsoDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

/** One credit facility on the bureau report. */
const BureauAccountSchema = Type.Object(
  {
    lender: ShortText,
    type: ShortText,
    /** Masked: the last four characters only. */
    accountNumber: ShortText,
    sanctionedAmount: Rupees,
    outstanding: Rupees,
    emi: Rupees,
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('CLOSED')]),
    openedOn: IsoDate,
    /** Days past due of the last 12 months, newest first. */
    dpd: Type.Array(Type.Integer({ minimum: 0, maximum: 999 }), { maxItems: 36 }),
  },
  closed,
);

export const BureauReportSchema = Type.Object(
  {
    bureau: ShortText,
    reportId: ShortText,
    score: Type.Integer({ minimum: 300, maximum: 900 }),
    accounts: Type.Array(BureauAccountSchema, { maxItems: 100 }),
    obligations: Type.Object(
      {
        monthlyTotal: Rupees,
        items: Type.Array(Type.Object({ lender: ShortText, type: ShortText, emi: Rupees }, closed), { maxItems: 100 }),
      },
      closed,
    ),
    enquiries: Type.Array(
      Type.Object({ date: IsoDate, lender: ShortText, purpose: ShortText, amount: Rupees }, closed),
      {
        maxItems: 100,
      },
    ),
  },
  closed,
);
export type BureauReport = Static<typeof BureauReportSchema>;

export const BankStatementAnalysisSchema = Type.Object(
  {
    analysisId: ShortText,
    bank: ShortText,
    accountNumber: ShortText,
    months: Type.Array(
      Type.Object(
        {
          month: Month,
          inflows: Rupees,
          outflows: Rupees,
          averageBalance: Type.Number(),
          salary: Rupees,
          bounces: Type.Integer({ minimum: 0 }),
        },
        closed,
      ),
      { maxItems: 24 },
    ),
    salaryCredits: Type.Array(Type.Object({ date: IsoDate, employer: ShortText, amount: Rupees }, closed), {
      maxItems: 48,
    }),
    bounces: Type.Array(Type.Object({ date: IsoDate, reason: ShortText, amount: Rupees }, closed), { maxItems: 48 }),
    averageMonthlySalary: Rupees,
  },
  closed,
);
export type BankStatementAnalysis = Static<typeof BankStatementAnalysisSchema>;

const IdentityCheckSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('PAN'), Type.Literal('AADHAAR')]),
    /** The number as stored: masked (PAN XXXXX1234X, Aadhaar XXXX XXXX 1234). */
    numberMasked: ShortText,
    /** The number passes its format and check-digit rules. */
    valid: Type.Boolean(),
    /** The issuer knows the number (the vendor's answer; false when it was not asked: invalid number). */
    verified: Type.Boolean(),
    /** The issuer's name for the number agrees with the applicant's (null when no name was given). */
    nameMatch: Nullable(Type.Boolean()),
    holderType: Nullable(ShortText),
    reason: Nullable(ShortText),
  },
  closed,
);
export type IdentityCheck = Static<typeof IdentityCheckSchema>;

/** Who fetched a result and when (the audit's call). */
const CallMeta = { callId: Id, fetchedAt: IsoDateTime };

/** Body of the bureau, bank-statement, loan-creation and PMAY calls: the application they are for. */
export const IntegrationApplicationBodySchema = Type.Object({ application_id: Id }, closed);

const AffordabilitySchema = Type.Object(
  {
    monthlyIncome: Nullable(Rupees),
    monthlyObligations: Rupees,
    proposedEmi: Nullable(Rupees),
    /** FOIR in percent with two places (contract foirPercent); null without a monthly income or a bureau report. */
    foirPercent: Nullable(Type.String({ pattern: '^[0-9]+\\.[0-9]{2}$' })),
  },
  closed,
);
export type Affordability = Static<typeof AffordabilitySchema>;

/** POST /cibil/obligation: the applicant's bureau report fetched now, and the affordability it implies. */
export const BureauAnswerSchema = Type.Object(
  { ...CallMeta, report: BureauReportSchema, affordability: AffordabilitySchema },
  closed,
);
export type BureauAnswer = Static<typeof BureauAnswerSchema>;

/** POST /perfios/transactionLink. */
export const BankStatementAnswerSchema = Type.Object({ ...CallMeta, analysis: BankStatementAnalysisSchema }, closed);
export type BankStatementAnswer = Static<typeof BankStatementAnswerSchema>;

export const IdentityVerifyBodySchema = Type.Object(
  {
    application_id: Id,
    type: Type.Union([Type.Literal('PAN'), Type.Literal('AADHAAR')]),
    number: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9]+([ -][A-Za-z0-9]+)*$' }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: "^[A-Za-z .'-]+$" })),
  },
  closed,
);
/** callId null: the number failed its own rules, so no vendor was asked (and nothing kept). */
export const IdentityAnswerSchema = Type.Object(
  { callId: Nullable(Id), fetchedAt: IsoDateTime, check: IdentityCheckSchema },
  closed,
);

/** POST loan creation in core banking: the loan account opened for the application (the same one when asked again). */
export const LoanCreationAnswerSchema = Type.Object(
  { callId: Id, loanAccountNumber: ShortText, status: ShortText, sanctionedAmount: Rupees },
  closed,
);

export const DeviationBodySchema = Type.Object(
  {
    application_id: Id,
    code: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Z0-9_]+$' }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  closed,
);
export const DeviationAnswerSchema = Type.Object({ callId: Id, deviationId: ShortText, status: ShortText }, closed);

export const EmployeeSearchBodySchema = Type.Object(
  { query: Type.String({ minLength: 2, maxLength: 60, pattern: "^[A-Za-z0-9 .'-]+$" }) },
  closed,
);
export const EmployeeSearchAnswerSchema = Type.Object(
  {
    callId: Id,
    employees: Type.Array(
      Type.Object({ employeeId: ShortText, name: ShortText, designation: ShortText, branch: ShortText }, closed),
      { maxItems: 20 },
    ),
  },
  closed,
);
export type EmployeeSearchAnswer = Static<typeof EmployeeSearchAnswerSchema>;

export const PaymentBodySchema = Type.Object(
  {
    application_id: Id,
    amount: Type.Number({ minimum: 1, maximum: 10_000_000, multipleOf: 0.01 }),
    purpose: Type.Union([Type.Literal('PROCESSING_FEE'), Type.Literal('LOGIN_FEE'), Type.Literal('EMI')]),
  },
  closed,
);
export const PaymentAnswerSchema = Type.Object(
  { callId: Id, paymentId: ShortText, status: ShortText, paymentUrl: Type.String({ maxLength: 500 }) },
  closed,
);

/** POST the PMAY subsidy form: the vendor's PDF kept as a document of the application. */
export const PmayPdfAnswerSchema = Type.Object({ callId: Id, fileId: Id, fileName: ShortText }, closed);

/** One call of the audit, as staff see it (request and answer stay in the database, masked). */
const IntegrationCallSchema = Type.Object(
  {
    callId: Id,
    kind: ShortText,
    operation: ShortText,
    status: ShortText,
    attempts: Type.Integer({ minimum: 0 }),
    durationMs: Type.Integer({ minimum: 0 }),
    userId: Nullable(Id),
    createdAt: IsoDateTime,
  },
  closed,
);

const Kept = <T extends Parameters<typeof Type.Object>[0]>(result: T) =>
  Nullable(Type.Object({ ...CallMeta, ...result }, closed));

/** GET an application's integration results: the latest of each kind and the recent calls. */
export const ApplicationIntegrationsAnswerSchema = Type.Object(
  {
    application_id: Id,
    bureau: Kept({ report: BureauReportSchema }),
    bankStatement: Kept({ analysis: BankStatementAnalysisSchema }),
    identity: Kept({ check: IdentityCheckSchema }),
    affordability: AffordabilitySchema,
    calls: Type.Array(IntegrationCallSchema, { maxItems: 50 }),
  },
  closed,
);
export type ApplicationIntegrationsAnswer = Static<typeof ApplicationIntegrationsAnswerSchema>;
export const ApplicationIntegrationsParamsSchema = Type.Object({ applicationId: Id }, closed);
