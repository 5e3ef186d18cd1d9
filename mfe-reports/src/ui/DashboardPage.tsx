// The Dashboard: the filter bar, then the widgets the configuration gives the user's roles, each a card of
// a responsive grid that loads on its own: its code (and its charts' library) only when it comes near the
// screen, so the landing page paints with the frames alone.
import Grid from '@mui/material/Grid';
import type { DashboardWidgetId } from '@originate/contract';
import { lazy } from 'react';
import { visibleWidgets } from '../domain/visibility';
import { FilteredPage } from './FilteredPage';
import { WhenNear } from './WhenNear';

const DashboardWidget = lazy(() => import('./Widgets').then((m) => ({ default: m.DashboardWidget })));

/** Widgets with many categories take more of a row on large screens. */
const WIDE: ReadonlySet<DashboardWidgetId> = new Set(['pipeline', 'applicationsOverTime', 'targets']);

export function DashboardPage({ title }: { title: string }) {
  return (
    <FilteredPage
      title={title}
      what="The dashboard configuration"
      nothing="No dashboard widgets are configured for you."
      entriesOf={visibleWidgets}
    >
      {(widgets, filter, reportees) => (
        <Grid container spacing={2}>
          {widgets.map((widget) => (
            <Grid key={widget.id} size={{ xs: 12, lg: WIDE.has(widget.id) ? 12 : 6, xl: WIDE.has(widget.id) ? 8 : 4 }}>
              <WhenNear testId={`widget-${widget.id}`} title={widget.title}>
                <DashboardWidget widget={widget.id} title={widget.title} filter={filter} reportees={reportees} />
              </WhenNear>
            </Grid>
          ))}
        </Grid>
      )}
    </FilteredPage>
  );
}
