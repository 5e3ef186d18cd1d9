// One dashboard widget as a Card: its title (the card's accessible name), its own controls, then loading
// (skeleton), error (the reason and Retry), empty text, or the figures and the charts with a "Table view"
// toggle showing the same data as a table. Each card is fed by its own query.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { errorText } from '@originate/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { Figure, WidgetView } from '../domain/views';
import { DataTable } from './DataTable';
import { WidgetSkeleton } from './WidgetSkeleton';

// The charts' library comes with the first chart to draw, not with the card (nor with an empty or failed one).
const ChartView = lazy(() => import('./ChartView').then((m) => ({ default: m.ChartView })));
/** A chart's room while the library comes: the chart's own height, so nothing below moves. */
const CHART_ROOM = 280;

/** What a card needs of its query (or of two queries, for targets). */
export interface WidgetState {
  view: WidgetView | undefined;
  pending: boolean;
  fetching: boolean;
  error: unknown;
  retry: () => void;
}

/** A query result as a card's state, its answer turned into the view. */
export function widgetState<T>(
  query: { data: T | undefined; isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown },
  toView: (data: T) => WidgetView,
): WidgetState {
  return {
    view: query.data === undefined ? undefined : toView(query.data),
    pending: query.isPending,
    fetching: query.isFetching,
    error: query.error,
    retry: () => void query.refetch(),
  };
}

function Figures({ figures, testId }: { figures: Figure[]; testId: string }) {
  if (figures.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 2 }}
      data-testid={`${testId}-figures`}
    >
      {figures.map((figure) => (
        <Box key={figure.id} data-testid={`${testId}-figure-${figure.id}`}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function WidgetCard({
  id,
  title,
  state,
  actions,
}: {
  id: string;
  title: string;
  state: WidgetState;
  /** The widget's own controls (interval toggle, Set targets). */
  actions?: ReactNode;
}) {
  const [tableView, setTableView] = useState(false);
  const titleId = `widget-${id}-title`;
  const testId = `widget-${id}`;
  const { view } = state;

  let body: ReactNode;
  if (state.error && !view) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={state.retry}>
            Retry
          </Button>
        }
      >
        {title} could not be loaded: {errorText(state.error)}
      </Alert>
    );
  } else if (state.pending || !view) {
    body = <WidgetSkeleton label={`Loading ${title}`} />;
  } else if (view.empty) {
    body = (
      <>
        <Figures figures={view.figures} testId={testId} />
        <Typography color="text.secondary" data-testid={`${testId}-empty`}>
          No data for these filters.
        </Typography>
      </>
    );
  } else {
    body = (
      <>
        <Figures figures={view.figures} testId={testId} />
        {tableView ? (
          <DataTable table={view.table} caption={`${title} table`} testId={`${testId}-table`} />
        ) : (
          <Suspense fallback={<WidgetSkeleton label={`Loading ${title} chart`} height={CHART_ROOM} figures={false} />}>
            {view.charts.map((chart) => (
              <ChartView key={chart.id} chart={chart} />
            ))}
          </Suspense>
        )}
      </>
    );
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      aria-busy={state.fetching}
      data-testid={testId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardHeader
        title={title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {actions}
            {view && !view.empty && (
              <FormControlLabel
                control={<Switch checked={tableView} onChange={(event) => setTableView(event.target.checked)} />}
                label="Table view"
              />
            )}
          </Box>
        }
      />
      <CardContent sx={{ flexGrow: 1 }}>
        {state.error && view ? (
          <Alert severity="warning" sx={{ mb: 2 }} action={<Button onClick={state.retry}>Retry</Button>}>
            Some figures could not be loaded: {errorText(state.error)}
          </Alert>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
