import type { FormState } from './plan';

/**
 * Keys of the fields whose own part of the form differs between two states of one form: value, hidden,
 * dirty, error (a field's or a cell's under that key) or read-only. What a keystroke changes is the field
 * typed into and what the rules and formulas reading it changed, so a screen re-renders those and leaves
 * the rest alone. 'all' when the states are of different screens or field lists (every field may differ).
 */
export function changedFields(before: FormState, after: FormState): ReadonlySet<string> | 'all' {
  if (before.component !== after.component || before.fields !== after.fields) return 'all';
  const changed = new Set<string>();
  if (before === after) return changed;
  const values = before.values !== after.values;
  const hidden = before.hidden !== after.hidden;
  const dirty = before.dirty !== after.dirty;
  const errors = before.errors !== after.errors || before.cellErrors !== after.cellErrors;
  const readOnly = before.readOnly !== after.readOnly;
  for (const { key } of after.fields) {
    if (
      (values && !Object.is(before.values[key], after.values[key])) ||
      (hidden && before.hidden.has(key) !== after.hidden.has(key)) ||
      (dirty && before.dirty.has(key) !== after.dirty.has(key)) ||
      (errors && (before.errors[key] !== after.errors[key] || before.cellErrors[key] !== after.cellErrors[key])) ||
      (readOnly && before.readOnly.has(key) !== after.readOnly.has(key))
    )
      changed.add(key);
  }
  return changed;
}
