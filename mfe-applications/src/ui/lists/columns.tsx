// The grid's columns from the table configuration (GET /backstage/getTableConfig/{id}): spec §5 filter
// operators per column kind, INR lakh grouping and DD/MM/YYYY (spec §9), plus the SLA and actions columns.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridFilterInputValueProps, GridFilterOperator } from '@mui/x-data-grid';
import { GridFilterInputDate, GridFilterInputSingleSelect, GridFilterInputValue } from '@mui/x-data-grid';
import { type FilterFieldKind, formatCurrency, formatDate, type ListTask, type TableColumn } from '@originate/contract';
import type { ReactNode } from 'react';
import { OPERATOR_LABELS, operatorsFor } from '../../domain/lists';
import { type SlaView, slaView } from '../../domain/sla';

/** Amount columns that are money (the rest, e.g. the version number, are plain numbers). */
const CURRENCY_FIELDS: ReadonlySet<string> = new Set(['loanAmount']);

// The value inputs of the filter panel: a number field for amounts, the browser's date field for dates.
const AmountInput = (props: GridFilterInputValueProps) => <GridFilterInputValue {...props} type="number" />;
const DateInput = (props: GridFilterInputValueProps) => <GridFilterInputDate {...props} type="date" />;
const INPUTS: Record<FilterFieldKind, GridFilterOperator<ListTask>['InputComponent']> = {
  amount: AmountInput,
  text: GridFilterInputValue,
  date: DateInput,
  dropdown: GridFilterInputSingleSelect,
};

/**
 * The operators of one kind as the grid's filter panel offers them. The server filters (filterMode
 * 'server'), so the grid never applies one itself: getApplyFilterFn answers 'no client-side filter'.
 */
export function gridOperators(kind: FilterFieldKind): GridFilterOperator<ListTask>[] {
  return operatorsFor(kind).map((operator) => ({
    value: operator,
    label: OPERATOR_LABELS[operator],
    getApplyFilterFn: () => null,
    InputComponent: INPUTS[kind],
  }));
}

/** A cell's text per column kind. */
export function formatCell(column: Pick<TableColumn, 'field' | 'kind'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column.kind === 'amount' && typeof value === 'number') {
    return CURRENCY_FIELDS.has(column.field) ? formatCurrency(value) : String(value);
  }
  if (column.kind === 'date' && typeof value === 'string') return formatDate(value);
  return String(value);
}

const SLA_COLOURS: Record<SlaView['state'], 'error' | 'warning' | 'success' | 'default'> = {
  breached: 'error',
  running: 'warning',
  met: 'success',
  'not started': 'default',
  'no limit': 'default',
};

export function SlaChips({ row, now }: { row: ListTask; now: number }) {
  const parts = slaView(row.operationalLevelAgreement, now).filter((p) => p.due);
  if (parts.length === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        No SLA limit
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', py: 0.5 }}>
      {parts.map((p) => (
        <Chip
          key={p.part}
          size="small"
          variant={p.state === 'breached' ? 'filled' : 'outlined'}
          color={SLA_COLOURS[p.state]}
          label={`${p.part} ${p.state === 'breached' ? 'breached' : 'due'} ${p.due}`}
          title={`${p.part} SLA: ${p.state}, due ${p.due}`}
        />
      ))}
    </Stack>
  );
}

/** The configured columns, then SLA, then the row actions (rendered by the caller). */
export function buildColumns(
  config: readonly TableColumn[],
  now: number,
  renderActions: (row: ListTask) => ReactNode,
): GridColDef<ListTask>[] {
  const configured = config.map(
    (c): GridColDef<ListTask> => ({
      field: c.field,
      headerName: c.headerName,
      flex: c.flex ?? 1,
      // Money in lakh grouping needs room for '₹1,00,00,000.00'.
      minWidth: CURRENCY_FIELDS.has(c.field) ? 150 : 110,
      sortable: c.sortable,
      filterable: c.filterable,
      type: c.kind === 'dropdown' ? 'singleSelect' : 'string',
      ...(c.options ? { valueOptions: c.options } : {}),
      filterOperators: gridOperators(c.kind),
      ...(c.field === 'assignedTo'
        ? { valueGetter: (_v: unknown, row: ListTask) => row.assignedToName ?? row.assignedTo }
        : {}),
      valueFormatter: (value: unknown) => formatCell(c, value),
    }),
  );
  return [
    ...configured,
    {
      field: 'sla',
      headerName: 'SLA',
      minWidth: 220,
      flex: 1.6,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => <SlaChips row={row} now={now} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => renderActions(row),
    },
  ];
}
