// The Dashboard: the filter bar, then the widgets the configuration gives the user's roles, each a card of
// a responsive grid that loads on its own: its code (and its charts' library) only when it comes near the
// screen, so the landing page paints with the frames alone. The grid is CSS grid on a Box (the shell's copy, already
// loaded): MUI's Grid brought its own copy of @mui/system's styling (createTheme, breakpoints, spacing, emotion's
// serializer: MUI imports them relatively, so no share matched): 6 files, 12.8 KiB br before the frames could show.
import Box from '@mui/material/Box';
import type { DashboardWidgetId } from '@originate/contract';
import { lazy } from 'react';
import { visibleWidgets } from '../domain/visibility';
import { FilteredPage } from './FilteredPage';
import { WhenNear } from './WhenNear';

const DashboardWidget = lazy(() => import('./Widgets').then((m) => ({ default: m.DashboardWidget })));

/** Widgets with many categories take more of a row on large screens. */
const WIDE: ReadonlySet<DashboardWidgetId> = new Set(['pipeline', 'applicationsOverTime', 'targets']);

/** Columns of the 12 a widget spans: all of a row on small screens, half (wide: all) from lg, a third (wide: two) from xl. */
const span = (wide: boolean) => ({ xs: 'span 12', lg: wide ? 'span 12' : 'span 6', xl: wide ? 'span 8' : 'span 4' });

export function DashboardPage({ title }: { title: string }) {
  return (
    <FilteredPage
      title={title}
      what="The dashboard configuration"
      nothing="No dashboard widgets are configured for you."
      entriesOf={visibleWidgets}
    >
      {(widgets, filter, reportees) => (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 2 }}>
          {widgets.map((widget) => (
            <Box key={widget.id} sx={{ gridColumn: span(WIDE.has(widget.id)), minWidth: 0 }}>
              <WhenNear testId={`widget-${widget.id}`} title={widget.title}>
                <DashboardWidget widget={widget.id} title={widget.title} filter={filter} reportees={reportees} />
              </WhenNear>
            </Box>
          ))}
        </Box>
      )}
    </FilteredPage>
  );
}
