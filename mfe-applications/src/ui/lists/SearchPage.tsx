// Search (spec §2 menu, §9 global search): POST /backstage/globalSearch over application_id,
// _applicationStatus, initiatedBy and cre_time, 10 a page, across every task the user may open.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GLOBAL_SEARCH_FIELDS, GLOBAL_SEARCH_PAGE_SIZE } from '@originate/contract';
import { formatCell } from '@originate/web/lists';
import { type FormEvent, useState } from 'react';
import { useGlobalSearch } from '../../api/useLists';
import { TaskPageGrid } from './TaskPageGrid';

export function SearchPage() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const found = useGlobalSearch(query, page, GLOBAL_SEARCH_PAGE_SIZE);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(input.trim());
    setPage(0);
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Search
      </Typography>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label="Search applications"
          helperText={`Searches ${GLOBAL_SEARCH_FIELDS.join(', ')}`}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ flex: '1 1 260px', maxWidth: 480 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" disabled={input.trim() === ''} sx={{ alignSelf: 'flex-start' }}>
          Search
        </Button>
      </Box>
      {found.isError && <Alert severity="error">The search failed: {found.error.message}</Alert>}
      {query && (
        <TaskPageGrid
          label="Search results"
          answer={found.data}
          fetching={found.isFetching}
          page={page}
          onPage={setPage}
          columns={[
            { field: 'application_id', headerName: 'Application ID', flex: 1.2, minWidth: 140 },
            { field: 'applicantName', headerName: 'Applicant', flex: 1.2, minWidth: 140 },
            { field: '_applicationStatus', headerName: 'Status', flex: 0.8, minWidth: 100 },
            {
              field: 'initiatedBy',
              headerName: 'Initiated by',
              flex: 1,
              minWidth: 120,
              valueGetter: (_v, row) => row.initiatedBy?.displayName ?? '—',
            },
            {
              field: 'cre_time',
              headerName: 'Created',
              flex: 0.8,
              minWidth: 110,
              valueFormatter: (v) => formatCell({ field: 'cre_time', kind: 'date' }, v),
            },
            { field: 'stage', headerName: 'Stage', flex: 1, minWidth: 110 },
            { field: 'name', headerName: 'Task', flex: 1, minWidth: 120 },
          ]}
        />
      )}
    </Box>
  );
}
