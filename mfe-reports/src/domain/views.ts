// Each widget's answer as what the card shows: figures, chart specs (categories and series, each with its
// value kind) and the same data as table rows, plus a text description of the chart for screen readers.
// The UI only draws these; everything a test or a reader checks is computed here. Pure.
import type {
  Conversion,
  CountByRange,
  FlowCounts,
  OverallTarget,
  Pending,
  Pipeline,
  SlaBreaches,
  Targets,
  Turnaround,
  UserProductRows,
} from '@originate/contract';
import { displayDay, displayMonth, monthOf } from './dates';
import { formatValue, percentOf, type ValueKind } from './format';

interface ChartSeries {
  id: string;
  label: string;
  /** One value per category; null is "no value" (drawn as a gap, read as '—'). */
  data: (number | null)[];
  kind: ValueKind;
  /** Series with the same stack id are stacked. */
  stack?: string;
}

export interface ChartSpec {
  id: string;
  type: 'bar' | 'line';
  /** What the categories are ('Stage', 'Period'): the axis label and the table's first column. */
  categoryLabel: string;
  categories: string[];
  series: ChartSeries[];
  /** The chart's accessible name. */
  title: string;
}

interface TableColumn {
  label: string;
  numeric: boolean;
}

export interface TableView {
  columns: TableColumn[];
  rows: { id: string; cells: string[] }[];
}

export interface Figure {
  id: string;
  label: string;
  value: string;
}

export interface WidgetView {
  figures: Figure[];
  charts: ChartSpec[];
  table: TableView;
  /** Nothing to show for these filters (the card says so instead of an empty chart). */
  empty: boolean;
}

const col = (label: string, numeric = true): TableColumn => ({ label, numeric });

/** Every value of a chart in words: 'Login: Home Loan 3, Car Loan 1; Credit: …'. */
export function describeChart(chart: ChartSpec): string {
  const parts = chart.categories.map((category, i) => {
    const values = chart.series.map((s) => `${s.label} ${formatValue(s.kind, s.data[i] ?? null)}`);
    return `${category}: ${values.join(', ')}`;
  });
  return parts.length === 0 ? `${chart.title}: no data` : `${chart.title}. ${parts.join('; ')}`;
}

/** Values first seen in order (the server's order is the stages' and products' own). */
function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Open applications per stage, stacked by product. */
export function pipelineView(answer: Pipeline): WidgetView {
  const stages = distinct(answer.rows.map((r) => r.stage));
  const products = distinct(answer.rows.map((r) => r.productCode));
  const nameOf = new Map(answer.rows.map((r) => [r.productCode, r.productName]));
  const countOf = (stage: string, product: string) =>
    answer.rows.filter((r) => r.stage === stage && r.productCode === product).reduce((sum, r) => sum + r.count, 0);
  const total = answer.rows.reduce((sum, r) => sum + r.count, 0);
  const amount = answer.rows.reduce((sum, r) => sum + r.amount, 0);
  return {
    figures: [
      { id: 'open', label: 'Open applications', value: formatValue('count', total) },
      { id: 'amount', label: 'Amount in the pipeline', value: formatValue('amount', amount) },
    ],
    charts: [
      {
        id: 'pipeline',
        type: 'bar',
        title: 'Open applications per stage, stacked by product',
        categoryLabel: 'Stage',
        categories: stages,
        series: products.map((code) => ({
          id: code,
          label: nameOf.get(code) ?? code,
          data: stages.map((stage) => countOf(stage, code)),
          kind: 'count',
          stack: 'products',
        })),
      },
    ],
    table: {
      columns: [col('Stage', false), col('Product', false), col('Applications'), col('Amount')],
      rows: answer.rows.map((r) => ({
        id: `${r.stage}|${r.productCode}`,
        cells: [r.stage, r.productName, formatValue('count', r.count), formatValue('amount', r.amount)],
      })),
    },
    empty: answer.rows.length === 0,
  };
}

/** A bucket's name: a day, a week (its first and last day) or a month. */
function bucketLabel(interval: CountByRange['interval'], start: string, end: string): string {
  if (interval === 'day') return displayDay(start);
  if (interval === 'month') return displayMonth(monthOf(start));
  return `${displayDay(start)} – ${displayDay(end)}`;
}

