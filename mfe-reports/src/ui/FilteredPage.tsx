// What the Dashboard and the Reports share: the title, the filter bar with the caller's scope, the
// configuration's entries the user's roles see, and what to say when there are none.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReporteeDetails, ReportsConfig } from '@originate/contract';
import { errorText } from '@originate/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useProducts, useReportees, useReportsConfig } from '../api/useReports';
import type { FilterState } from '../domain/filters';
import { FilterBar, useFilter } from './FilterBar';
import { LoadState } from './LoadState';
import { useUserRoles } from './useUserRoles';

/** An operations admin's, now and then: its code comes when it opens. */
const ConfigureDialog = lazy(() => import('./ConfigureDialog').then((m) => ({ default: m.ConfigureDialog })));

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
  const [configuring, setConfiguring] = useState(false);
  // The server lets an operations admin (ADMIN) change configuration; nobody else sees the button.
  const mayConfigure = roles.includes('ADMIN') && config.data !== undefined;
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {mayConfigure && (
          <Button variant="outlined" size="small" onClick={() => setConfiguring(true)}>
            Configure
          </Button>
        )}
      </Stack>
      {configuring && config.data && (
        <Suspense fallback={null}>
          <ConfigureDialog open onClose={() => setConfiguring(false)} config={config.data} />
        </Suspense>
      )}
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
