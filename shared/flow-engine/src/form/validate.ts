// Validation of a draft: a top-level field (a table's own error counts its cells' errors), every cell of a
// table from scratch, or one cell with the table's counts adjusted. Hidden fields and cells have no error.
import type { FieldConfig } from '@originate/contract';
import { cellKey, isContainer } from '../fields';
import { type FieldError, INVALID_MESSAGE, REQUIRED_MESSAGE, validateField } from '../validation';
import type { Draft } from './draft';
import type { CellValue } from './plan';
import { asTable } from './totals';

/** Re-validate a top-level field (hidden fields have no error). */
export function validate(draft: Draft, key: string): void {
  const field = draft.plan.byKey.get(key);
  if (!field || draft.plan.cellOwner.has(key)) return;
  const error = draft.hidden.has(key) ? undefined : errorOf(draft, field);
  if (error) draft.errors[key] = error;
  else delete draft.errors[key];
}

function errorOf(draft: Draft, field: FieldConfig): FieldError | undefined {
  const own = validateField(field, draft.values[field.key], { today: draft.internal.opts.today, values: draft.values });
  if (own || !isContainer(field)) return own;
  const counts = draft.cellCounts.get(field.key);
  if (!counts) return undefined;
  if (counts.other > 0) return { code: 'invalid', message: INVALID_MESSAGE };
  return counts.required > 0 ? { code: 'required', message: REQUIRED_MESSAGE } : undefined;
}

/** Every cell error of a table from scratch, and its error counts. */
export function validateTable(draft: Draft, key: string): void {
  const table = draft.plan.tables.get(key);
  if (!table) return;
  const prefix = `${key}.`;
  const cellErrors: Record<string, FieldError | undefined> = {};
  for (const [k, error] of Object.entries(draft.cellErrors)) if (!k.startsWith(prefix)) cellErrors[k] = error;
  const counts = { required: 0, other: 0 };
  const value = asTable(draft.values[key]);
  const check = (field: FieldConfig, cell: CellValue | undefined, at: string) => {
    if (draft.hidden.has(field.key)) return;
    const error = validateField(field, cell ?? undefined, { today: draft.internal.opts.today, values: draft.values });
    if (!error) return;
    cellErrors[at] = error;
    if (error.code === 'required') counts.required += 1;
    else counts.other += 1;
  };
  if (!draft.hidden.has(key)) {
    for (const header of table.headers) check(header, value.headers[header.key], cellKey(key, 'headers', header.key));
    value.subRecords.forEach((row, index) => {
      for (const column of table.columns) check(column, row[column.key], cellKey(key, index, column.key));
    });
  }
  draft.cellErrors = cellErrors;
  draft.setCounts(key, counts);
}

/** One cell's error, counts adjusted. */
export function validateCell(
  draft: Draft,
  key: string,
  row: number | 'headers',
  field: FieldConfig,
  cell: CellValue | undefined,
): void {
  const at = cellKey(key, row, field.key);
  const before = draft.cellErrors[at];
  const after =
    draft.hidden.has(field.key) || draft.hidden.has(key)
      ? undefined
      : validateField(field, cell ?? undefined, { today: draft.internal.opts.today, values: draft.values });
  if (before === after || (before && after && before.code === after.code && before.message === after.message)) return;
  draft.cellErrors = { ...draft.cellErrors };
  if (after) draft.cellErrors[at] = after;
  else delete draft.cellErrors[at];
  const counts = { ...(draft.cellCounts.get(key) ?? { required: 0, other: 0 }) };
  if (before) counts[before.code === 'required' ? 'required' : 'other'] -= 1;
  if (after) counts[after.code === 'required' ? 'required' : 'other'] += 1;
  draft.setCounts(key, counts);
}
