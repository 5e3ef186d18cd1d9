// The reports as spreadsheets (spec §9; the report routes' ?exportFile=xlsx): the same figures as the
// JSON answer, one row per answer row, with the filters in force in the title rows.
import {
  type CountByRange,
  type FlowCounts,
  type ReportFilter,
  type TargetQuery,
  type Targets,
  type UserProductRows,
  zoneMidnight,
} from '@originate/contract';
import { exportedLine, type SheetColumn, type SheetSource } from '../../http/spreadsheet';

/** Who exported, when, and the bank's time zone the sheet's times are read in. */
export interface ExportStamp {
  by: string;
  at: Date;
  timeZone: string;
}

/** The sheet titles (and file names): the reports' and the widget's names. */
const REPORT_TITLES = {
  applicationsByUserAndProduct: 'Applications by user and product',
  targetAchievement: 'Target achievement',
  applicationsOverTime: 'Applications over time',
  applicationsByFlow: 'Applications by flow',
} as const;

function filterText(filter: Partial<ReportFilter> & { month?: string; interval?: string }): string {
  const parts = [
    filter.from !== undefined ? `from ${filter.from}` : '',
    filter.to !== undefined ? `to ${filter.to}` : '',
    filter.month !== undefined ? `month ${filter.month}` : '',
    filter.interval !== undefined ? `per ${filter.interval}` : '',
    filter.productCode !== undefined ? `product ${filter.productCode}` : '',
    filter.teamId !== undefined ? `team ${filter.teamId}` : '',
    filter.userId !== undefined ? `user ${filter.userId}` : '',
  ].filter(Boolean);
  return `Filters: ${parts.join('; ')}`;
}

function sheet(
  title: string,
  filters: string,
  stamp: ExportStamp,
  columns: SheetColumn[],
  rows: unknown[][],
): { source: SheetSource; count: number; at: Date } {
  const { by, at, timeZone } = stamp;
  return {
    source: {
      title,
      subtitles: [exportedLine(at, timeZone, by, rows.length), filters],
      timeZone,
      columns,
      batches: (async function* () {
        yield rows;
      })(),
    },
    count: rows.length,
    at,
  };
}

export function userProductSheet(answer: UserProductRows, filter: ReportFilter, stamp: ExportStamp) {
  return sheet(
    REPORT_TITLES.applicationsByUserAndProduct,
    filterText(filter),
    stamp,
    [
      { header: 'User', kind: 'text', width: 28 },
      { header: 'User id', kind: 'text', width: 14 },
      { header: 'Product', kind: 'text', width: 22 },
      { header: 'Applications', kind: 'integer', width: 14 },
      { header: 'Loan amount', kind: 'INR', width: 20 },
    ],
    answer.rows.map((r) => [r.displayName ?? 'Customer portal', r.userId, r.productName, r.count, r.amount]),
  );
}

export function targetsSheet(answer: Targets, query: TargetQuery, stamp: ExportStamp) {
  return sheet(
    REPORT_TITLES.targetAchievement,
    filterText(query),
    stamp,
    [
      { header: 'User', kind: 'text', width: 28 },
      { header: 'User id', kind: 'text', width: 14 },
      { header: 'Month', kind: 'text', width: 10 },
      { header: 'Target count', kind: 'integer', width: 14 },
      { header: 'Achieved count', kind: 'integer', width: 14 },
      { header: 'Count achieved %', kind: 'percent', width: 16 },
      { header: 'Target amount', kind: 'INR', width: 20 },
      { header: 'Achieved amount', kind: 'INR', width: 20 },
      { header: 'Amount achieved %', kind: 'percent', width: 16 },
    ],
    answer.rows.map((r) => [
      r.displayName,
      r.userId,
      r.month,
      r.targetCount,
      r.achievedCount,
      r.countPercent,
      r.targetAmount,
      r.achievedAmount,
      r.amountPercent,
    ]),
  );
}

/** A bank day YYYY-MM-DD as the instant it starts at in the zone. */
function midnight(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zoneMidnight(year, month, date, timeZone);
}

export function countByRangeSheet(answer: CountByRange, filter: ReportFilter, stamp: ExportStamp) {
  return sheet(
    REPORT_TITLES.applicationsOverTime,
    filterText({ ...filter, interval: answer.interval }),
    stamp,
    [
      // Bucket days as dates at 00:00 of the bank's zone, so they read DD/MM/YYYY and sort as dates.
      { header: 'From', kind: 'date', width: 12 },
      { header: 'To', kind: 'date', width: 12 },
      { header: 'Applications', kind: 'integer', width: 14 },
      { header: 'Loan amount', kind: 'INR', width: 20 },
    ],
    answer.buckets.map((b) => [midnight(b.start, stamp.timeZone), midnight(b.end, stamp.timeZone), b.count, b.amount]),
  );
}

/**
 * One user's applications per flow (getApplicationCountByInitiatedByAndFlowName): the user is the report's
 * subject, named in the filters row with their display name beside the id.
 */
export function flowSheet(
  answer: FlowCounts,
  range: { from: string; to: string },
  user: { userId: string; displayName: string },
  stamp: ExportStamp,
) {
  return sheet(
    REPORT_TITLES.applicationsByFlow,
    filterText({ ...range, userId: `${user.userId} (${user.displayName})` }),
    stamp,
    [
      { header: 'Flow', kind: 'text', width: 28 },
      { header: 'Applications', kind: 'integer', width: 14 },
      { header: 'Loan amount', kind: 'INR', width: 20 },
    ],
    answer.rows.map((r) => [r.flowName, r.count, r.amount]),
  );
}
