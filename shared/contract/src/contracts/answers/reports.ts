// Answers of the dashboard, reports and targets routes (mock-server modules/reports). Amounts are INR
// (whole rupees as numbers); days are bank days (of its configured zone) YYYY-MM-DD; months YYYY-MM.
import Type, { type Static } from 'typebox';
import { literalUnion } from '../flow';
import { Code, closed, Id, Nullable } from '../primitives';
import { BankDay, Month } from '../reportSchemas';
import { DASHBOARD_WIDGETS, REPORT_IDS, REPORT_INTERVALS, REPORT_SCOPES } from '../reports';

const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });
const Amount = Type.Number({ minimum: 0 });

/** POST /backstage/getReporteeDetails: who the caller's figures cover. */
export const ReporteeDetailsAnswerSchema = Type.Object(
  {
    scope: literalUnion(REPORT_SCOPES),
    teams: Type.Array(Type.Object({ id: Id, name: Text, type: literalUnion(['HIERARCHY', 'DEPT']) }, closed)),
    users: Type.Array(
      Type.Object(
        {
          userid: Id,
          displayName: Text,
          teamIds: Type.Array(Id),
          /** The caller may set this user's target (only users below them; nobody their own). */
          canSetTarget: Type.Boolean(),
        },
        closed,
      ),
    ),
    /** May the caller set targets (ADMIN: anyone's; team lead: the reportees'). */
    canSetTargets: Type.Boolean(),
  },
  closed,
);
export type ReporteeDetails = Static<typeof ReporteeDetailsAnswerSchema>;

/** POST /backstage/getApplicationsCountBasedOnRange: every bucket of the range, empty ones at zero. */
export const CountByRangeAnswerSchema = Type.Object(
  {
    interval: literalUnion(REPORT_INTERVALS),
    buckets: Type.Array(Type.Object({ start: BankDay, end: BankDay, count: Count, amount: Amount }, closed)),
  },
  closed,
);
export type CountByRange = Static<typeof CountByRangeAnswerSchema>;

/** One user's (null: nobody's, the portal's) applications of one product. */
const UserProductRowSchema = Type.Object(
  {
    userId: Nullable(Id),
    displayName: Nullable(Text),
    productCode: Code,
    productName: Text,
    count: Count,
    amount: Amount,
  },
  closed,
);
/** POST /backstage/getApplicationsByInitiatedByAndProductType and /target/getApplicationByInitiatedByAndProductType. */
export const UserProductAnswerSchema = Type.Object({ rows: Type.Array(UserProductRowSchema) }, closed);
export type UserProductRows = Static<typeof UserProductAnswerSchema>;

/** POST /backstage/reports/pipeline: open (ACTIVE) applications per stage and product. */
export const PipelineAnswerSchema = Type.Object(
  {
    rows: Type.Array(
      Type.Object({ stage: Text, productCode: Code, productName: Text, count: Count, amount: Amount }, closed),
    ),
  },
  closed,
);
export type Pipeline = Static<typeof PipelineAnswerSchema>;

/** POST /backstage/reports/conversion: leads created in the range, those with an application, those sanctioned. */
export const ConversionAnswerSchema = Type.Object({ leads: Count, converted: Count, sanctioned: Count }, closed);
export type Conversion = Static<typeof ConversionAnswerSchema>;

/** POST /backstage/reports/slaBreaches: open current tasks per queue (task name), and those past their SLA now. */
export const SlaBreachesAnswerSchema = Type.Object(
  { rows: Type.Array(Type.Object({ queue: Text, open: Count, breached: Count }, closed)) },
  closed,
);
export type SlaBreaches = Static<typeof SlaBreachesAnswerSchema>;

/** POST /backstage/reports/pending: approvals awaiting a decision and queries still open, of the scope's users. */
export const PendingAnswerSchema = Type.Object({ approvals: Count, queries: Count }, closed);
export type Pending = Static<typeof PendingAnswerSchema>;

/** POST /backstage/reports/turnaround: applications decided in the range, submission to decision, hours. */
export const TurnaroundAnswerSchema = Type.Object(
  {
    decided: Count,
    averageHours: Nullable(Type.Number({ minimum: 0 })),
    rows: Type.Array(
      Type.Object(
        { productCode: Code, productName: Text, decided: Count, averageHours: Nullable(Type.Number({ minimum: 0 })) },
        closed,
      ),
    ),
  },
  closed,
);
export type Turnaround = Static<typeof TurnaroundAnswerSchema>;

/** A user's target and what they achieved in a month: achievement is read from the applications, never stored. */
export const TargetRowSchema = Type.Object(
  {
    userId: Id,
    displayName: Text,
    month: Month,
    /** Null while nobody set one for that month. */
    targetCount: Nullable(Count),
    targetAmount: Nullable(Amount),
    achievedCount: Count,
    achievedAmount: Amount,
    /** Achieved of target in percent, 2 decimals; null without a target. */
    countPercent: Nullable(Type.Number({ minimum: 0 })),
    amountPercent: Nullable(Type.Number({ minimum: 0 })),
  },
  closed,
);
export type TargetRow = Static<typeof TargetRowSchema>;
/** POST /target/getTarget. */
export const TargetsAnswerSchema = Type.Object({ month: Month, rows: Type.Array(TargetRowSchema) }, closed);
export type Targets = Static<typeof TargetsAnswerSchema>;

/** GET /target/getOveallTarget: the month's targets and achievement summed over the scope's users. */
export const OverallTargetAnswerSchema = Type.Object(
  {
    month: Month,
    targetCount: Count,
    targetAmount: Amount,
    achievedCount: Count,
    achievedAmount: Amount,
    countPercent: Nullable(Type.Number({ minimum: 0 })),
    amountPercent: Nullable(Type.Number({ minimum: 0 })),
  },
  closed,
);
export type OverallTarget = Static<typeof OverallTargetAnswerSchema>;

/** POST /target/getLoanAmountByUserID. */
export const LoanAmountAnswerSchema = Type.Object({ userId: Id, count: Count, amount: Amount }, closed);
export type LoanAmount = Static<typeof LoanAmountAnswerSchema>;

/** POST /target/getApplicationCountByInitiatedByAndFlowName. */
export const FlowCountAnswerSchema = Type.Object(
  { rows: Type.Array(Type.Object({ flowName: Text, count: Count, amount: Amount }, closed)) },
  closed,
);
export type FlowCounts = Static<typeof FlowCountAnswerSchema>;

/**
 * GET /setup/configs/Analytics/Reports (the value an admin saves): the dashboard's widgets and the
 * reports, in order, each with the roles that see it (empty: everyone with the back office).
 */
export const ReportsConfigSchema = Type.Object(
  {
    dashboard: Type.Array(
      Type.Object({ widget: literalUnion(DASHBOARD_WIDGETS), title: Text, roles: Type.Array(Code) }, closed),
    ),
    reports: Type.Array(
      Type.Object({ report: literalUnion(REPORT_IDS), title: Text, roles: Type.Array(Code) }, closed),
    ),
  },
  closed,
);
export type ReportsConfig = Static<typeof ReportsConfigSchema>;
