// What the Dashboard and the Reports share: the title, the filter bar with the caller's scope, the
// configuration's entries the user's roles see, and what to say when there are none.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReporteeDetails, ReportsConfig } from '@originate/contract';
import type { ReactNode } from 'react';
import { useProducts, useReportees, useReportsConfig } from '../api/useReports';
import { errorText } from '../domain/errors';
import type { FilterState } from '../domain/filters';
import { FilterBar, useFilter } from './FilterBar';
import { LoadState } from './LoadState';
import { useUserRoles } from './useUserRoles';

export function FilteredPage<Entry>({
  title,
  what,
  nothing,
  entriesOf,
  children,
}: {
  title: string;
  /** The configuration's name in a load error ('The dashboard configuration'). */
  what: string;
  /** Said when the configuration gives the user no entry. */
  nothing: string;
  entriesOf: (config: ReportsConfig, roles: readonly string[]) => Entry[];
  children: (entries: Entry[], filter: FilterState, reportees: ReporteeDetails | undefined) => ReactNode;
}) {
  const config = useReportsConfig();
  const reportees = useReportees();
  const products = useProducts();
  const roles = useUserRoles();
  const { draft, applied, change } = useFilter();
  const entries = config.data ? entriesOf(config.data, roles) : [];
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
      <LoadState query={config} what={what} />
      {config.data && entries.length === 0 && <Typography color="text.secondary">{nothing}</Typography>}
      {children(entries, applied, reportees.data)}
    </Box>
  );
}
