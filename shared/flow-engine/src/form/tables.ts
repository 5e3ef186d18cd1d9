// A table's rows and cells: add a row (when the headers and the last row are valid), remove one, set one
// cell; the column totals follow incrementally. A hidden table, or one access control leaves read only,
// does not change.
import type { FieldConfig, TableValue } from '@originate/contract';
import { aggregationOf, cellKey } from '../fields';
import { isEmptyValue, toNumber } from '../validation';
import { Draft } from './draft';
import { type CellValue, type FormState, internalOf, type TablePlan } from './plan';
import { accumulate, asTable, cellDefault, emptyAcc, scanColumn, scanTable, withTotals } from './totals';
import { validateCell, validateTable } from './validate';

function tablePlan(state: FormState, containerKey: string): TablePlan {
  const table = internalOf(state).plan.tables.get(containerKey);
  if (!table) throw new Error(`${containerKey} is not a table of ${state.component.componentId}`);
  return table;
}

/**
 * Add an empty row (column defaults; a hidden column's default waits in its stash) when the headers and the
 * previous row are valid; otherwise mark the mandatory and the invalid cells of the headers and the previous
 * row dirty, and add nothing. A hidden table gets no row.
 */
export function addTableRow(state: FormState, containerKey: string): { state: FormState; added: boolean } {
  const table = tablePlan(state, containerKey);
  const internal = internalOf(state);
  if (internal.locked.has(containerKey) || state.hidden.has(containerKey)) return { state, added: false };
  const value = asTable(state.values[containerKey]);
  const last = value.subRecords.length - 1;
  const blocking: string[] = [];
  const inspect = (fields: readonly FieldConfig[], row: number | 'headers') => {
    for (const field of fields) {
      if (state.hidden.has(field.key)) continue;
      const at = cellKey(containerKey, row, field.key);
      if (field.field_type_details.mandatory || state.cellErrors[at]) blocking.push(at);
    }
  };
  inspect(table.headers, 'headers');
  if (last >= 0) inspect(table.columns, last);
  const invalid = blocking.some((at) => state.cellErrors[at] !== undefined);
  const draft = new Draft(state, internal);
  if (invalid) {
    draft.markDirty(blocking);
    return { state: draft.finish(), added: false };
  }
  const row: Record<string, CellValue> = {};
  for (const column of table.columns) {
    const fallback = cellDefault(column, internal.opts);
    const stashed = draft.stashedColumns.get(column.key);
    row[column.key] = stashed ? null : fallback;
    if (stashed) draft.setStashedColumn(column.key, [...stashed, fallback]);
  }
  const accs = new Map(draft.acc.get(containerKey));
  for (const column of table.columns) {
    const acc = { ...(accs.get(column.key) ?? emptyAcc()) };
    accumulate(acc, row[column.key]);
    accs.set(column.key, acc);
  }
  draft.setAcc(containerKey, accs);
  const index = value.subRecords.length;
  draft.values[containerKey] = withTotals(draft, containerKey, { ...value, subRecords: [...value.subRecords, row] });
  for (const column of table.columns) validateCell(draft, containerKey, index, column, row[column.key]);
  draft.propagate([containerKey]);
  return { state: draft.finish(), added: true };
}

