import { formatAxisAmount, formatValue, percentOf } from './format';
import {
  type ChartSpec,
  conversionView,
  describeChart,
  flowTable,
  overTimeView,
  PORTAL_USER,
  pendingView,
  pipelineView,
  slaView,
  targetsView,
  turnaroundView,
  userProductTable,
} from './views';

describe('formats', () => {
  it('writes amounts in INR with lakh grouping, counts with Indian grouping', () => {
    expect(formatValue('amount', 12345678)).toBe('₹1,23,45,678.00');
    expect(formatValue('count', 1234567)).toBe('12,34,567');
    expect(formatValue('percent', 12.5)).toBe('12.50%');
    expect(formatValue('hours', 36.25)).toBe('36.3 h');
    expect(formatValue('percent', null)).toBe('—');
    expect(formatAxisAmount(15_000_000)).toBe('₹1.5 Cr');
    expect(formatAxisAmount(250_000)).toBe('₹2.5 L');
    expect(formatAxisAmount(12_000)).toBe('₹12,000');
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(1, 0)).toBeNull();
  });
});

describe('pipeline', () => {
  const view = pipelineView({
    rows: [
      { stage: 'Login', productCode: 'HL', productName: 'Home Loan', count: 3, amount: 3_000_000 },
      { stage: 'Login', productCode: 'CL', productName: 'Car Loan', count: 1, amount: 500_000 },
      { stage: 'Credit', productCode: 'HL', productName: 'Home Loan', count: 2, amount: 4_000_000 },
    ],
  });

  it('stacks products per stage, zero where a product has none', () => {
    const [chart] = view.charts;
    expect(chart?.categories).toEqual(['Login', 'Credit']);
    expect(chart?.series.map((s) => [s.label, s.data, s.stack])).toEqual([
      ['Home Loan', [3, 2], 'products'],
      ['Car Loan', [1, 0], 'products'],
    ]);
    expect(view.figures.map((f) => f.value)).toEqual(['6', '₹75,00,000.00']);
  });

  it('has the same rows as a table and a spoken description', () => {
    expect(view.table.rows[0]?.cells).toEqual(['Login', 'Home Loan', '3', '₹30,00,000.00']);
    expect(describeChart(view.charts[0] as ChartSpec)).toBe(
      'Open applications per stage, stacked by product. Login: Home Loan 3, Car Loan 1; Credit: Home Loan 2, Car Loan 0',
    );
    expect(pipelineView({ rows: [] }).empty).toBe(true);
  });
});

describe('applications over time', () => {
  it('names buckets by interval in DD/MM/YYYY', () => {
    const week = overTimeView({
      interval: 'week',
      buckets: [
        { start: '2026-11-02', end: '2026-11-08', count: 4, amount: 800_000 },
        { start: '2026-11-09', end: '2026-11-15', count: 0, amount: 0 },
      ],
    });
    expect(week.charts[0]?.categories).toEqual(['02/11/2026 – 08/11/2026', '09/11/2026 – 15/11/2026']);
    expect(week.charts[0]?.type).toBe('line');
    expect(week.table.rows[0]?.cells).toEqual(['02/11/2026 – 08/11/2026', '4', '₹8,00,000.00']);
    const month = overTimeView({
      interval: 'month',
      buckets: [{ start: '2026-11-01', end: '2026-11-30', count: 0, amount: 0 }],
    });
    expect(month.charts[0]?.categories).toEqual(['Nov 2026']);
    expect(month.empty).toBe(true);
    const day = overTimeView({
      interval: 'day',
      buckets: [{ start: '2026-11-02', end: '2026-11-02', count: 1, amount: 1 }],
    });
    expect(day.charts[0]?.categories).toEqual(['02/11/2026']);
  });
});

