// Container tables (NESTED_TABLE, spec §3, §5): header fields once, then rows of the column fields with
// add and remove, and a totals line for aggregated columns. Adding a row is the engine's decision: it
// refuses unless the headers and the previous row are valid, and marks their mandatory cells.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type FieldConfig,
  type FieldOptions,
  type FieldValue,
  formatCurrency,
  formatPercent,
  type TableValue,
} from '@originate/contract';
import { cellKey, type FieldError } from '@originate/flow-engine';
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { RENDER_ALL_EVENT } from './focus';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

/** Rows are many: a plain icon in the form's stylesheet rather than an MUI icon button each. */
const REMOVE_ICON = (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z" />
  </svg>
);

export interface TableFieldProps extends FieldRendererProps {
  headers: readonly FieldConfig[];
  columns: readonly FieldConfig[];
  /** Shown errors by cell key (engine cellKey). */
  cellErrors: Readonly<Record<string, FieldError | undefined>>;
  optionsOf(field: FieldConfig): FieldOptions['values'] | undefined;
  labelOf(field: FieldConfig): string;
  onCell(row: number | 'headers', key: string, value: FieldValue): void;
  onCellBlur(row: number | 'headers', key: string): void;
  /** False when the engine refused the row. */
  onAddRow(): boolean;
  onRemoveRow(row: number): void;
  /** Renders one cell with the same renderers as the form. */
  renderCell(props: FieldRendererProps): React.ReactNode;
}

function tableOf(value: FieldValue | undefined): TableValue {
  return typeof value === 'object' && value !== null && 'subRecords' in value
    ? value
    : { headers: {}, subRecords: [], total: {} };
}

const TOTAL_WORDS: Record<NonNullable<FieldConfig['aggregation']>, string> = {
  SUM: 'Total',
  AVG: 'Average',
  MIN: 'Lowest',
  MAX: 'Highest',
  COUNT: 'Number of',
};

/** What a total is, in words: 'Total EMI', 'Average Rate', 'Number of Lender' reads as a count, not a sum. */
export function totalLabel(label: string, aggregation: NonNullable<FieldConfig['aggregation']>): string {
  return aggregation === 'COUNT' ? `${TOTAL_WORDS.COUNT} rows with ${label}` : `${TOTAL_WORDS[aggregation]} ${label}`;
}

function totalText(column: FieldConfig, total: number): string {
  const details = column.field_type_details;
  if (!details.currency_field) return String(total);
  if (details.currency === 'PERCENT') return formatPercent(total);
  return formatCurrency(total, details.currency ?? 'INR');
}

/** What a cell needs besides its column, row and value; stable while the applicant types. */
interface CellContext {
  tableKey: string;
  readOnly: boolean;
  cellErrors: TableFieldProps['cellErrors'];
  optionsOf: TableFieldProps['optionsOf'];
  labelOf: TableFieldProps['labelOf'];
  onCell: TableFieldProps['onCell'];
  onCellBlur: TableFieldProps['onCellBlur'];
  renderCell: TableFieldProps['renderCell'];
}

function renderTableCell(
  ctx: CellContext,
  column: FieldConfig,
  row: number | 'headers',
  value: FieldValue | undefined,
) {
  const key = cellKey(ctx.tableKey, row, column.key);
  const columnLabel = ctx.labelOf(column);
  return ctx.renderCell({
    field: { ...column, key },
    label: row === 'headers' ? columnLabel : `${columnLabel} (row ${row + 1})`,
    value,
    error: ctx.cellErrors[key],
    readOnly: ctx.readOnly,
    options: ctx.optionsOf(column),
    onChange: (next) => ctx.onCell(row, column.key, next),
    onBlur: () => ctx.onCellBlur(row, column.key),
  });
}

interface RowProps {
  row: number;
  record: TableValue['subRecords'][number];
  columns: readonly FieldConfig[];
  ctx: CellContext;
  onRemove(row: number): void;
}

/** A row re-renders only when its record, its cells' errors or the table's settings change. */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (a.row !== b.row || a.record !== b.record || a.columns !== b.columns || a.onRemove !== b.onRemove) return false;
  const x = a.ctx;
  const y = b.ctx;
  if (
    x.tableKey !== y.tableKey ||
    x.readOnly !== y.readOnly ||
    x.optionsOf !== y.optionsOf ||
    x.labelOf !== y.labelOf ||
    x.onCell !== y.onCell ||
    x.onCellBlur !== y.onCellBlur ||
    x.renderCell !== y.renderCell
  )
    return false;
  if (x.cellErrors === y.cellErrors) return true;
  return a.columns.every((column) => {
    const key = cellKey(x.tableKey, a.row, column.key);
    return x.cellErrors[key] === y.cellErrors[key];
  });
}

const TableRow = memo(function TableRow({ row, record, columns, ctx, onRemove }: RowProps) {
  return (
    <fieldset className="of-row">
      <legend>Row {row + 1}</legend>
      {!ctx.readOnly && (
        <button
          type="button"
          className="of-step of-row-remove"
          aria-label={`Remove row ${row + 1}`}
          onClick={() => onRemove(row)}
        >
          {REMOVE_ICON}
        </button>
      )}
      <div className="of-cells">
        {columns.map((column) => (
          <div key={column.key}>{renderTableCell(ctx, column, row, record[column.key] ?? undefined)}</div>
        ))}
      </div>
    </fieldset>
  );
}, sameRow);

