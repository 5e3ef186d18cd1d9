// One application list (spec §2 menu, §7 lists): the shared server list (@originate/web/lists: MUI's data
// grid in server-side mode, saved filters, count chips) over GraphQL 'applications', with this list's
// counts, review buckets, list and grid views, row actions, and live refetching.
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  API_PATHS,
  type ApplicationList,
  GRID_PAGE_SIZE_OPTIONS,
  LIST_TABLE_IDS,
  type ListTask,
  PAGE_SIZE_DEFAULT,
  TASK_REVIEW_BUCKETS,
  type TaskReviewBucket,
  type User,
} from '@originate/contract';
import { userAtom } from '@originate/web';
import {
  ExportButton,
  hiddenColumns,
  SavedFilters,
  ServerListGrid,
  useServerList,
  useTableConfig,
} from '@originate/web/lists';
import { useAtomValue } from 'jotai';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApplicationsPage, useLiveLists } from '../../api/useLists';
import { initialListState, toExportBody, toVariables } from '../../domain/lists';
import { openPath, rowActions } from '../../domain/rowActions';
import { CardGrid } from './CardGrid';
import { CountsBar } from './CountsBar';
import { buildColumns, SLA_ROW_HEIGHT } from './columns';
import { RowActionsMenu } from './RowActionsMenu';
import { StartApplicationButton } from './StartApplicationButton';
import { useTaskActions } from './useTaskActions';

type View = 'list' | 'grid';
/** Spec §9 gives the grid view's options but no default: the smallest that fills three columns. */
const GRID_PAGE_SIZE_DEFAULT = GRID_PAGE_SIZE_OPTIONS[1];
// The grid compares its props by identity: these never change.
const NO_TASKS: ListTask[] = [];
const taskId = (row: ListTask) => row.taskId;
/**
 * The Application ID stays in view while the rows scroll sideways (to a row's actions at the far right, where
 * the menu's focus leaves the grid after an action): the grid's column pinning is not in its free edition.
 */
const PINNED_ID = {
  '& .MuiDataGrid-cell[data-field="application_id"], & .MuiDataGrid-columnHeader[data-field="application_id"]': {
    position: 'sticky',
    left: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    borderRight: 1,
    borderColor: 'divider',
  },
};

export function ListPage({ list, title }: { list: ApplicationList; title: string }) {
  const user = useAtomValue(userAtom);
  return user ? <ListView list={list} title={title} user={user} /> : null;
}

function ListView({ list, title, user }: { list: ApplicationList; title: string; user: User }) {
  const tableId = LIST_TABLE_IDS[list];
  const table = useTableConfig(tableId);
  const navigate = useNavigate();
  const [view, setView] = useState<View>('list');
  const columnsConfig = table.data?.columns;
  const listState = useServerList(
    () => initialListState(list, PAGE_SIZE_DEFAULT, null),
    tableId,
    columnsConfig,
    table.data?.defaultSort,
  );
  const { state, setState, sort } = listState;

  // The page is asked at once, beside the table configuration: with no sort of the user's the server applies
  // the table's default itself, so the request needs nothing from the configuration. A saved filter named in
  // the address is applied first (then the address loses it).
  const [params] = useSearchParams();
  const variables = toVariables(state);
  const page = useApplicationsPage(variables, !params.has('filter'));
  useLiveLists();
  const { onAction, dialog } = useTaskActions(user);

  // SLA states are judged at the time the page arrived, not re-rendered by a clock.
  const now = useMemo(() => (page.dataUpdatedAt > 0 ? page.dataUpdatedAt : Date.now()), [page.dataUpdatedAt]);
  // The grid takes its columns by identity: new ones on every render would reset it in a loop, and new ones
  // per page would have it rebuild every column. Cells read the page's time and the actions through refs:
  // a new page brings new rows, so its cells are drawn again anyway.
  const nowRef = useRef(now);
  nowRef.current = now;
  const onActionRef = useRef(onAction);
  onActionRef.current = onAction;
  const renderActions = useCallback(
    (row: ListTask) => (
      <RowActionsMenu row={row} actions={rowActions(row, user)} onAction={(a, r) => onActionRef.current(a, r)} />
    ),
    [user],
  );
  const columns = useMemo(
    () => (columnsConfig ? buildColumns(columnsConfig, () => nowRef.current, renderActions) : []),
    [columnsConfig, renderActions],
  );
  const hidden = useMemo(() => hiddenColumns(columnsConfig), [columnsConfig]);
  const open = useCallback((row: ListTask) => navigate(openPath(row, user)), [navigate, user]);
  // The rows are painted first; the count chips follow in a render of their own (they are many elements).
  const counts = useDeferredValue(page.data);

  const setView_ = (next: View | null) => {
    if (!next || next === view) return;
    setView(next);
    setState((s) => ({ ...s, page: 0, pageSize: next === 'grid' ? GRID_PAGE_SIZE_DEFAULT : PAGE_SIZE_DEFAULT }));
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1, minWidth: 180 }}>
          {title}
        </Typography>
        <StartApplicationButton list={list} roles={user.roles} />
        <ExportButton
          path={API_PATHS.exportApplications}
          body={toExportBody({ ...state, sort })}
          disabled={!page.data || page.data.count === 0}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, v: View | null) => setView_(v)}
          aria-label="View"
        >
          <ToggleButton value="list" aria-label="List view">
            <ViewListOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="grid" aria-label="Grid view">
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label="Search this list"
          placeholder="Application ID or applicant"
          value={listState.searchInput}
          onChange={(e) => listState.setSearchInput(e.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: 360 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={state.bucket}
          onChange={(_, b: TaskReviewBucket | null) => b && setState((s) => ({ ...s, bucket: b, page: 0 }))}
          aria-label="Task review"
        >
          {TASK_REVIEW_BUCKETS.map((b) => (
            <ToggleButton key={b} value={b}>
              {b}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <SavedFilters tableId={tableId} filters={state.filters} sort={state.sort} onApply={listState.applySaved} />
      </Box>

      {counts ? (
        <CountsBar data={counts} chip={state.chip} onChip={(chip) => setState((s) => ({ ...s, chip, page: 0 }))} />
      ) : (
        !page.isError && <Skeleton variant="rounded" height={72} />
      )}
      {table.isError && <Alert severity="error">The list's columns could not be loaded: {table.error.message}</Alert>}
      {page.isError && <Alert severity="error">The list could not be loaded: {page.error.message}</Alert>}

      {view === 'list' ? (
        // The grid is made once with its columns and first rows: an empty grid drawn first would be laid out
        // and drawn again when they come (the grid is the page's costliest render).
        table.data && (page.data || page.isError) ? (
          <ServerListGrid<ListTask>
            label={title}
            rows={page.data?.tasks ?? NO_TASKS}
            columns={columns}
            getRowId={taskId}
            rowCount={page.data?.count ?? 0}
            loading={page.isFetching}
            grid={listState.grid}
            onOpen={open}
            hidden={hidden}
            rowHeight={SLA_ROW_HEIGHT}
            rowSx={PINNED_ID}
          />
        ) : (
          !table.isError && <Skeleton variant="rounded" height={320} />
        )
      ) : (
        <CardGrid
          rows={page.data?.tasks ?? NO_TASKS}
          count={page.data?.count ?? 0}
          page={state.page}
          pageSize={state.pageSize}
          now={now}
          onPage={(p, size) => setState((s) => ({ ...s, page: p, pageSize: size }))}
          onOpen={open}
          renderActions={renderActions}
        />
      )}
      {dialog}
    </Box>
  );
}