describe('conversion', () => {
  it('is a funnel with rates of the leads', () => {
    const view = conversionView({ leads: 40, converted: 10, sanctioned: 4 });
    expect(view.charts[0]?.series[0]?.data).toEqual([40, 10, 4]);
    expect(view.figures.map((f) => f.value)).toEqual(['25.00%', '10.00%']);
    expect(view.table.rows.map((r) => r.cells)).toEqual([
      ['Leads', '40', '100.00%'],
      ['Converted', '10', '25.00%'],
      ['Sanctioned', '4', '10.00%'],
    ]);
    expect(conversionView({ leads: 0, converted: 0, sanctioned: 0 }).figures[0]?.value).toBe('—');
  });
});

describe('targets', () => {
  const answer = {
    month: '2026-11',
    rows: [
      {
        userId: 'u1',
        displayName: 'Arun',
        month: '2026-11',
        targetCount: 10,
        targetAmount: 10_000_000,
        achievedCount: 5,
        achievedAmount: 2_500_000,
        countPercent: 50,
        amountPercent: 25,
      },
      {
        userId: 'u2',
        displayName: 'Zoya',
        month: '2026-11',
        targetCount: null,
        targetAmount: null,
        achievedCount: 2,
        achievedAmount: 100_000,
        countPercent: null,
        amountPercent: null,
      },
    ],
  };

  it('groups target and achieved, count and amount apart, with overall figures', () => {
    const view = targetsView(answer, {
      month: '2026-11',
      targetCount: 10,
      targetAmount: 10_000_000,
      achievedCount: 7,
      achievedAmount: 2_600_000,
      countPercent: 70,
      amountPercent: 26,
    });
    expect(view.charts.map((c) => c.series.map((s) => s.data))).toEqual([
      [
        [10, null],
        [5, 2],
      ],
      [
        [10_000_000, null],
        [2_500_000, 100_000],
      ],
    ]);
    expect(view.figures.map((f) => f.value)).toEqual([
      '7 of 10',
      '70.00%',
      '₹26,00,000.00 of ₹1,00,00,000.00',
      '26.00%',
    ]);
    expect(view.table.rows[1]?.cells).toEqual(['Zoya', 'Nov 2026', '—', '2', '—', '—', '₹1,00,000.00', '—']);
    expect(targetsView(answer, undefined).figures).toEqual([]);
  });
});

describe('SLA, pending, turnaround', () => {
  it('shows open and breached per queue', () => {
    const view = slaView({ rows: [{ queue: 'Credit review', open: 8, breached: 2 }] });
    expect(view.table.rows[0]?.cells).toEqual(['Credit review', '8', '2', '25.00%']);
    expect(view.figures[0]?.value).toBe('2');
  });

  it('shows pending as figures, never empty', () => {
    const view = pendingView({ approvals: 0, queries: 3 });
    expect(view.figures.map((f) => [f.label, f.value])).toEqual([
      ['Approvals pending', '0'],
      ['Queries open', '3'],
    ]);
    expect(view.charts).toEqual([]);
    expect(view.empty).toBe(false);
  });

  it('averages hours per product', () => {
    const view = turnaroundView({
      decided: 3,
      averageHours: 30,
      rows: [
        { productCode: 'HL', productName: 'Home Loan', decided: 3, averageHours: 30 },
        { productCode: 'CL', productName: 'Car Loan', decided: 0, averageHours: null },
      ],
    });
    expect(view.charts[0]?.series[0]?.data).toEqual([30, null]);
    expect(view.table.rows[1]?.cells).toEqual(['Car Loan', '0', '—']);
    expect(view.figures[1]?.value).toBe('30.0 h');
    expect(turnaroundView({ decided: 0, averageHours: null, rows: [] }).empty).toBe(true);
  });
});

describe('report tables', () => {
  it('names the portal for applications no staff user started', () => {
    const table = userProductTable({
      rows: [{ userId: null, displayName: null, productCode: 'HL', productName: 'Home Loan', count: 2, amount: 100 }],
    });
    expect(table.rows[0]?.cells).toEqual([PORTAL_USER, 'Home Loan', '2', '₹100.00']);
    expect(flowTable({ rows: [{ flowName: 'Home loan flow', count: 1, amount: 0 }] }).rows[0]?.cells).toEqual([
      'Home loan flow',
      '1',
      '₹0.00',
    ]);
  });
});