/**
 * The callbacks of the latest props behind functions that never change: rows memoised on them stay
 * untouched when a parent passes new arrow functions each render.
 */
function useStableCallbacks(props: TableFieldProps) {
  const latest = useRef(props);
  latest.current = props;
  return useMemo(
    () => ({
      onCell: (row: number | 'headers', key: string, value: FieldValue) => latest.current.onCell(row, key, value),
      onCellBlur: (row: number | 'headers', key: string) => latest.current.onCellBlur(row, key),
      onRemoveRow: (row: number) => latest.current.onRemoveRow(row),
      onAddRow: () => latest.current.onAddRow(),
    }),
    [],
  );
}

/** A long table mounts its first rows at once and the rest in slices after they painted (transitions). */
const FIRST_ROWS = 5;
const ROWS_PER_SLICE = 25;

/** How many rows are mounted; once all were, every row (one the applicant adds too) mounts at once. */
function useMountedRows(count: number): number {
  const [limit, setLimit] = useState(() => (count <= FIRST_ROWS ? Number.POSITIVE_INFINITY : FIRST_ROWS));
  useEffect(() => {
    if (limit >= count) return;
    const timer = setTimeout(() =>
      startTransition(() =>
        setLimit((current) =>
          current + ROWS_PER_SLICE >= count ? Number.POSITIVE_INFINITY : current + ROWS_PER_SLICE,
        ),
      ),
    );
    return () => clearTimeout(timer);
  }, [limit, count]);
  // Focus to a cell not mounted yet (the first invalid one of a refused Next): every row mounts now.
  useEffect(() => {
    const all = () => flushSync(() => setLimit(Number.POSITIVE_INFINITY));
    document.addEventListener(RENDER_ALL_EVENT, all);
    return () => document.removeEventListener(RENDER_ALL_EVENT, all);
  }, []);
  return limit;
}

export function TableField(props: TableFieldProps) {
  const { field, label, value, error, readOnly, headers, columns, cellErrors, optionsOf, labelOf, renderCell } = props;
  const table = tableOf(value);
  // The table as it was when Add row was refused: the message stands until the applicant changes it.
  const [refusal, setRefusal] = useState<{ of: FieldValue | undefined } | null>(null);
  const refused = refusal !== null && refusal.of === value;
  const stable = useStableCallbacks(props);
  const ctx = useMemo<CellContext>(
    () => ({
      tableKey: field.key,
      readOnly,
      cellErrors,
      optionsOf,
      labelOf,
      onCell: stable.onCell,
      onCellBlur: stable.onCellBlur,
      renderCell,
    }),
    [field.key, readOnly, cellErrors, optionsOf, labelOf, stable, renderCell],
  );
  const onRemove = useCallback(
    (row: number) => {
      stable.onRemoveRow(row);
      setRefusal(null);
    },
    [stable],
  );

  const add = () => {
    const added = stable.onAddRow();
    setRefusal(added ? null : { of: value });
  };

  const mountedRows = useMountedRows(table.subRecords.length);
  const aggregated = columns.filter((column) => column.aggregation !== undefined);
  const shown = refused ? 'Complete the marked fields before adding another row.' : errorText(label, error);
  return (
    <Box
      component="section"
      aria-labelledby={`${fieldDomId(field.key)}-title`}
      id={fieldDomId(field.key)}
      tabIndex={-1}
    >
      <Typography id={`${fieldDomId(field.key)}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {label}
        {field.field_type_details.mandatory ? ' *' : ''}
      </Typography>
      {headers.length > 0 && (
        <Box className="of-cells" sx={{ mt: 0.5, mb: 2 }}>
          {headers.map((header) => (
            <div key={header.key}>
              {renderTableCell(ctx, header, 'headers', table.headers[header.key] ?? undefined)}
            </div>
          ))}
        </Box>
      )}
      <Stack spacing={1.5}>
        {table.subRecords.slice(0, mountedRows).map((record, row) => (
          // Rows have no ids of their own; their position is their identity in the engine too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <TableRow key={row} row={row} record={record} columns={columns} ctx={ctx} onRemove={onRemove} />
        ))}
        {table.subRecords.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No rows yet.
          </Typography>
        )}
      </Stack>
      {aggregated.length > 0 && table.subRecords.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, mt: 1.5, bgcolor: 'action.hover' }}
          aria-label={`${label} totals`}
          role="group"
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }}>
            <Typography sx={{ fontWeight: 600 }}>Totals</Typography>
            {aggregated.map((column) => (
              <Typography key={column.key}>
                {column.aggregation ? totalLabel(labelOf(column), column.aggregation) : labelOf(column)}:{' '}
                <strong>{totalText(column, table.total[column.key] ?? 0)}</strong>
              </Typography>
            ))}
          </Stack>
        </Paper>
      )}
      {!readOnly && (
        <Button startIcon={<AddIcon />} onClick={add} sx={{ mt: 1.5 }} variant="outlined">
          Add row
        </Button>
      )}
      {shown && (
        <FormHelperText error id={helperId(field.key)} role="alert">
          {shown}
        </FormHelperText>
      )}
    </Box>
  );
}