/** Applications created per day, week or month. */
export function overTimeView(answer: CountByRange): WidgetView {
  const labels = answer.buckets.map((b) => bucketLabel(answer.interval, b.start, b.end));
  const count = answer.buckets.reduce((sum, b) => sum + b.count, 0);
  const amount = answer.buckets.reduce((sum, b) => sum + b.amount, 0);
  return {
    figures: [
      { id: 'count', label: 'Applications', value: formatValue('count', count) },
      { id: 'amount', label: 'Amount', value: formatValue('amount', amount) },
    ],
    charts: [
      {
        id: 'overTime',
        type: 'line',
        title: `Applications created per ${answer.interval}`,
        categoryLabel: 'Period',
        categories: labels,
        series: [{ id: 'count', label: 'Applications', data: answer.buckets.map((b) => b.count), kind: 'count' }],
      },
    ],
    table: {
      columns: [col('Period', false), col('Applications'), col('Amount')],
      rows: answer.buckets.map((b, i) => ({
        id: b.start,
        cells: [labels[i] ?? b.start, formatValue('count', b.count), formatValue('amount', b.amount)],
      })),
    },
    empty: count === 0,
  };
}

/** Leads of the range → those converted to an application → those sanctioned. */
export function conversionView(answer: Conversion): WidgetView {
  const steps = [
    { id: 'leads', label: 'Leads', value: answer.leads },
    { id: 'converted', label: 'Converted', value: answer.converted },
    { id: 'sanctioned', label: 'Sanctioned', value: answer.sanctioned },
  ];
  return {
    figures: [
      {
        id: 'conversionRate',
        label: 'Converted of leads',
        value: formatValue('percent', percentOf(answer.converted, answer.leads)),
      },
      {
        id: 'sanctionRate',
        label: 'Sanctioned of leads',
        value: formatValue('percent', percentOf(answer.sanctioned, answer.leads)),
      },
    ],
    charts: [
      {
        id: 'conversion',
        type: 'bar',
        title: 'Conversion funnel: leads, converted, sanctioned',
        categoryLabel: 'Step',
        categories: steps.map((s) => s.label),
        series: [{ id: 'count', label: 'Count', data: steps.map((s) => s.value), kind: 'count' }],
      },
    ],
    table: {
      columns: [col('Step', false), col('Count'), col('Of leads')],
      rows: steps.map((s) => ({
        id: s.id,
        cells: [s.label, formatValue('count', s.value), formatValue('percent', percentOf(s.value, answer.leads))],
      })),
    },
    empty: steps.every((s) => s.value === 0),
  };
}

/** Targets and achievement per user (count and amount side by side), with the scope's overall figures. */
export function targetsView(answer: Targets, overall: OverallTarget | undefined): WidgetView {
  const users = answer.rows.map((r) => r.displayName);
  return {
    figures: overall ? overallFigures(overall) : [],
    charts: [
      {
        id: 'targetCount',
        type: 'bar',
        title: `Applications: target and achieved per user, ${displayMonth(answer.month)}`,
        categoryLabel: 'User',
        categories: users,
        series: [
          { id: 'targetCount', label: 'Target', data: answer.rows.map((r) => r.targetCount), kind: 'count' },
          { id: 'achievedCount', label: 'Achieved', data: answer.rows.map((r) => r.achievedCount), kind: 'count' },
        ],
      },
      {
        id: 'targetAmount',
        type: 'bar',
        title: `Amount: target and achieved per user, ${displayMonth(answer.month)}`,
        categoryLabel: 'User',
        categories: users,
        series: [
          { id: 'targetAmount', label: 'Target', data: answer.rows.map((r) => r.targetAmount), kind: 'amount' },
          { id: 'achievedAmount', label: 'Achieved', data: answer.rows.map((r) => r.achievedAmount), kind: 'amount' },
        ],
      },
    ],
    table: targetTable(answer),
    empty: answer.rows.length === 0,
  };
}

function overallFigures(overall: OverallTarget): Figure[] {
  const count = `${formatValue('count', overall.achievedCount)} of ${formatValue('count', overall.targetCount)}`;
  const amount = `${formatValue('amount', overall.achievedAmount)} of ${formatValue('amount', overall.targetAmount)}`;
  return [
    { id: 'overallCount', label: 'Applications achieved of target', value: count },
    {
      id: 'overallCountPercent',
      label: 'Applications achievement',
      value: formatValue('percent', overall.countPercent),
    },
    { id: 'overallAmount', label: 'Amount achieved of target', value: amount },
    { id: 'overallAmountPercent', label: 'Amount achievement', value: formatValue('percent', overall.amountPercent) },
  ];
}

