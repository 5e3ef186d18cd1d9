// The Dashboard: the filter bar, then the widgets the configuration gives the user's roles, each a card of
// a responsive grid that loads on its own.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { DashboardWidgetId } from '@originate/contract';
import { useProducts, useReportees, useReportsConfig } from '../api/useReports';
import { errorText } from '../domain/errors';
import { visibleWidgets } from '../domain/visibility';
import { FilterBar, useFilter } from './FilterBar';
import { LoadState } from './LoadState';
import { useUserRoles } from './useUserRoles';
import { WhenNear } from './WhenNear';
import { DashboardWidget } from './Widgets';

/** Widgets with many categories take more of a row on large screens. */
const WIDE: ReadonlySet<DashboardWidgetId> = new Set(['pipeline', 'applicationsOverTime', 'targets']);

export function DashboardPage({ title }: { title: string }) {
  const config = useReportsConfig();
  const reportees = useReportees();
  const products = useProducts();
  const roles = useUserRoles();
  const { draft, applied, change } = useFilter();
  const widgets = config.data ? visibleWidgets(config.data, roles) : [];

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <FilterBar
        draft={draft}
        applied={applied}
        onChange={change}
        reportees={reportees.data}
        products={products.data}
      />
      {reportees.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The team and user filters could not be loaded: {errorText(reportees.error)}
        </Alert>
      )}
      <LoadState query={config} what="The dashboard configuration" />
      {config.data && widgets.length === 0 && (
        <Typography color="text.secondary">No dashboard widgets are configured for you.</Typography>
      )}
      <Grid container spacing={2}>
        {widgets.map((widget) => (
          <Grid key={widget.id} size={{ xs: 12, lg: WIDE.has(widget.id) ? 12 : 6, xl: WIDE.has(widget.id) ? 8 : 4 }}>
            <WhenNear testId={`widget-${widget.id}`} title={widget.title}>
              <DashboardWidget widget={widget.id} title={widget.title} filter={applied} reportees={reportees.data} />
            </WhenNear>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
