// A table view (the widget's "Table view" and every report): plain MUI Table, header cells with scope, one
// row per data row, figures right-aligned, so browser tests and screen readers read the exact text shown.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TableView } from '../domain/views';

export function DataTable({ table, caption, testId }: { table: TableView; caption: string; testId: string }) {
  return (
    <TableContainer sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label={caption} data-testid={testId}>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column.label} scope="col" align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.id} data-row-id={row.id}>
              {row.cells.map((cell, i) => {
                const column = table.columns[i];
                return i === 0 ? (
                  <TableCell key={column?.label ?? i} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={column?.label ?? i} align={column?.numeric ? 'right' : 'left'}>
                    {cell}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