/** The target table of the widget and of the targetAchievement report. */
export function targetTable(answer: Targets): TableView {
  return {
    columns: [
      col('User', false),
      col('Month', false),
      col('Target applications'),
      col('Achieved applications'),
      col('Applications %'),
      col('Target amount'),
      col('Achieved amount'),
      col('Amount %'),
    ],
    rows: answer.rows.map((r) => ({
      id: `${r.userId}|${r.month}`,
      cells: [
        r.displayName,
        displayMonth(r.month),
        formatValue('count', r.targetCount),
        formatValue('count', r.achievedCount),
        formatValue('percent', r.countPercent),
        formatValue('amount', r.targetAmount),
        formatValue('amount', r.achievedAmount),
        formatValue('percent', r.amountPercent),
      ],
    })),
  };
}

/** Open tasks per queue and those past their SLA. */
export function slaView(answer: SlaBreaches): WidgetView {
  const breached = answer.rows.reduce((sum, r) => sum + r.breached, 0);
  return {
    figures: [{ id: 'breached', label: 'Tasks past their SLA', value: formatValue('count', breached) }],
    charts: [
      {
        id: 'sla',
        type: 'bar',
        title: 'Open tasks and SLA breaches per queue',
        categoryLabel: 'Queue',
        categories: answer.rows.map((r) => r.queue),
        series: [
          { id: 'open', label: 'Open', data: answer.rows.map((r) => r.open), kind: 'count' },
          { id: 'breached', label: 'Past SLA', data: answer.rows.map((r) => r.breached), kind: 'count' },
        ],
      },
    ],
    table: {
      columns: [col('Queue', false), col('Open'), col('Past SLA'), col('Past SLA %')],
      rows: answer.rows.map((r) => ({
        id: r.queue,
        cells: [
          r.queue,
          formatValue('count', r.open),
          formatValue('count', r.breached),
          formatValue('percent', percentOf(r.breached, r.open)),
        ],
      })),
    },
    empty: answer.rows.length === 0,
  };
}

/** Approvals and queries pending: two figures (zero is news too, so never "empty"). */
export function pendingView(answer: Pending): WidgetView {
  const items = [
    { id: 'approvals', label: 'Approvals pending', value: answer.approvals },
    { id: 'queries', label: 'Queries open', value: answer.queries },
  ];
  return {
    figures: items.map((i) => ({ id: i.id, label: i.label, value: formatValue('count', i.value) })),
    charts: [],
    table: {
      columns: [col('Pending', false), col('Count')],
      rows: items.map((i) => ({ id: i.id, cells: [i.label, formatValue('count', i.value)] })),
    },
    empty: false,
  };
}

/** Submission to decision, average hours per product. */
export function turnaroundView(answer: Turnaround): WidgetView {
  return {
    figures: [
      { id: 'decided', label: 'Applications decided', value: formatValue('count', answer.decided) },
      { id: 'averageHours', label: 'Average turnaround', value: formatValue('hours', answer.averageHours) },
    ],
    charts: [
      {
        id: 'turnaround',
        type: 'bar',
        title: 'Average hours from submission to decision per product',
        categoryLabel: 'Product',
        categories: answer.rows.map((r) => r.productName),
        series: [
          { id: 'averageHours', label: 'Average hours', data: answer.rows.map((r) => r.averageHours), kind: 'hours' },
        ],
      },
    ],
    table: {
      columns: [col('Product', false), col('Decided'), col('Average turnaround')],
      rows: answer.rows.map((r) => ({
        id: r.productCode,
        cells: [r.productName, formatValue('count', r.decided), formatValue('hours', r.averageHours)],
      })),
    },
    empty: answer.decided === 0,
  };
}

/** Who an application is of when no staff user started it (the portal's). */
export const PORTAL_USER = 'Portal (no staff user)';

/** The applicationsByUserAndProduct report. */
export function userProductTable(answer: UserProductRows): TableView {
  return {
    columns: [col('User', false), col('Product', false), col('Applications'), col('Amount')],
    rows: answer.rows.map((r) => ({
      id: `${r.userId ?? ''}|${r.productCode}`,
      cells: [
        r.displayName ?? PORTAL_USER,
        r.productName,
        formatValue('count', r.count),
        formatValue('amount', r.amount),
      ],
    })),
  };
}

/** The applicationsByFlow report (one user's applications per flow). */
export function flowTable(answer: FlowCounts): TableView {
  return {
    columns: [col('Flow', false), col('Applications'), col('Amount')],
    rows: answer.rows.map((r) => ({
      id: r.flowName,
      cells: [r.flowName, formatValue('count', r.count), formatValue('amount', r.amount)],
    })),
  };
}
