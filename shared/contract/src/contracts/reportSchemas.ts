// Request schemas of the dashboard, reports and targets routes (mock-server modules/reports; reports.ts
// says what the values mean). Closed objects: a field nobody declared is a 400 naming it.
import Type, { type Static } from 'typebox';
import { literalUnion } from './flow';
import { Code, closed, Id } from './primitives';
import { REPORT_INTERVALS } from './reports';

/** A bank calendar day (of its configured zone), YYYY-MM-DD; whether it is a real day is the server's check (400 naming it). */
export const BankDay = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', minLength: 10, maxLength: 10 });
/** A calendar month, YYYY-MM. */
export const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', minLength: 7, maxLength: 7 });
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });
/** Whole rupees, at most 13 integer digits (a team's month). */
const Amount = Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 });

/**
 * The filters every report takes: a range of bank days (both included, at most REPORT_MAX_RANGE_DAYS),
 * and optionally one product, one team or one user, each within the caller's scope (403 otherwise).
 */
const ReportFilterSchema = Type.Object(
  {
    from: BankDay,
    to: BankDay,
    productCode: Type.Optional(Code),
    teamId: Type.Optional(Id),
    userId: Type.Optional(Id),
  },
  closed,
);
export type ReportFilter = Static<typeof ReportFilterSchema>;

/** Every report route but the two below: the filters alone. */
export const ReportBodySchema = Type.Object({ filter: ReportFilterSchema }, closed);
export type ReportBody = Static<typeof ReportBodySchema>;

/** POST /backstage/getApplicationsCountBasedOnRange. */
export const CountByRangeBodySchema = Type.Object(
  { filter: ReportFilterSchema, interval: literalUnion(REPORT_INTERVALS) },
  closed,
);
export type CountByRangeBody = Static<typeof CountByRangeBodySchema>;

/** POST /backstage/getReporteeDetails: nothing to ask. */
export const ReporteeBodySchema = Type.Object({}, closed);

/** POST /target/getTarget and GET /target/getOveallTarget (as its query): a month, optionally one team or user. */
export const TargetQuerySchema = Type.Object(
  { month: Month, teamId: Type.Optional(Id), userId: Type.Optional(Id) },
  closed,
);
export type TargetQuery = Static<typeof TargetQuerySchema>;

/** POST /target/getTargetByUserID. */
export const TargetByUserBodySchema = Type.Object({ userId: Id, month: Month }, closed);

/**
 * POST /target/getLoanAmountByUserID, /target/getApplicationByInitiatedByAndProductType and
 * /target/getApplicationCountByInitiatedByAndFlowName: one user's applications of a range.
 */
export const UserRangeBodySchema = Type.Object({ userId: Id, from: BankDay, to: BankDay }, closed);
export type UserRangeBody = Static<typeof UserRangeBodySchema>;

/**
 * POST /target/saveTarget: a user's target for a month (the current one or later), count and amount.
 * An operations admin sets anyone's, a team lead their reportees'; nobody else.
 */
export const SaveTargetBodySchema = Type.Object(
  { userId: Id, month: Month, targetCount: Count, targetAmount: Amount },
  closed,
);
export type SaveTargetBody = Static<typeof SaveTargetBodySchema>;

/**
 * The query of the exportable report routes (getApplicationsCountBasedOnRange,
 * getApplicationsByInitiatedByAndProductType, getTarget, getApplicationCountByInitiatedByAndFlowName): with exportFile=xlsx the answer is the report
 * as a spreadsheet instead of JSON, same filters and same figures.
 */
export const ReportExportQuerySchema = Type.Object({ exportFile: Type.Optional(Type.Literal('xlsx')) }, closed);
