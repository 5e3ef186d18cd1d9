// One chart spec drawn with @mui/x-charts. The figure is labelled with the spec's title and a description
// listing every value, so a screen reader hears the data;
// the Table view holds the same rows for reading and for tests. Category labels that would overlap slant, with
// the room below and beside them they need; a long one is shortened on the axis only (domain/axis.ts).
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { categoryAxisLayout, LEVEL_AXIS_HEIGHT, tickLabel } from '../domain/axis';
import { formatAxisAmount, formatValue } from '../domain/format';
import { type ChartSpec, describeChart } from '../domain/views';

const HEIGHT = 280;

export function ChartView({ chart }: { chart: ChartSpec }) {
  const description = describeChart(chart);
  const amounts = chart.series.every((s) => s.kind === 'amount');
  // Long category labels (user, stage, queue names; weeks) slant and shorten on the axis, whole in the tooltip.
  const layout = categoryAxisLayout(chart.categories);
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: chart.categories,
      label: chart.categoryLabel,
      height: layout.height,
      tickLabelStyle: { angle: layout.angle, textAnchor: layout.textAnchor },
      valueFormatter: (value: string, context: { location: string }) =>
        context.location === 'tick' ? tickLabel(value) : value,
    },
  ];
  const height = HEIGHT + layout.height - LEVEL_AXIS_HEIGHT;
  const margin = { left: layout.marginLeft };
  const yAxis = [{ valueFormatter: (value: number) => (amounts ? formatAxisAmount(value) : String(value)) }];
  const series = chart.series.map((s) => ({
    id: s.id,
    label: s.label,
    data: s.data,
    ...(s.stack ? { stack: s.stack } : {}),
    valueFormatter: (value: number | null) => formatValue(s.kind, value),
  }));
  return (
    // The figure names the chart; the chart's own title/desc would label its role="none" surface (axe aria-prohibited-attr).
    <Box component="figure" aria-label={description} data-chart={chart.id} sx={{ m: 0 }}>
      {chart.type === 'line' ? (
        <LineChart
          height={height}
          margin={margin}
          xAxis={[{ ...xAxis[0], scaleType: 'point' as const }]}
          yAxis={yAxis}
          series={series}
          hideLegend={series.length < 2}
          skipAnimation
        />
      ) : (
        <BarChart
          height={height}
          margin={margin}
          xAxis={xAxis}
          yAxis={yAxis}
          series={series}
          hideLegend={series.length < 2}
          skipAnimation
        />
      )}
    </Box>
  );
}
