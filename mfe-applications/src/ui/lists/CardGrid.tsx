// The grid view of a list: one card per task, paged with the grid sizes of spec §9 (6, 9, 27, 51, 99).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { formatCurrency, GRID_PAGE_SIZE_OPTIONS, type ListTask } from '@originate/contract';
import type { ReactNode } from 'react';
import { SlaChips } from './columns';

interface Props {
  rows: readonly ListTask[];
  count: number;
  page: number;
  pageSize: number;
  now: number;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (row: ListTask) => void;
  renderActions: (row: ListTask) => ReactNode;
}

export function CardGrid({ rows, count, page, pageSize, now, onPage, onOpen, renderActions }: Props) {
  return (
    <Box>
      <Box
        component="ul"
        aria-label="Tasks"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        }}
      >
        {rows.map((row) => (
          <Card component="li" key={row.taskId} variant="outlined" sx={{ position: 'relative' }}>
            <CardActionArea onClick={() => onOpen(row)}>
              <CardContent sx={{ pr: 6 }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {row.application_id}
                </Typography>
                <Typography variant="body2">{row.applicantName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.product_name} · {formatCurrency(row.loanAmount)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.stage} · {row.name} · {row.progress}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.assignedToName ?? 'Unassigned'}
                </Typography>
                <SlaChips row={row} now={now} />
              </CardContent>
            </CardActionArea>
            <Box sx={{ position: 'absolute', top: 8, right: 8 }}>{renderActions(row)}</Box>
          </Card>
        ))}
      </Box>
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...GRID_PAGE_SIZE_OPTIONS]}
        onPageChange={(_, p) => onPage(p, pageSize)}
        onRowsPerPageChange={(e) => onPage(0, Number(e.target.value))}
      />
    </Box>
  );
}
