// The form state's life: the full evaluation of a screen, then one change at a time (a field set, fields
// marked dirty), each touching only what depends on it; and the value a hidden field would come back with.
import { type ComponentConfig, type FieldValue, type FormValues, readOnlyByAccessControl } from '@originate/contract';
import { cellKey } from '../fields';
import { defaultValue } from '../validation';
import { comeBack, conceal, concealTable, forgetCells, stashValue } from './conceal';
import { Draft } from './draft';
import { buildPlan, type FormOptions, type FormState, type Internal, internalOf, keepInternal } from './plan';
import { asTable, scanTable, withHeaderDefaults, withTotals } from './totals';
import { validate, validateTable } from './validate';

/**
 * The full evaluation: defaults, tables and totals, hidden fields emptied, formulas, rules (settled as a
 * change is), every validation; then the indexes.
 */
export function createFormState(component: ComponentConfig, initial: FormValues, opts: FormOptions): FormState {
  const plan = buildPlan(component, opts);
  const values: FormValues = { ...initial };
  const defaults = new Map<string, FieldValue>();
  for (const field of plan.topLevel) {
    const fallback = defaultValue(field, opts.options[field.field_type_details.property ?? '']);
    defaults.set(field.key, fallback);
    const given = initial[field.key];
    values[field.key] = given === undefined ? fallback : given;
  }
  for (const [key, table] of plan.tables) values[key] = withHeaderDefaults(table, asTable(values[key]), opts);
  const everyField = plan.fields.map((field) => field.key);
  const locked = readOnlyByAccessControl(plan.fields, opts.viewer ?? null);
  const readOnly =
    opts.access !== 'WRITE' || !opts.editable
      ? new Set(everyField)
      : new Set([...plan.fields.filter((field) => field.formulas).map((field) => field.key), ...locked]);
  const seed: FormState = {
    component,
    values,
    errors: {},
    cellErrors: {},
    hidden: plan.alwaysHidden,
    dirty: new Set(),
    fields: plan.fields,
    readOnly,
    modified: false,
  };
  const internal: Internal = {
    plan,
    opts,
    initial: values,
    defaults,
    active: plan.rules.map(() => false),
    hiddenBy: new Map(),
    changed: new Set(),
    cellCounts: new Map(),
    acc: new Map(),
    locked,
    stash: new Map(),
    stashedColumns: new Map(),
  };
  keepInternal(seed, internal);
  const draft = new Draft(seed, internal);
  for (const key of plan.tables.keys()) {
    scanTable(draft, key);
    draft.values[key] = withTotals(draft, key, asTable(draft.values[key]));
  }
  conceal(draft, plan.alwaysHidden);
  draft.computeFormulas();
  draft.settle(conceal(draft, draft.applyRules(plan.rules.keys())));
  for (const key of plan.tables.keys()) validateTable(draft, key);
  for (const field of plan.topLevel) validate(draft, field.key);
  // The snapshot `modified` compares against: the values as first shown (formulas computed, hidden emptied).
  return draft.finish(draft.values);
}

/** The applicant changed a field: its value is set, the key marked dirty, and its dependants updated. */
export function setFieldValue(state: FormState, key: string, value: FieldValue): FormState {
  const internal = internalOf(state);
  const { plan } = internal;
  // A computed field follows its formula; what the applicant cannot type is not set, nor a field access
  // control leaves read only (a microflow's values included).
  if ((plan.formulas.byKey.has(key) && plan.byKey.has(key)) || internal.locked.has(key)) return state;
  const draft = new Draft(state, internal);
  if (state.hidden.has(key)) {
    // A hidden field holds no value: what is set (a microflow's answer) waits in the stash until it shows.
    stashValue(draft, key, value);
    draft.markDirty([key]);
    return draft.finish();
  }
  if (plan.tables.has(key)) {
    // The new table's hidden headers and columns are emptied (and stashed) as the old one's were.
    forgetCells(draft, key);
    draft.values[key] = asTable(value);
    concealTable(draft, key);
    validateTable(draft, key);
  } else {
    draft.values[key] = value;
  }
  draft.markDirty([key]);
  draft.propagate([key]);
  return draft.finish();
}

/**
 * The value a field shows, or for a hidden one the value it gets back when shown (comeBack of its stash):
 * what a save is judged against when the form's rules may show the field again (mock-server field access).
 */
export function shownValue(state: FormState, key: string): FieldValue | undefined {
  const internal = internalOf(state);
  const kept = state.hidden.has(key) ? internal.stash.get(key) : undefined;
  return kept === undefined ? state.values[key] : comeBack(internal, key, kept);
}

/** Mark keys dirty (fields or cellKey cells); every field and every cell when omitted. */
export function markDirty(state: FormState, keys?: readonly string[]): FormState {
  const internal = internalOf(state);
  const draft = new Draft(state, internal);
  if (keys) {
    draft.markDirty(keys);
  } else {
    const all: string[] = internal.plan.topLevel.map((field) => field.key);
    for (const [key, table] of internal.plan.tables) {
      for (const header of table.headers) all.push(cellKey(key, 'headers', header.key));
      asTable(state.values[key]).subRecords.forEach((_row, index) => {
        for (const column of table.columns) all.push(cellKey(key, index, column.key));
      });
    }
    draft.markDirty(all);
  }
  return draft.finish();
}
