// One application list (spec §2 menu, §7 lists): MUI's data grid in server-side mode over GraphQL
// 'applications', its counts, local search, review buckets, saved filters, list and grid views, row
// actions, and live refetching.
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridFilterModel, type GridSortModel } from '@mui/x-data-grid';
import {
  type ApplicationList,
  GRID_PAGE_SIZE_OPTIONS,
  LIST_TABLE_IDS,
  type ListTask,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  type SavedFilter,
  TASK_REVIEW_BUCKETS,
  type TaskReviewBucket,
  type User,
} from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApplicationsPage, useLiveLists, useSavedFilters, useTableConfig } from '../../api/useLists';
import {
  filtersFromModel,
  gridItemsFrom,
  initialListState,
  type ListState,
  sortFromModel,
  toVariables,
} from '../../domain/lists';
import { openPath, rowActions } from '../../domain/rowActions';
import { CardGrid } from './CardGrid';
import { CountsBar } from './CountsBar';
import { buildColumns } from './columns';
import { RowActionsMenu } from './RowActionsMenu';
import { SavedFilters } from './SavedFilters';
import { StartApplicationButton } from './StartApplicationButton';
import { useTaskActions } from './useTaskActions';

type View = 'list' | 'grid';
/** Spec §9 gives the grid view's options but no default: the smallest that fills three columns. */
const GRID_PAGE_SIZE_DEFAULT = GRID_PAGE_SIZE_OPTIONS[1];
const SEARCH_DELAY_MS = 300;

export function ListPage({ list, title }: { list: ApplicationList; title: string }) {
  const user = useAtomValue(userAtom);
  return user ? <ListView list={list} title={title} user={user} /> : null;
}

function ListView({ list, title, user }: { list: ApplicationList; title: string; user: User }) {
  const tableId = LIST_TABLE_IDS[list];
  const table = useTableConfig(tableId);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>('list');
  const [state, setState] = useState<ListState>(() => initialListState(list, PAGE_SIZE_DEFAULT, null));
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const [searchInput, setSearchInput] = useState('');
  const columnsConfig = table.data?.columns;

  const sort = state.sort ?? table.data?.defaultSort ?? null;
  const variables = toVariables({ ...state, sort });
  const page = useApplicationsPage(variables, table.isSuccess);
  useLiveLists();
  const { onAction, dialog } = useTaskActions(user);

  // The local search is sent once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(
      () => setState((s) => (s.search === searchInput ? s : { ...s, search: searchInput, page: 0 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput]);

  const applySaved = (saved: Pick<SavedFilter, 'filters' | 'sort'>) => {
    if (!columnsConfig) return;
    setFilterModel({ items: gridItemsFrom(saved.filters, columnsConfig) });
    setState((s) => ({ ...s, filters: saved.filters, sort: saved.sort ?? null, page: 0 }));
  };

  // ?filter=<name> (from the Filters page) applies that saved filter once.
  const savedName = params.get('filter');
  const saved = useSavedFilters(tableId);
  useEffect(() => {
    if (!savedName || !saved.data || !columnsConfig) return;
    const found = saved.data.find((f) => f.name === savedName);
    if (found) applySaved(found);
    setParams((p) => {
      p.delete('filter');
      return p;
    });
  });

  // SLA states are judged at the time the page arrived, not re-rendered by a clock.
  const now = useMemo(() => (page.dataUpdatedAt > 0 ? page.dataUpdatedAt : Date.now()), [page.dataUpdatedAt]);
  // The grid takes its columns and models by identity: new ones on every render would reset it in a loop.
  const onActionRef = useRef(onAction);
  onActionRef.current = onAction;
  const renderActions = useCallback(
    (row: ListTask) => (
      <RowActionsMenu row={row} actions={rowActions(row, user)} onAction={(a, r) => onActionRef.current(a, r)} />
    ),
    [user],
  );
  const columns = useMemo(
    () => (columnsConfig ? buildColumns(columnsConfig, now, renderActions) : []),
    [columnsConfig, now, renderActions],
  );
  const paginationModel = useMemo(() => ({ page: state.page, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const sortModel = useMemo<GridSortModel>(() => (sort ? [{ field: sort.field, sort: sort.direction }] : []), [sort]);
  const open = (row: ListTask) => navigate(openPath(row, user));

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
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
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
        <SavedFilters tableId={tableId} filters={state.filters} sort={state.sort} onApply={applySaved} />
      </Box>

      {page.data ? (
        <CountsBar data={page.data} chip={state.chip} onChip={(chip) => setState((s) => ({ ...s, chip, page: 0 }))} />
      ) : (
        !page.isError && <Skeleton variant="rounded" height={72} />
      )}
      {table.isError && <Alert severity="error">The list's columns could not be loaded: {table.error.message}</Alert>}
      {page.isError && <Alert severity="error">The list could not be loaded: {page.error.message}</Alert>}

      {view === 'list' ? (
        <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
          <DataGrid<ListTask>
            aria-label={title}
            rows={page.data?.tasks ?? []}
            columns={columns}
            getRowId={(row) => row.taskId}
            rowCount={page.data?.count ?? 0}
            loading={table.isPending || page.isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={paginationModel}
            onPaginationModelChange={(m) =>
              setState((s) =>
                m.page === s.page && m.pageSize === s.pageSize
                  ? s
                  : { ...s, page: m.pageSize === s.pageSize ? m.page : 0, pageSize: m.pageSize },
              )
            }
            pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
            sortModel={sortModel}
            onSortModelChange={(m) => setState((s) => ({ ...s, sort: sortFromModel(m), page: 0 }))}
            filterModel={filterModel}
            onFilterModelChange={(m) => {
              setFilterModel(m);
              if (columnsConfig)
                setState((s) => ({ ...s, filters: filtersFromModel(m.items, columnsConfig), page: 0 }));
            }}
            onRowClick={({ row }) => open(row)}
            disableRowSelectionOnClick
            // The toolbar's Filters and Columns; no quick filter (the search box is the server's) and no
            // export (it would export one page only).
            showToolbar
            slotProps={{
              toolbar: {
                showQuickFilter: false,
                csvOptions: { disableToolbarButton: true },
                printOptions: { disableToolbarButton: true },
              },
            }}
            getRowHeight={() => 'auto'}
            autoHeight
            sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell': { py: 0.75 } }}
          />
        </Paper>
      ) : (
        <CardGrid
          rows={page.data?.tasks ?? []}
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
