// My Leads and Team Leads: the shared server list (@originate/web/lists) over POST /v3/lead/leads, with
// counts per status, source and product, a 'Due today' switch, follow-ups due today highlighted, and live
// refetching when a lead changes.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { alpha, useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_PATHS,
  formatBankDateTime,
  isFollowUpDue,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_TABLE_IDS,
  type LeadList,
  type LeadRow,
  PAGE_SIZE_DEFAULT,
} from '@originate/contract';
import {
  CountChips,
  configuredColumns,
  ExportButton,
  SavedFilters,
  ServerListGrid,
  useServerList,
  useTableConfig,
} from '@originate/web/lists';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLeadsPage, useLiveLeads } from '../api/useLeads';
import { initialLeadListState, LEAD_COUNT_FIELDS, toLeadListBody } from '../domain/leadList';
import { leadPath } from '../domain/pages';

const CURRENCY_FIELDS: ReadonlySet<string> = new Set(['loanAmount']);
const OPTION_LABELS = { status: LEAD_STATUS_LABELS, source: LEAD_SOURCE_LABELS };

export function LeadListPage({ list, title }: { list: LeadList; title: string }) {
  const tableId = LEAD_TABLE_IDS[list];
  const table = useTableConfig(tableId);
  const navigate = useNavigate();
  const theme = useTheme();
  const columnsConfig = table.data?.columns;
  const listState = useServerList(
    () => initialLeadListState(list, PAGE_SIZE_DEFAULT),
    tableId,
    columnsConfig,
    table.data?.defaultSort,
  );
  const { state, setState, sort } = listState;
  const body = toLeadListBody(state, sort);
  const page = useLeadsPage(body, table.isSuccess);
  useLiveLeads();

  // 'Due today' is judged at the time the page arrived, not re-rendered by a clock.
  const now = page.dataUpdatedAt > 0 ? page.dataUpdatedAt : Date.now();
  const columns = useMemo(
    () =>
      columnsConfig
        ? configuredColumns<LeadRow>(columnsConfig, {
            currencyFields: CURRENCY_FIELDS,
            optionLabels: OPTION_LABELS,
            values: {
              ownerName: (row) => row.ownerName ?? 'Unassigned',
              product_code: (row) => row.product_name,
            },
            // A follow-up is a time of day too.
            cells: { followUpAt: (row) => (row.followUpAt ? formatBankDateTime(row.followUpAt) : '—') },
          })
        : [],
    [columnsConfig],
  );
  const onChip = (chip: typeof state.chip) => setState((s) => ({ ...s, chip, page: 0 }));

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1, minWidth: 180 }}>
          {title}
        </Typography>
        <ExportButton path={API_PATHS.leads} body={body} disabled={!page.data || page.data.count === 0} />
        <Button component={RouterLink} to="/leads/new" variant="contained">
          Create lead
        </Button>
      </Box>

      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label="Search this list"
          placeholder="Lead ID, name or mobile"
          value={listState.searchInput}
          onChange={(e) => listState.setSearchInput(e.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: 360 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={state.dueToday}
              onChange={(e) => setState((s) => ({ ...s, dueToday: e.target.checked, page: 0 }))}
            />
          }
          label={`Due today${page.data ? ` (${page.data.dueTodayCount})` : ''}`}
        />
        <SavedFilters tableId={tableId} filters={state.filters} sort={state.sort} onApply={listState.applySaved} />
      </Box>

      {page.data ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {page.data.count} {page.data.count === 1 ? 'lead' : 'leads'}
          </Typography>
          <CountChips
            title="Status"
            field={LEAD_COUNT_FIELDS.status}
            entries={page.data.statusWise.map((s) => ({
              key: s.status,
              label: LEAD_STATUS_LABELS[s.status],
              count: s.count,
            }))}
            chip={state.chip}
            onChip={onChip}
          />
          <CountChips
            title="Source"
            field={LEAD_COUNT_FIELDS.source}
            entries={page.data.sourceWise.map((s) => ({
              key: s.source,
              label: LEAD_SOURCE_LABELS[s.source],
              count: s.count,
            }))}
            chip={state.chip}
            onChip={onChip}
          />
          <CountChips
            title="Product"
            field={LEAD_COUNT_FIELDS.product}
            entries={page.data.productWise.map((p) => ({ key: p.product_code, label: p.product_name, count: p.count }))}
            chip={state.chip}
            onChip={onChip}
          />
        </Box>
      ) : (
        !page.isError && <Skeleton variant="rounded" height={72} />
      )}
      {table.isError && <Alert severity="error">The list's columns could not be loaded: {table.error.message}</Alert>}
      {page.isError && <Alert severity="error">The list could not be loaded: {page.error.message}</Alert>}

      <ServerListGrid<LeadRow>
        label={title}
        rows={page.data?.leads ?? []}
        columns={columns}
        getRowId={(row) => row.lead_id}
        rowCount={page.data?.count ?? 0}
        loading={table.isPending || page.isFetching}
        grid={listState.grid}
        onOpen={(row) => navigate(leadPath(row.lead_id))}
        getRowClassName={({ row }) => (isFollowUpDue(row, now) ? 'lead-due' : '')}
        rowSx={{
          // A tint and a bar, so the row stays readable and selected or hovered rows still show.
          '& .lead-due': {
            bgcolor: alpha(theme.palette.warning.main, 0.1),
            boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}`,
          },
          '& .lead-due:hover': { bgcolor: alpha(theme.palette.warning.main, 0.18) },
          '& .lead-due .MuiDataGrid-cell[data-field="followUpAt"]': { fontWeight: 700, color: 'warning.dark' },
        }}
      />
    </Box>
  );
}
