// One page of tasks from a search-like call (global search, followed), 10 a page; a row opens the application.
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { GLOBAL_SEARCH_PAGE_SIZE, type ListTask } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { openPath } from '../../domain/rowActions';

export function TaskPageGrid({
  label,
  answer,
  fetching,
  page,
  onPage,
  columns,
}: {
  label: string;
  answer: { data: ListTask[]; count: number } | undefined;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
  columns: GridColDef<ListTask>[];
}) {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
      <DataGrid<ListTask>
        aria-label={label}
        rows={answer?.data ?? []}
        getRowId={(r) => r.taskId}
        rowCount={answer?.count ?? 0}
        loading={fetching}
        paginationMode="server"
        paginationModel={{ page, pageSize: GLOBAL_SEARCH_PAGE_SIZE }}
        onPaginationModelChange={(m) => onPage(m.page)}
        pageSizeOptions={[GLOBAL_SEARCH_PAGE_SIZE]}
        disableColumnFilter
        disableColumnSorting
        disableRowSelectionOnClick
        autoHeight
        onRowClick={({ row }) => user && navigate(openPath(row, user))}
        sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        columns={columns}
      />
    </Paper>
  );
}
