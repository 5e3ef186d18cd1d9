// A list's grid columns from its table configuration (GET /backstage/getTableConfig/{id}): spec §5 filter
// operators per column kind, INR lakh grouping and DD/MM/YYYY (spec §9). The list adds its own columns
// (SLA, actions) after these.
import type { GridColDef, GridFilterInputValueProps, GridFilterOperator, GridValidRowModel } from '@mui/x-data-grid';
import { GridFilterInputDate, GridFilterInputSingleSelect, GridFilterInputValue } from '@mui/x-data-grid';
import { type FilterFieldKind, formatBankDate, formatCurrency, type TableColumn } from '@originate/contract';
import type { ReactNode } from 'react';
import { OPERATOR_LABELS, operatorsFor } from './listState';

// The value inputs of the filter panel: a number field for amounts, the browser's date field for dates.
const AmountInput = (props: GridFilterInputValueProps) => <GridFilterInputValue {...props} type="number" />;
const DateInput = (props: GridFilterInputValueProps) => <GridFilterInputDate {...props} type="date" />;
const INPUTS: Record<FilterFieldKind, GridFilterOperator['InputComponent']> = {
  amount: AmountInput,
  text: GridFilterInputValue,
  date: DateInput,
  dropdown: GridFilterInputSingleSelect,
};

/**
 * The operators of one kind as the grid's filter panel offers them. The server filters (filterMode
 * 'server'), so the grid never applies one itself: getApplyFilterFn answers 'no client-side filter'.
 */
export function gridOperators<Row extends GridValidRowModel>(kind: FilterFieldKind): GridFilterOperator<Row>[] {
  return operatorsFor(kind).map((operator) => ({
    value: operator,
    label: OPERATOR_LABELS[operator],
    getApplyFilterFn: () => null,
    InputComponent: INPUTS[kind],
  }));
}

/** A cell's text per column kind: money (the fields in `currencyFields`) in INR, other amounts as numbers. */
export function formatCell(
  column: Pick<TableColumn, 'field' | 'kind'>,
  value: unknown,
  currencyFields: ReadonlySet<string> = new Set(),
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column.kind === 'amount' && typeof value === 'number') {
    return currencyFields.has(column.field) ? formatCurrency(value) : String(value);
  }
  if (column.kind === 'date' && typeof value === 'string') return formatBankDate(value);
  return String(value);
}

export interface ColumnOptions<Row extends GridValidRowModel> {
  /** Amount columns that are money (INR). */
  currencyFields?: ReadonlySet<string>;
  /** What a column shows instead of the row's field of its name (e.g. a user's name for their id). */
  values?: Readonly<Record<string, (row: Row) => unknown>>;
  /** Labels of dropdown values (e.g. 'Walk-in' for WALK_IN): shown in cells and in the filter's options. */
  optionLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Cells drawn by the list itself. */
  cells?: Readonly<Record<string, (row: Row) => ReactNode>>;
}

/**
 * A cell's text in the list's fixed row height: up to two lines, then an ellipsis; the title (the browser's
 * tooltip on hover) shows the whole text. A plain span: a page has a hundred of them.
 */
function CellText({ text }: { text: string }) {
  return (
    <span
      title={text}
      style={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </span>
  );
}

/** The configured columns in the grid's terms. */
export function configuredColumns<Row extends GridValidRowModel>(
  config: readonly TableColumn[],
  options: ColumnOptions<Row> = {},
): GridColDef<Row>[] {
  const currency = options.currencyFields ?? new Set<string>();
  return config.map((c): GridColDef<Row> => {
    const value = options.values?.[c.field];
    const labels = options.optionLabels?.[c.field];
    const cell = options.cells?.[c.field];
    return {
      field: c.field,
      headerName: c.headerName,
      flex: c.flex ?? 1,
      // Money in lakh grouping needs room for '₹1,00,00,000.00'.
      minWidth: currency.has(c.field) ? 150 : 110,
      sortable: c.sortable,
      filterable: c.filterable,
      type: c.kind === 'dropdown' ? 'singleSelect' : 'string',
      ...(c.options ? { valueOptions: c.options.map((o) => (labels ? { value: o, label: labels[o] ?? o } : o)) } : {}),
      filterOperators: gridOperators<Row>(c.kind),
      ...(value ? { valueGetter: (_v: unknown, row: Row) => value(row) } : {}),
      valueFormatter: (v: unknown) => (labels && typeof v === 'string' ? (labels[v] ?? v) : formatCell(c, v, currency)),
      renderCell: ({ row, formattedValue }: { row: Row; formattedValue?: unknown }) => {
        const content = cell ? cell(row) : String(formattedValue ?? '');
        return typeof content === 'string' ? <CellText text={content} /> : content;
      },
    };
  });
}

/** The columns the configuration hides until the user shows them (TableColumn.hidden), as the grid's model. */
export function hiddenColumns(config: readonly TableColumn[] | undefined): Record<string, boolean> {
  return Object.fromEntries((config ?? []).filter((c) => c.hidden).map((c) => [c.field, false]));
}
