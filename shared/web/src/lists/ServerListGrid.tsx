// MUI's data grid in server-side mode (paging, sorting, filtering by the server), as every list shows it:
// its toolbar's Filters and Columns, no quick filter (the search box is the server's) and no export (it
// would export one page only).
import Paper from '@mui/material/Paper';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowClassNameParams,
  type GridRowIdGetter,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { PAGE_SIZE_OPTIONS } from '@originate/contract';
import { useState } from 'react';
import type { ServerList } from './useServerList';

interface Props<Row extends GridValidRowModel> {
  label: string;
  rows: readonly Row[];
  columns: GridColDef<Row>[];
  getRowId: GridRowIdGetter<Row>;
  rowCount: number;
  loading: boolean;
  grid: ServerList<never>['grid'];
  onOpen: (row: Row) => void;
  /** A class per row (e.g. 'due' for a follow-up due today), styled by `rowSx`. */
  getRowClassName?: (params: GridRowClassNameParams<Row>) => string;
  rowSx?: Record<string, unknown>;
  /** Columns hidden until the user shows them (the configuration's, hiddenColumns). */
  hidden?: GridColumnVisibilityModel;
  /** Pixels a row takes: taller where a list's own cells stack (the applications' SLA chips). */
  rowHeight?: number;
}

/**
 * Two lines of text at the grid's standard density. Rows are never measured: a row sized by its content
 * ('auto') has the grid render every row, measure it and lay the page out again (0.7 s of the list's first
 * paint at CPU 4×). A cell's text wraps to two lines and ends in an ellipsis beyond; its title shows it whole
 * (CellText).
 */
const LIST_ROW_HEIGHT = 56;
/** Wider than any list's columns together (about 20 at most), so none is left out of a row. */
const ALL_COLUMNS_PX = 10_000;

export function ServerListGrid<Row extends GridValidRowModel>({
  label,
  rows,
  columns,
  getRowId,
  rowCount,
  loading,
  grid,
  onOpen,
  getRowClassName,
  rowSx,
  hidden,
  rowHeight = LIST_ROW_HEIGHT,
}: Props<Row>) {
  // What the user chose in the Columns menu, over the configuration's defaults (which may arrive later).
  const [chosen, setChosen] = useState<GridColumnVisibilityModel>({});
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
      <DataGrid<Row>
        aria-label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        rowCount={rowCount}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        {...grid}
        pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
        onRowClick={({ row }) => onOpen(row)}
        disableRowSelectionOnClick
        columnVisibilityModel={{ ...hidden, ...chosen }}
        onColumnVisibilityModelChange={setChosen}
        showToolbar
        slotProps={{
          toolbar: {
            showQuickFilter: false,
            csvOptions: { disableToolbarButton: true },
            printOptions: { disableToolbarButton: true },
          },
        }}
        {...(getRowClassName ? { getRowClassName } : {})}
        rowHeight={rowHeight}
        // Every column is drawn, as when rows were measured (which turned column virtualisation off): a page's
        // row actions, at the far right, are there for the keyboard and assistive technology without scrolling.
        columnBufferPx={ALL_COLUMNS_PX}
        autoHeight
        sx={{
          border: 0,
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          // Cells hold elements (CellText, chips, buttons), centred in the row's fixed height.
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', lineHeight: 1.35 },
          ...rowSx,
        }}
      />
    </Paper>
  );
}
