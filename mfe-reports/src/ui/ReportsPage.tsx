// The Reports page: the same filters, then each configured report as a table with its spreadsheet export
// (the server writes the file from the same request, ?exportFile=xlsx; ExportButton of @originate/web/export).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_PATHS, errorText, type ReporteeDetails, type ReportId } from '@originate/contract';
import { ExportButton } from '@originate/web/export';
import { type ReactNode, useMemo, useState } from 'react';
import { useFlowCounts, useTargets, useUserProductReport } from '../api/useReports';
import { displayMonth, monthOf } from '../domain/dates';
import { type FilterState, reportBody, targetQuery, userRangeBody, usersInScope } from '../domain/filters';
import { flowTable, type TableView, targetTable, userProductTable } from '../domain/views';
import { visibleReports } from '../domain/visibility';
import { DataTable } from './DataTable';
import { FilteredPage } from './FilteredPage';
import { LoadState } from './LoadState';
import { SetTargetsDialog } from './SetTargetsDialog';

interface ReportProps {
  id: ReportId;
  title: string;
  filter: FilterState;
  reportees: ReporteeDetails | undefined;
}

/** A report's card: title (its accessible name), controls, then the table or its state. */
function ReportCard({
  id,
  title,
  actions,
  children,
}: {
  id: ReportId;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `report-${id}-title`;
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={`report-${id}`} variant="outlined">
      <CardHeader
        title={title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        action={<Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>{actions}</Box>}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ReportTable({
  query,
  toTable,
  id,
  title,
  emptyText = 'No data for these filters.',
}: {
  query: Parameters<typeof LoadState>[0]['query'] & { data: unknown };
  toTable: () => TableView | null;
  id: ReportId;
  title: string;
  emptyText?: string;
}) {
  const table = query.data === undefined ? null : toTable();
  if (!table) return <LoadState query={query} what={title} />;
  return (
    <>
      {query.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Showing earlier figures: {errorText(query.error)}
        </Alert>
      )}
      {table.rows.length === 0 ? (
        <Typography color="text.secondary" data-testid={`report-${id}-empty`}>
          {emptyText}
        </Typography>
      ) : (
        <DataTable table={table} caption={title} testId={`report-${id}-table`} />
      )}
    </>
  );
}

function UserProductReport({ id, title, filter }: ReportProps) {
  const body = useMemo(() => reportBody(filter), [filter]);
  const query = useUserProductReport(body);
  return (
    <ReportCard
      id={id}
      title={title}
      actions={<ExportButton path={API_PATHS.applicationsByInitiatedByAndProductType} body={body} />}
    >
      <ReportTable
        query={query}
        id={id}
        title={title}
        toTable={() => (query.data ? userProductTable(query.data) : null)}
      />
    </ReportCard>
  );
}

function TargetReport({ id, title, filter, reportees }: ReportProps) {
  const query = useMemo(() => targetQuery(filter), [filter]);
  const targets = useTargets(query);
  const [setting, setSetting] = useState(false);
  const actions = (
    <>
      {reportees?.canSetTargets && (
        <Button size="small" variant="outlined" onClick={() => setSetting(true)}>
          Set targets
        </Button>
      )}
      <ExportButton path={API_PATHS.targets} body={query} />
    </>
  );
  return (
    <ReportCard id={id} title={title} actions={actions}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Month: {displayMonth(query.month)} (the month the range ends in)
      </Typography>
      <ReportTable
        query={targets}
        id={id}
        title={title}
        toTable={() => (targets.data ? targetTable(targets.data) : null)}
        emptyText="No users with targets or applications this month."
      />
      {setting && reportees && (
        <SetTargetsDialog
          open
          onClose={() => setSetting(false)}
          reportees={reportees}
          initialUserId={filter.userId}
          initialMonth={monthOf(filter.to)}
        />
      )}
    </ReportCard>
  );
}

/**
 * Per user: their applications per flow. The user is the filter's when one is chosen, else picked here.
 * Export (the route's ?exportFile=xlsx) once there is a user to ask for.
 */
function FlowReport({ id, title, filter, reportees }: ReportProps) {
  const users = reportees ? usersInScope(reportees, filter.teamId) : [];
  const [picked, setPicked] = useState('');
  const only = users.length === 1 ? (users[0]?.userid ?? '') : '';
  const userId = filter.userId || picked || only;
  const body = useMemo(() => (userId ? userRangeBody(filter, userId) : null), [filter, userId]);
  const query = useFlowCounts(body);
  const picker = (
    <TextField
      select
      size="small"
      label="User"
      value={users.some((u) => u.userid === userId) ? userId : ''}
      onChange={(event) => setPicked(event.target.value)}
      disabled={Boolean(filter.userId) || users.length === 0}
      sx={{ minWidth: 200 }}
    >
      {users.map((user) => (
        <MenuItem key={user.userid} value={user.userid}>
          {user.displayName}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <ReportCard
      id={id}
      title={title}
      actions={
        <>
          {picker}
          <ExportButton
            path={API_PATHS.applicationCountByInitiatedByAndFlowName}
            body={body ?? {}}
            disabled={body === null}
          />
        </>
      }
    >
      {body === null ? (
        <Typography color="text.secondary" data-testid={`report-${id}-pick`}>
          Pick a user to see their applications per flow.
        </Typography>
      ) : (
        <ReportTable query={query} id={id} title={title} toTable={() => (query.data ? flowTable(query.data) : null)} />
      )}
    </ReportCard>
  );
}

const REPORTS: Record<ReportId, (props: ReportProps) => React.JSX.Element> = {
  applicationsByUserAndProduct: UserProductReport,
  targetAchievement: TargetReport,
  applicationsByFlow: FlowReport,
};

export function ReportsPage({ title }: { title: string }) {
  return (
    <FilteredPage
      title={title}
      what="The reports configuration"
      nothing="No reports are configured for you."
      entriesOf={visibleReports}
    >
      {(reports, filter, reportees) => (
        <Stack spacing={2}>
          {reports.map((report) => {
            const Report = REPORTS[report.id];
            return <Report key={report.id} id={report.id} title={report.title} filter={filter} reportees={reportees} />;
          })}
        </Stack>
      )}
    </FilteredPage>
  );
}
