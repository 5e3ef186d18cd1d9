// The reviewer's credit summary on the wire (mock-server README "Credit summary"): each figure with where it came
// from and when, or why it is not yet available; the decision's deviations; the product's documents received.
import Type, { type Static } from 'typebox';
import { closed, Id, IsoDateTime, Nullable } from './primitives';

const Text = Type.String({ minLength: 1, maxLength: 300 });

/** Where a figure came from: a form field, the loan arithmetic, a vendor's result, the credit decision, the documents. */
export const FigureSourceSchema = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('FORM'),
      Type.Literal('CALCULATION'),
      Type.Literal('INTEGRATION'),
      Type.Literal('DECISION'),
      Type.Literal('DOCUMENTS'),
    ]),
    /** e.g. 'Form field loan_amount', 'CIBIL bureau adapter, report R-1', 'Credit decision tables v3'. */
    detail: Text,
    /** When the value was saved, fetched or worked out. */
    at: Nullable(IsoDateTime),
  },
  closed,
);

export const CreditFigureSchema = Type.Object(
  {
    key: Type.Union([
      Type.Literal('loanAmount'),
      Type.Literal('tenureMonths'),
      Type.Literal('annualRatePercent'),
      Type.Literal('emi'),
      Type.Literal('monthlyIncome'),
      Type.Literal('monthlyObligations'),
      Type.Literal('foirPercent'),
      Type.Literal('propertyValue'),
      Type.Literal('ltvPercent'),
      Type.Literal('bureauScore'),
    ]),
    label: Text,
    unit: Type.Union([Type.Literal('INR'), Type.Literal('MONTHS'), Type.Literal('PERCENT'), Type.Literal('SCORE')]),
    /** null: not yet available, `missing` says why. */
    value: Nullable(Type.Number()),
    missing: Nullable(Text),
    source: Nullable(FigureSourceSchema),
    /** The cap the figure is held to (FOIR, LTV), with where the cap comes from; null when none applies. */
    cap: Nullable(Type.Object({ percent: Type.Number({ minimum: 0, maximum: 100 }), source: Text }, closed)),
    /** Whether the figure is within its cap; null without a cap or a value. */
    withinCap: Nullable(Type.Boolean()),
  },
  closed,
);
export type CreditFigure = Static<typeof CreditFigureSchema>;

export const SummaryDocumentSchema = Type.Object(
  {
    fieldKey: Type.String({ minLength: 1, maxLength: 200 }),
    /** The readable name of the document type (the flow's upload field label). */
    label: Text,
    required: Type.Boolean(),
    received: Type.Integer({ minimum: 0 }),
    lastReceivedAt: Nullable(IsoDateTime),
  },
  closed,
);
export type SummaryDocument = Static<typeof SummaryDocumentSchema>;

export const CreditSummaryAnswerSchema = Type.Object(
  {
    application_id: Id,
    product_code: Type.String({ maxLength: 100 }),
    product_name: Type.String({ maxLength: 200 }),
    assembledAt: IsoDateTime,
    figures: Type.Array(CreditFigureSchema, { maxItems: 20 }),
    decision: Type.Object(
      {
        outcome: Nullable(Type.Union([Type.Literal('APPROVE'), Type.Literal('REFER'), Type.Literal('DECLINE')])),
        deviations: Type.Array(
          Type.Object({ code: Text, reason: Text, approvalLevel: Type.String({ maxLength: 200 }) }, closed),
          { maxItems: 100 },
        ),
        missing: Nullable(Text),
        source: Nullable(FigureSourceSchema),
      },
      closed,
    ),
    documents: Type.Object(
      {
        /** The product's document list, the required ones not yet received first. */
        items: Type.Array(SummaryDocumentSchema, { maxItems: 200 }),
        requiredMissing: Type.Integer({ minimum: 0 }),
        source: FigureSourceSchema,
      },
      closed,
    ),
  },
  closed,
);
export type CreditSummaryAnswer = Static<typeof CreditSummaryAnswerSchema>;
export const CreditSummaryParamsSchema = Type.Object({ applicationId: Id }, closed);