/** Remove a row (not of a hidden table); later rows' dirty marks, errors and stashed cells move up with them. */
export function removeTableRow(state: FormState, containerKey: string, rowIndex: number): FormState {
  const table = tablePlan(state, containerKey);
  const value = asTable(state.values[containerKey]);
  const ignored = internalOf(state).locked.has(containerKey) || state.hidden.has(containerKey);
  if (rowIndex < 0 || rowIndex >= value.subRecords.length || ignored) return state;
  const draft = new Draft(state, internalOf(state));
  const subRecords = value.subRecords.filter((_row, index) => index !== rowIndex);
  for (const column of table.columns) {
    const stashed = draft.stashedColumns.get(column.key);
    if (stashed)
      draft.setStashedColumn(
        column.key,
        stashed.filter((_cell, index) => index !== rowIndex),
      );
  }
  draft.values[containerKey] = { ...value, subRecords };
  scanTable(draft, containerKey);
  draft.values[containerKey] = withTotals(draft, containerKey, asTable(draft.values[containerKey]));
  const prefix = `${containerKey}.`;
  const dirty = new Set<string>();
  for (const key of state.dirty) {
    if (!key.startsWith(prefix)) {
      dirty.add(key);
      continue;
    }
    const [row, ...rest] = key.slice(prefix.length).split('.');
    const n = Number(row);
    if (row === 'headers' || !Number.isInteger(n)) dirty.add(key);
    else if (n < rowIndex) dirty.add(key);
    else if (n > rowIndex) dirty.add(cellKey(containerKey, n - 1, rest.join('.')));
  }
  draft.dirty = dirty;
  draft.markDirty([containerKey]);
  validateTable(draft, containerKey);
  draft.propagate([containerKey]);
  return draft.finish();
}

/**
 * Set one cell (a header field or a row's column); totals follow incrementally. A hidden cell's value waits
 * in its stash; a hidden table's cells are not set.
 */
export function setTableCell(
  state: FormState,
  containerKey: string,
  rowIndex: number | 'headers',
  key: string,
  value: CellValue,
): FormState {
  const table = tablePlan(state, containerKey);
  const field = (rowIndex === 'headers' ? table.headers : table.columns).find((f) => f.key === key);
  if (!field) throw new Error(`${key} is not a ${rowIndex === 'headers' ? 'header' : 'column'} of ${containerKey}`);
  if (internalOf(state).locked.has(containerKey) || state.hidden.has(containerKey)) return state;
  const current = asTable(state.values[containerKey]);
  const row = rowIndex === 'headers' ? current.headers : current.subRecords[rowIndex];
  if (!row) throw new Error(`${containerKey} has no row ${rowIndex}`);
  const draft = new Draft(state, internalOf(state));
  if (state.hidden.has(key)) {
    const stashed = draft.stashedColumns.get(key);
    if (rowIndex === 'headers') draft.setStash(key, value);
    else if (stashed)
      draft.setStashedColumn(
        key,
        stashed.map((cell, index) => (index === rowIndex ? value : cell)),
      );
    draft.markDirty([cellKey(containerKey, rowIndex, key)]);
    return draft.finish();
  }
  let next: TableValue;
  if (rowIndex === 'headers') {
    next = { ...current, headers: { ...row, [key]: value } };
  } else {
    const subRecords = [...current.subRecords];
    subRecords[rowIndex] = { ...row, [key]: value };
    next = { ...current, subRecords };
    if (aggregationOf(field)) {
      const accs = new Map(draft.acc.get(containerKey));
      const old = row[key];
      const acc = { ...(accs.get(key) ?? emptyAcc()) };
      const oldNumber = toNumber(old ?? undefined);
      // The removed value may have been the extreme: only then is the column scanned again.
      if (Number.isFinite(oldNumber) && (oldNumber === acc.min || oldNumber === acc.max)) {
        accs.set(key, scanColumn(subRecords, key));
      } else {
        if (!isEmptyValue(old ?? undefined)) acc.filled -= 1;
        if (Number.isFinite(oldNumber)) {
          acc.sum -= oldNumber;
          acc.numeric -= 1;
        }
        accumulate(acc, value);
        accs.set(key, acc);
      }
      draft.setAcc(containerKey, accs);
      next = withTotals(draft, containerKey, next);
    }
  }
  draft.values[containerKey] = next;
  validateCell(draft, containerKey, rowIndex, field, value);
  draft.markDirty([cellKey(containerKey, rowIndex, key)]);
  draft.propagate([containerKey]);
  return draft.finish();
}
