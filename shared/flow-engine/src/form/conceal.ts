// Hidden fields hold no value: a field a rule hides is emptied, what it held kept in the state's stash (which
// the caller never sees), and it comes back when the field is shown again. A table is stashed whole, and a
// shown table's hidden headers and columns each on their own.
import type { FieldValue } from '@originate/contract';
import { formulaResult } from '../formula';
import { emptyValue, isEmptyValue } from '../validation';
import type { Draft } from './draft';
import { type CellValue, type Internal, sameValue } from './plan';
import { asTable, cellDefault, scanTable, withHeaderDefaults, withTotals } from './totals';

/**
 * What a stashed top-level value comes back as when its field is shown: itself, or the field's default when
 * it is empty (a field hidden on a saved form was saved empty); a table with its header defaults.
 */
export function comeBack(internal: Internal, key: string, kept: FieldValue): FieldValue {
  const table = internal.plan.tables.get(key);
  if (table) return withHeaderDefaults(table, asTable(kept), internal.opts);
  return isEmptyValue(kept) ? (internal.defaults.get(key) ?? kept) : kept;
}

/**
 * Hidden fields hold no value: empty the flipped keys that are hidden now (their value stashed) and
 * restore those shown again. Returns the keys whose value changed (a flipped table's always: its totals
 * read as empty while it is hidden).
 */
export function conceal(draft: Draft, flipped: Iterable<string>): string[] {
  const changed: string[] = [];
  const tables = new Set<string>();
  for (const key of flipped) {
    const owner = draft.plan.cellOwner.get(key) ?? (draft.plan.tables.has(key) ? key : undefined);
    if (owner !== undefined) tables.add(owner);
    else if (concealField(draft, key)) changed.push(key);
  }
  for (const key of tables) {
    concealTable(draft, key);
    changed.push(key);
  }
  return changed;
}

/** Empty or restore a top-level field as its visibility says; true when its value changed. */
function concealField(draft: Draft, key: string): boolean {
  const field = draft.plan.byKey.get(key);
  if (!field) return false;
  const formula = draft.plan.formulas.byKey.get(key);
  let next: FieldValue;
  if (formula) {
    next = draft.hidden.has(key) ? null : formulaResult(formula.evaluate(draft.read));
  } else if (draft.hidden.has(key)) {
    if (draft.stash.has(key)) return false;
    draft.setStash(key, draft.values[key] ?? null);
    next = emptyValue(field);
  } else {
    if (!draft.stash.has(key)) return false;
    const kept = draft.unstash(key);
    if (kept === undefined) return false;
    next = comeBack(draft.internal, key, kept);
  }
  if (sameValue(draft.values[key], next)) return false;
  draft.values[key] = next;
  return true;
}

/** A hidden value set: kept for when the field is shown, its value stays empty. */
export function stashValue(draft: Draft, key: string, value: FieldValue): void {
  if (!draft.plan.tables.has(key)) {
    draft.setStash(key, value);
    return;
  }
  forgetCells(draft, key);
  draft.setStash(key, asTable(value));
}

/** Forget the table's stashed cells: the table value they belonged to is replaced. */
export function forgetCells(draft: Draft, key: string): void {
  const table = draft.plan.tables.get(key);
  if (!table) return;
  for (const header of table.headers) if (draft.stash.has(header.key)) draft.setStash(header.key, undefined);
  for (const column of table.columns) {
    if (draft.stashedColumns.has(column.key)) draft.setStashedColumn(column.key, undefined);
  }
}

/**
 * A table whose visibility or whose children's changed: hidden, it is emptied whole (stashed as it is,
 * its children's stashes kept with it); shown, it comes back and each header and column is emptied or
 * restored as its own visibility says. Totals and accumulators follow.
 */
export function concealTable(draft: Draft, key: string): void {
  const table = draft.plan.tables.get(key);
  if (!table) return;
  if (draft.hidden.has(key)) {
    if (draft.stash.has(key)) return;
    draft.setStash(key, asTable(draft.values[key]));
    draft.values[key] = emptyValue(table.field);
    scanTable(draft, key);
    return;
  }
  let value = asTable(draft.values[key]);
  if (draft.stash.has(key)) {
    const kept = draft.unstash(key);
    if (kept === undefined) forgetCells(draft, key);
    value = asTable(comeBack(draft.internal, key, kept ?? value));
  }
  // A child is stashed exactly while it is emptied: only one whose visibility no longer matches moves.
  const headers = { ...value.headers };
  for (const header of table.headers) {
    const hidden = draft.hidden.has(header.key);
    if (hidden === draft.stash.has(header.key)) continue;
    if (hidden) {
      draft.setStash(header.key, headers[header.key] ?? null);
      headers[header.key] = null;
      continue;
    }
    const kept = draft.unstash(header.key);
    if (kept !== undefined) {
      headers[header.key] = isEmptyValue(kept) ? cellDefault(header, draft.internal.opts) : (kept as CellValue);
    }
  }
  let rows = value.subRecords;
  for (const column of table.columns) {
    const hidden = draft.hidden.has(column.key);
    const stashed = draft.stashedColumns.get(column.key);
    if (hidden === (stashed !== undefined)) continue;
    if (hidden) {
      draft.setStashedColumn(
        column.key,
        rows.map((row) => row[column.key] ?? null),
      );
      rows = rows.map((row) => ({ ...row, [column.key]: null }));
      continue;
    }
    draft.setStashedColumn(column.key, undefined);
    if (!draft.restoreOnce(column.key)) continue;
    const fallback = cellDefault(column, draft.internal.opts);
    rows = rows.map((row, index) => {
      const kept = stashed?.[index];
      return { ...row, [column.key]: kept === undefined || isEmptyValue(kept) ? fallback : kept };
    });
  }
  draft.values[key] = { ...value, headers, subRecords: rows };
  scanTable(draft, key);
  draft.values[key] = withTotals(draft, key, asTable(draft.values[key]));
}
