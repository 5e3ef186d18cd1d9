// Followed (spec §7 getApplicationsFollowed): the applications the user follows (Follow in the detail's
// header), newest follow first, 10 a page; a row opens the application. Live: a change anywhere refetches it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { GLOBAL_SEARCH_PAGE_SIZE, type ListTask } from '@originate/contract';
import { userAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFollowed } from '../../api/useFollow';
import { useLiveLists } from '../../api/useLists';
import { openPath } from '../../domain/rowActions';
import { SlaChips } from './columns';

export function FollowedPage() {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const followed = useFollowed(page, GLOBAL_SEARCH_PAGE_SIZE);
  useLiveLists();
  const now = followed.dataUpdatedAt > 0 ? followed.dataUpdatedAt : Date.now();
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Followed
      </Typography>
      {followed.isError && <Alert severity="error">The list failed: {followed.error.message}</Alert>}
      {followed.data?.count === 0 && (
        <Typography color="text.secondary">
          You follow no application. Follow one from its page to hear when its step changes.
        </Typography>
      )}
      <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
        <DataGrid<ListTask>
          aria-label="Followed applications"
          rows={followed.data?.data ?? []}
          getRowId={(r) => r.taskId}
          rowCount={followed.data?.count ?? 0}
          loading={followed.isFetching}
          paginationMode="server"
          paginationModel={{ page, pageSize: GLOBAL_SEARCH_PAGE_SIZE }}
          onPaginationModelChange={(m) => setPage(m.page)}
          pageSizeOptions={[GLOBAL_SEARCH_PAGE_SIZE]}
          disableColumnFilter
          disableColumnSorting
          disableRowSelectionOnClick
          autoHeight
          onRowClick={({ row }) => user && navigate(openPath(row, user))}
          sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          columns={[
            { field: 'application_id', headerName: 'Application ID', flex: 1.2, minWidth: 140 },
            { field: 'applicantName', headerName: 'Applicant', flex: 1.2, minWidth: 140 },
            { field: '_applicationStatus', headerName: 'Status', flex: 0.8, minWidth: 100 },
            { field: 'stage', headerName: 'Stage', flex: 1, minWidth: 110 },
            { field: 'name', headerName: 'Task', flex: 1, minWidth: 120 },
            { field: 'assignedToName', headerName: 'Assignee', flex: 1, minWidth: 120 },
            {
              field: 'operationalLevelAgreement',
              headerName: 'SLA',
              flex: 1.4,
              minWidth: 180,
              sortable: false,
              renderCell: ({ row }) => <SlaChips row={row} now={now} />,
            },
          ]}
        />
      </Paper>
    </Box>
  );
}
