// Followed (spec §7 getApplicationsFollowed): the applications the user follows (Follow in the detail's
// header), newest follow first, 10 a page; a row opens the application. Live: a change anywhere refetches it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GLOBAL_SEARCH_PAGE_SIZE } from '@originate/contract';
import { useState } from 'react';
import { useFollowed } from '../../api/useFollow';
import { useLiveLists } from '../../api/useLists';
import { SlaChips } from './columns';
import { TaskPageGrid } from './TaskPageGrid';

export function FollowedPage() {
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
      <TaskPageGrid
        label="Followed applications"
        answer={followed.data}
        fetching={followed.isFetching}
        page={page}
        onPage={setPage}
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
    </Box>
  );
}
