// The form state of one component (screen) for one applicant, kept incrementally.
//
// createFormState does the full work once: defaults, formulas, page rules, every field's validation,
// table totals, and reverse-dependency indexes (which rules and formulas read each key). After that,
// setFieldValue touches only what depends on the changed key: the rules whose conditions read it, the
// formulas reading it (and their dependants, transitively, in dependency order), a table's totals, and
// the validation of the fields whose value or visibility changed. A keystroke never re-validates the form.
//
// Hidden fields hold no value: a field a rule hides is emptied (its value kept in a stash the caller never
// sees) and gets it back when shown again. That is a change like a keystroke: the formulas and rules reading
// it follow, which may hide or show more, so a change settles in rounds (settle) until nothing flips.
import {
  type Aggregation,
  type ApplicantType,
  type ComponentConfig,
  type FieldAccessViewer,
  type FieldConfig,
  type FieldOptions,
  type FieldValue,
  type FormValues,
  MANDATORY_FIELDS_MESSAGE,
  type PageRule,
  readOnlyByAccessControl,
  type TableValue,
} from '@originate/contract';
import {
  aggregationOf,
  cellKey,
  containerColumns,
  containerHeaders,
  fieldType,
  isContainer,
  isFieldApplicable,
} from './fields';
import { type ComponentFormulas, componentFormulas, type FormulaRead, formulaResult } from './formula';
import { ruleActive, ruleTargets } from './rules';
import {
  defaultValue,
  emptyValue,
  type FieldError,
  INVALID_MESSAGE,
  isEmptyValue,
  REQUIRED_MESSAGE,
  toNumber,
  validateField,
} from './validation';

export interface FormOptions {
  applicantType: ApplicantType;
  access: 'WRITE' | 'READ';
  /** False when editing is disabled (isEditingDisabled): every field is read only. */
  editable: boolean;
  /**
   * The staff user filling the form: fields whose access control gives them no WRITE are read only
   * (the contract's readOnlyByAccessControl, a table's cells with it). Absent or null (applicants, hosts that
   * pass none): every field follows `access`.
   */
  viewer?: FieldAccessViewer | null;
  rules: PageRule[];
  /** Dropdown and radio options by property name. */
  options: Record<string, FieldOptions['values']>;
  today: Date;
  /** Source of the property name given to a dropdown or radio that has none (default Math.random). */
  random?: () => number;
}

export interface FormState {
  readonly component: ComponentConfig;
  /**
   * Every value: the initial values given, defaults applied (spec §5), computed formulas; a hidden field
   * (and a hidden table cell) holds its empty value (emptyValue), a hidden formula null.
   */
  readonly values: FormValues;
  /** The error of each applicable, visible field that has one (the UI shows it when dirty or submitted). */
  readonly errors: Readonly<Record<string, FieldError | undefined>>;
  /** Errors of table cells, keyed like dirty cells (cellKey). */
  readonly cellErrors: Readonly<Record<string, FieldError | undefined>>;
  /** Field keys hidden by field.hide or by a page rule on the field or its group. */
  readonly hidden: ReadonlySet<string>;
  /** Field keys, and cell keys (cellKey) of tables, the applicant touched or a refused action marked. */
  readonly dirty: ReadonlySet<string>;
  /** Applicable fields, in order (a dropdown or radio without a property name has been given one). */
  readonly fields: readonly FieldConfig[];
  /**
   * Read-only fields: all when access is not WRITE or editing is disabled, else the computed ones and those
   * field access control leaves the viewer READ on.
   */
  readonly readOnly: ReadonlySet<string>;
  /** Dirty, or some value differs from the snapshot taken at createFormState. */
  readonly modified: boolean;
}

export type CellValue = string | number | boolean | null;

interface TablePlan {
  field: FieldConfig;
  headers: readonly FieldConfig[];
  columns: readonly FieldConfig[];
}

/** What does not change while the applicant types: fields, indexes, compiled formulas and rules. */
interface Plan {
  fields: readonly FieldConfig[];
  byKey: ReadonlyMap<string, FieldConfig>;
  /** Every field of the component by key, applicable or not: the type a rule's condition compares by. */
  declared: ReadonlyMap<string, FieldConfig>;
  /** Applicable fields that are not cells of a table, in order. */
  topLevel: readonly FieldConfig[];
  tables: ReadonlyMap<string, TablePlan>;
  /** Column or header key → its table's key. */
  cellOwner: ReadonlyMap<string, string>;
  formulas: ComponentFormulas;
  /** Formula fields that depend on a key, transitively, in evaluation order. */
  dependants: Map<string, readonly string[]>;
  rules: readonly PageRule[];
  targets: readonly (readonly string[])[];
  /** Key → indexes of the rules whose conditions read it. */
  ruleReaders: ReadonlyMap<string, readonly number[]>;
  alwaysHidden: ReadonlySet<string>;
  /** The most rounds one change settles in (settle). */
  rounds: number;
}

interface ColumnAcc {
  sum: number;
  numeric: number;
  filled: number;
  min: number;
  max: number;
}

/** The part of a state the caller never sees. */
interface Internal {
  plan: Plan;
  opts: FormOptions;
  initial: FormValues;
  defaults: ReadonlyMap<string, FieldValue>;
  active: readonly boolean[];
  /** How many active rules hide each key. */
  hiddenBy: ReadonlyMap<string, number>;
  /** Keys whose value differs from the initial snapshot. */
  changed: ReadonlySet<string>;
  /** Per table, the number of cells with a 'required' error and with another error. */
  cellCounts: ReadonlyMap<string, { required: number; other: number }>;
  acc: ReadonlyMap<string, ReadonlyMap<string, ColumnAcc>>;
  /** Keys access control leaves the viewer READ on: setting them changes nothing (the server would refuse it). */
  locked: ReadonlySet<string>;
  /**
   * What hidden fields held: by key, the value of a top-level field or a table's header cell; present
   * exactly while the field is emptied (a table's children: while their table is shown, or as the stashed
   * table holds them).
   */
  stash: ReadonlyMap<string, FieldValue>;
  /** The same for a table's columns: each row's cell. */
  stashedColumns: ReadonlyMap<string, readonly CellValue[]>;
}

const internals = new WeakMap<FormState, Internal>();

function internalOf(state: FormState): Internal {
  const internal = internals.get(state);
  if (!internal) throw new Error('Not a form state made by createFormState');
  return internal;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function withProperty(field: FieldConfig, random: () => number): FieldConfig {
  const type = fieldType(field);
  if ((type !== 'dropdown' && type !== 'radio') || field.field_type_details.property) return field;
  // Spec §5: a dropdown or radio without a property name gets a random one (it then has no options).
  const property = `property_${Math.floor(random() * 1e12).toString(36)}`;
  return { ...field, field_type_details: { ...field.field_type_details, property } };
}

function buildPlan(component: ComponentConfig, opts: FormOptions): Plan {
  const random = opts.random ?? Math.random;
  const fields = component.fields
    .filter((field) => isFieldApplicable(field, opts.applicantType))
    .map((field) => withProperty(field, random));
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const containerKeys = new Set(component.fields.filter(isContainer).map((field) => field.key));
  const tables = new Map<string, TablePlan>();
  const cellOwner = new Map<string, string>();
  for (const field of fields) {
    if (!isContainer(field)) continue;
    const plan = { field, headers: containerHeaders(fields, field.key), columns: containerColumns(fields, field.key) };
    tables.set(field.key, plan);
    for (const child of [...plan.headers, ...plan.columns]) cellOwner.set(child.key, field.key);
  }
  const topLevel = fields.filter((field) => field.groupKey === undefined || !containerKeys.has(field.groupKey));
  const formulas = componentFormulas(component);
  const rules = opts.rules.filter((rule) => rule.componentId === component.componentId);
  const ruleReaders = new Map<string, number[]>();
  rules.forEach((rule, index) => {
    for (const condition of rule.conditions?.list ?? []) {
      const list = ruleReaders.get(condition.field) ?? [];
      if (!list.includes(index)) list.push(index);
      ruleReaders.set(condition.field, list);
    }
  });
  return {
    fields,
    byKey,
    declared: new Map(component.fields.map((field) => [field.key, field])),
    topLevel,
    tables,
    cellOwner,
    formulas,
    dependants: new Map(),
    rules,
    targets: rules.map((rule) => ruleTargets(rule, fields)),
    ruleReaders,
    alwaysHidden: new Set(fields.filter((field) => field.hide).map((field) => field.key)),
    // A field changes at most three times in one change (emptied, restored once, emptied), so rules settle
    // in a few rounds each; the bound stops a computed field a rule hides by its own value from flip-flopping.
    rounds: 4 * (rules.length + 1),
  };
}

/** Formula fields reading `key`, directly or through other formulas, in evaluation order (memoised). */
function dependantsOf(plan: Plan, key: string): readonly string[] {
  const known = plan.dependants.get(key);
  if (known) return known;
  const found = new Set<string>();
  const queue = [key];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const reader of plan.formulas.readers.get(next) ?? []) {
      if (!found.has(reader)) {
        found.add(reader);
        queue.push(reader);
      }
    }
  }
  const ordered = plan.formulas.order.filter((k) => found.has(k));
  plan.dependants.set(key, ordered);
  return ordered;
}

function cellDefault(field: FieldConfig, opts: FormOptions): CellValue {
  const value = defaultValue(field, opts.options[field.field_type_details.property ?? '']);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

function asTable(value: FieldValue | undefined): TableValue {
  if (typeof value === 'object' && value !== null && 'subRecords' in value) return value;
  return { headers: {}, subRecords: [], total: {} };
}

/** The table with its header fields' defaults where a header has no value. */
function withHeaderDefaults(table: TablePlan, value: TableValue, opts: FormOptions): TableValue {
  const headers = { ...value.headers };
  for (const header of table.headers) {
    if (headers[header.key] === undefined) headers[header.key] = cellDefault(header, opts);
  }
  return { ...value, headers };
}

/**
 * What a stashed top-level value comes back as when its field is shown: itself, or the field's default when
 * it is empty (a field hidden on a saved form was saved empty); a table with its header defaults.
 */
function comeBack(internal: Internal, key: string, kept: FieldValue): FieldValue {
  const table = internal.plan.tables.get(key);
  if (table) return withHeaderDefaults(table, asTable(kept), internal.opts);
  return isEmptyValue(kept) ? (internal.defaults.get(key) ?? kept) : kept;
}

const trim = (n: number) => Number.parseFloat(n.toPrecision(12));

function emptyAcc(): ColumnAcc {
  return { sum: 0, numeric: 0, filled: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
}

function accumulate(acc: ColumnAcc, cell: CellValue | undefined): void {
  if (!isEmptyValue(cell)) acc.filled += 1;
  const n = toNumber(cell ?? undefined);
  if (!Number.isFinite(n)) return;
  acc.sum += n;
  acc.numeric += 1;
  acc.min = Math.min(acc.min, n);
  acc.max = Math.max(acc.max, n);
}

function scanColumn(rows: readonly Record<string, CellValue>[], key: string): ColumnAcc {
  const acc = emptyAcc();
  for (const row of rows) accumulate(acc, row[key]);
  return acc;
}

function totalOf(acc: ColumnAcc, aggregation: Aggregation): number {
  switch (aggregation) {
    case 'SUM':
      return trim(acc.sum);
    case 'AVG':
      return acc.numeric === 0 ? 0 : trim(acc.sum / acc.numeric);
    case 'MIN':
      return acc.numeric === 0 ? 0 : acc.min;
    case 'MAX':
      return acc.numeric === 0 ? 0 : acc.max;
    case 'COUNT':
      return acc.filled;
  }
}

/** The column totals; a hidden column has none. */
function totalsOf(
  table: TablePlan,
  accs: ReadonlyMap<string, ColumnAcc>,
  hidden: ReadonlySet<string>,
): Record<string, number> {
  const total: Record<string, number> = {};
  for (const column of table.columns) {
    if (hidden.has(column.key)) continue;
    const acc = accs.get(column.key);
    const aggregation = aggregationOf(column);
    if (aggregation && acc) total[column.key] = totalOf(acc, aggregation);
  }
  return total;
}

/** A mutable copy of a state's parts, made by one operation and frozen into the next state. */
class Draft {
  readonly values: FormValues;
  readonly errors: Record<string, FieldError | undefined>;
  cellErrors: Record<string, FieldError | undefined>;
  hidden: ReadonlySet<string>;
  dirty: ReadonlySet<string>;
  active: readonly boolean[];
  hiddenBy: ReadonlyMap<string, number>;
  changed: ReadonlySet<string>;
  cellCounts: ReadonlyMap<string, { required: number; other: number }>;
  acc: ReadonlyMap<string, ReadonlyMap<string, ColumnAcc>>;
  stash: ReadonlyMap<string, FieldValue>;
  stashedColumns: ReadonlyMap<string, readonly CellValue[]>;
  /** The draft's own copies, made at the first write (a group of fields hidden at once writes many). */
  private ownStash?: Map<string, FieldValue>;
  private ownColumns?: Map<string, readonly CellValue[]>;
  /** Keys whose stash came back in this change: a second time they stay empty, so every change settles. */
  private readonly restored = new Set<string>();

  constructor(
    readonly state: FormState,
    readonly internal: Internal,
  ) {
    this.values = { ...state.values };
    this.errors = { ...state.errors };
    this.cellErrors = state.cellErrors;
    this.hidden = state.hidden;
    this.dirty = state.dirty;
    this.active = internal.active;
    this.hiddenBy = internal.hiddenBy;
    this.changed = internal.changed;
    this.cellCounts = internal.cellCounts;
    this.acc = internal.acc;
    this.stash = internal.stash;
    this.stashedColumns = internal.stashedColumns;
  }

  get plan(): Plan {
    return this.internal.plan;
  }

  markDirty(keys: Iterable<string>): void {
    const next = new Set(this.dirty);
    for (const key of keys) next.add(key);
    if (next.size !== this.dirty.size) this.dirty = next;
  }

  /** Re-validate a top-level field (hidden fields have no error). */
  validate(key: string): void {
    const field = this.plan.byKey.get(key);
    if (!field || this.plan.cellOwner.has(key)) return;
    const error = this.hidden.has(key) ? undefined : this.errorOf(field);
    if (error) this.errors[key] = error;
    else delete this.errors[key];
  }

  private errorOf(field: FieldConfig): FieldError | undefined {
    const own = validateField(field, this.values[field.key], { today: this.internal.opts.today, values: this.values });
    if (own || !isContainer(field)) return own;
    const counts = this.cellCounts.get(field.key);
    if (!counts) return undefined;
    if (counts.other > 0) return { code: 'invalid', message: INVALID_MESSAGE };
    return counts.required > 0 ? { code: 'required', message: REQUIRED_MESSAGE } : undefined;
  }

  /** Every cell error of a table from scratch, and its error counts. */
  validateTable(key: string): void {
    const table = this.plan.tables.get(key);
    if (!table) return;
    const prefix = `${key}.`;
    const cellErrors: Record<string, FieldError | undefined> = {};
    for (const [k, error] of Object.entries(this.cellErrors)) if (!k.startsWith(prefix)) cellErrors[k] = error;
    const counts = { required: 0, other: 0 };
    const value = asTable(this.values[key]);
    const check = (field: FieldConfig, cell: CellValue | undefined, at: string) => {
      if (this.hidden.has(field.key)) return;
      const error = validateField(field, cell ?? undefined, { today: this.internal.opts.today, values: this.values });
      if (!error) return;
      cellErrors[at] = error;
      if (error.code === 'required') counts.required += 1;
      else counts.other += 1;
    };
    if (!this.hidden.has(key)) {
      for (const header of table.headers) check(header, value.headers[header.key], cellKey(key, 'headers', header.key));
      value.subRecords.forEach((row, index) => {
        for (const column of table.columns) check(column, row[column.key], cellKey(key, index, column.key));
      });
    }
    this.cellErrors = cellErrors;
    this.setCounts(key, counts);
  }

  /** One cell's error, counts adjusted. */
  validateCell(key: string, row: number | 'headers', field: FieldConfig, cell: CellValue | undefined): void {
    const at = cellKey(key, row, field.key);
    const before = this.cellErrors[at];
    const after =
      this.hidden.has(field.key) || this.hidden.has(key)
        ? undefined
        : validateField(field, cell ?? undefined, { today: this.internal.opts.today, values: this.values });
    if (before === after || (before && after && before.code === after.code && before.message === after.message)) return;
    this.cellErrors = { ...this.cellErrors };
    if (after) this.cellErrors[at] = after;
    else delete this.cellErrors[at];
    const counts = { ...(this.cellCounts.get(key) ?? { required: 0, other: 0 }) };
    if (before) counts[before.code === 'required' ? 'required' : 'other'] -= 1;
    if (after) counts[after.code === 'required' ? 'required' : 'other'] += 1;
    this.setCounts(key, counts);
  }

  private setCounts(key: string, counts: { required: number; other: number }): void {
    const next = new Map(this.cellCounts);
    next.set(key, counts);
    this.cellCounts = next;
  }

  setAcc(key: string, accs: ReadonlyMap<string, ColumnAcc>): void {
    const next = new Map(this.acc);
    next.set(key, accs);
    this.acc = next;
  }

  /** Column accumulators of a table from scratch. */
  scanTable(key: string): void {
    const table = this.plan.tables.get(key);
    if (!table) return;
    const rows = asTable(this.values[key]).subRecords;
    this.setAcc(key, new Map(table.columns.map((column) => [column.key, scanColumn(rows, column.key)])));
  }

  /** The table value with its totals recomputed from the accumulators. */
  withTotals(key: string, value: TableValue): TableValue {
    const table = this.plan.tables.get(key);
    if (!table) return value;
    return { ...value, total: totalsOf(table, this.acc.get(key) ?? new Map(), this.hidden) };
  }

  /**
   * A formula's operand: null for an empty field and a hidden table or column, NaN for text that is not a
   * number or a column without a total.
   */
  private read: FormulaRead = (ref) => {
    if (ref.kind === 'field') {
      const value = this.values[ref.key];
      return isEmptyValue(value) ? null : toNumber(value);
    }
    if (this.hidden.has(ref.container) || this.hidden.has(ref.column)) return null;
    const total = asTable(this.values[ref.container]).total[ref.column];
    return total === undefined ? Number.NaN : total;
  };

  /**
   * After `keys` changed: settle the change, re-validate what changed value or visibility, and track the
   * difference from the snapshot.
   */
  propagate(keys: readonly string[]): void {
    const { changed, flipped } = this.settle(keys);
    const revalidate = new Set(changed);
    const tablesToCheck = new Set<string>();
    for (const key of flipped) {
      revalidate.add(key);
      const owner = this.plan.cellOwner.get(key);
      if (owner) tablesToCheck.add(owner);
      else if (this.plan.tables.has(key)) tablesToCheck.add(key);
    }
    for (const table of tablesToCheck) {
      this.validateTable(table);
      revalidate.add(table);
    }
    for (const key of revalidate) this.validate(key);
    this.track([...changed]);
  }

  /**
   * Rounds until nothing flips (at most plan.rounds): recompute the formulas reading what changed, re-run the
   * rules reading it, empty what they hid and restore what they showed, which is the next round's change.
   * Returns every key whose value changed and every key whose visibility flipped.
   */
  settle(keys: readonly string[]): { changed: Set<string>; flipped: Set<string> } {
    const changed = new Set(keys);
    const flipped = new Set<string>();
    let next = keys;
    for (let round = 0; next.length > 0 && round < this.plan.rounds; round += 1) {
      const moved = [...next, ...this.recompute(next)];
      for (const key of moved) changed.add(key);
      const rules = new Set<number>();
      for (const key of moved) for (const index of this.plan.ruleReaders.get(key) ?? []) rules.add(index);
      const flips = this.applyRules(rules);
      for (const key of flips) flipped.add(key);
      next = this.conceal(flips);
    }
    for (const key of next) changed.add(key);
    return { changed, flipped };
  }

  /** The visible formulas reading `keys`, in dependency order; returns those whose value changed. */
  private recompute(keys: readonly string[]): string[] {
    const pending = new Set<string>();
    for (const key of keys) for (const dependant of dependantsOf(this.plan, key)) pending.add(dependant);
    if (pending.size === 0) return [];
    const changed: string[] = [];
    for (const key of this.plan.formulas.order) {
      if (!pending.has(key) || !this.plan.byKey.has(key) || this.hidden.has(key)) continue;
      const formula = this.plan.formulas.byKey.get(key);
      if (!formula) continue;
      const next = formulaResult(formula.evaluate(this.read));
      if (this.values[key] !== next) {
        this.values[key] = next;
        changed.push(key);
      }
    }
    return changed;
  }

  /**
   * Hidden fields hold no value: empty the flipped keys that are hidden now (their value stashed) and
   * restore those shown again. Returns the keys whose value changed (a flipped table's always: its totals
   * read as empty while it is hidden).
   */
  conceal(flipped: Iterable<string>): string[] {
    const changed: string[] = [];
    const tables = new Set<string>();
    for (const key of flipped) {
      const owner = this.plan.cellOwner.get(key) ?? (this.plan.tables.has(key) ? key : undefined);
      if (owner !== undefined) tables.add(owner);
      else if (this.concealField(key)) changed.push(key);
    }
    for (const key of tables) {
      this.concealTable(key);
      changed.push(key);
    }
    return changed;
  }

  /** Empty or restore a top-level field as its visibility says; true when its value changed. */
  private concealField(key: string): boolean {
    const field = this.plan.byKey.get(key);
    if (!field) return false;
    const formula = this.plan.formulas.byKey.get(key);
    let next: FieldValue;
    if (formula) {
      next = this.hidden.has(key) ? null : formulaResult(formula.evaluate(this.read));
    } else if (this.hidden.has(key)) {
      if (this.stash.has(key)) return false;
      this.setStash(key, this.values[key] ?? null);
      next = emptyValue(field);
    } else {
      if (!this.stash.has(key)) return false;
      const kept = this.unstash(key);
      if (kept === undefined) return false;
      next = comeBack(this.internal, key, kept);
    }
    if (sameValue(this.values[key], next)) return false;
    this.values[key] = next;
    return true;
  }

  /**
   * The stashed value, to come back (comeBack); undefined when it came back once already in this change.
   * The stash entry goes either way.
   */
  private unstash(key: string): FieldValue | undefined {
    const kept = this.stash.get(key);
    this.setStash(key, undefined);
    if (this.restored.has(key)) return undefined;
    this.restored.add(key);
    return kept;
  }

  setStash(key: string, value: FieldValue | undefined): void {
    this.ownStash ??= new Map(this.stash);
    if (value === undefined) this.ownStash.delete(key);
    else this.ownStash.set(key, value);
    this.stash = this.ownStash;
  }

  setStashedColumn(key: string, cells: readonly CellValue[] | undefined): void {
    this.ownColumns ??= new Map(this.stashedColumns);
    if (cells) this.ownColumns.set(key, cells);
    else this.ownColumns.delete(key);
    this.stashedColumns = this.ownColumns;
  }

  /** A hidden value set: kept for when the field is shown, its value stays empty. */
  stashValue(key: string, value: FieldValue): void {
    if (!this.plan.tables.has(key)) {
      this.setStash(key, value);
      return;
    }
    this.forgetCells(key);
    this.setStash(key, asTable(value));
  }

  /** Forget the table's stashed cells: the table value they belonged to is replaced. */
  forgetCells(key: string): void {
    const table = this.plan.tables.get(key);
    if (!table) return;
    for (const header of table.headers) if (this.stash.has(header.key)) this.setStash(header.key, undefined);
    for (const column of table.columns) {
      if (this.stashedColumns.has(column.key)) this.setStashedColumn(column.key, undefined);
    }
  }

  /**
   * A table whose visibility or whose children's changed: hidden, it is emptied whole (stashed as it is,
   * its children's stashes kept with it); shown, it comes back and each header and column is emptied or
   * restored as its own visibility says. Totals and accumulators follow.
   */
  concealTable(key: string): void {
    const table = this.plan.tables.get(key);
    if (!table) return;
    if (this.hidden.has(key)) {
      if (this.stash.has(key)) return;
      this.setStash(key, asTable(this.values[key]));
      this.values[key] = emptyValue(table.field);
      this.scanTable(key);
      return;
    }
    let value = asTable(this.values[key]);
    if (this.stash.has(key)) {
      const kept = this.unstash(key);
      if (kept === undefined) this.forgetCells(key);
      value = asTable(comeBack(this.internal, key, kept ?? value));
    }
    // A child is stashed exactly while it is emptied: only one whose visibility no longer matches moves.
    const headers = { ...value.headers };
    for (const header of table.headers) {
      const hidden = this.hidden.has(header.key);
      if (hidden === this.stash.has(header.key)) continue;
      if (hidden) {
        this.setStash(header.key, headers[header.key] ?? null);
        headers[header.key] = null;
        continue;
      }
      const kept = this.unstash(header.key);
      if (kept !== undefined) {
        headers[header.key] = isEmptyValue(kept) ? cellDefault(header, this.internal.opts) : (kept as CellValue);
      }
    }
    let rows = value.subRecords;
    for (const column of table.columns) {
      const hidden = this.hidden.has(column.key);
      const stashed = this.stashedColumns.get(column.key);
      if (hidden === (stashed !== undefined)) continue;
      if (hidden) {
        this.setStashedColumn(
          column.key,
          rows.map((row) => row[column.key] ?? null),
        );
        rows = rows.map((row) => ({ ...row, [column.key]: null }));
        continue;
      }
      this.setStashedColumn(column.key, undefined);
      if (this.restored.has(column.key)) continue;
      this.restored.add(column.key);
      const fallback = cellDefault(column, this.internal.opts);
      rows = rows.map((row, index) => {
        const kept = stashed?.[index];
        return { ...row, [column.key]: kept === undefined || isEmptyValue(kept) ? fallback : kept };
      });
    }
    this.values[key] = { ...value, headers, subRecords: rows };
    this.scanTable(key);
    this.values[key] = this.withTotals(key, asTable(this.values[key]));
  }

  /** Re-evaluate the given rules; returns the keys whose visibility flipped. */
  applyRules(indexes: Iterable<number>): string[] {
    const flipped: string[] = [];
    let active: boolean[] | undefined;
    let hiddenBy: Map<string, number> | undefined;
    for (const index of indexes) {
      const rule = this.plan.rules[index];
      if (!rule) continue;
      const now = ruleActive(rule, this.values, this.plan.declared);
      if (now === this.active[index]) continue;
      active ??= [...this.active];
      hiddenBy ??= new Map(this.hiddenBy);
      active[index] = now;
      for (const target of this.plan.targets[index] ?? []) {
        const count = (hiddenBy.get(target) ?? 0) + (now ? 1 : -1);
        if (count > 0) hiddenBy.set(target, count);
        else hiddenBy.delete(target);
        flipped.push(target);
      }
    }
    if (!active || !hiddenBy) return [];
    this.active = active;
    this.hiddenBy = hiddenBy;
    const hidden = new Set(this.plan.alwaysHidden);
    for (const key of hiddenBy.keys()) hidden.add(key);
    const really = flipped.filter((key) => hidden.has(key) !== this.hidden.has(key));
    this.hidden = hidden;
    return really;
  }

  private track(keys: readonly string[]): void {
    let changed: Set<string> | undefined;
    for (const key of keys) {
      const differs = !sameValue(this.values[key], this.internal.initial[key]);
      if (differs === this.changed.has(key)) continue;
      changed ??= new Set(this.changed);
      if (differs) changed.add(key);
      else changed.delete(key);
    }
    if (changed) this.changed = changed;
  }

  /** Every applicable formula, in dependency order (a hidden one is null). */
  computeFormulas(): void {
    for (const key of this.plan.formulas.order) {
      const formula = this.plan.formulas.byKey.get(key);
      if (!formula || !this.plan.byKey.has(key)) continue;
      this.values[key] = this.hidden.has(key) ? null : formulaResult(formula.evaluate(this.read));
    }
  }

  /** The next state; `initial` replaces the snapshot (createFormState only). */
  finish(initial?: FormValues): FormState {
    const previous = this.state;
    const state: FormState = {
      component: previous.component,
      values: this.values,
      errors: this.errors,
      cellErrors: this.cellErrors,
      hidden: this.hidden,
      dirty: this.dirty,
      fields: previous.fields,
      readOnly: previous.readOnly,
      modified: this.dirty.size > 0 || this.changed.size > 0,
    };
    internals.set(state, {
      ...this.internal,
      initial: initial ?? this.internal.initial,
      active: this.active,
      hiddenBy: this.hiddenBy,
      changed: this.changed,
      cellCounts: this.cellCounts,
      acc: this.acc,
      stash: this.stash,
      stashedColumns: this.stashedColumns,
    });
    return state;
  }
}

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
  internals.set(seed, internal);
  const draft = new Draft(seed, internal);
  for (const key of plan.tables.keys()) {
    draft.scanTable(key);
    draft.values[key] = draft.withTotals(key, asTable(draft.values[key]));
  }
  draft.conceal(plan.alwaysHidden);
  draft.computeFormulas();
  draft.settle(draft.conceal(draft.applyRules(plan.rules.keys())));
  for (const key of plan.tables.keys()) draft.validateTable(key);
  for (const field of plan.topLevel) draft.validate(field.key);
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
    draft.stashValue(key, value);
    draft.markDirty([key]);
    return draft.finish();
  }
  if (plan.tables.has(key)) {
    // The new table's hidden headers and columns are emptied (and stashed) as the old one's were.
    draft.forgetCells(key);
    draft.values[key] = asTable(value);
    draft.concealTable(key);
    draft.validateTable(key);
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
  draft.values[containerKey] = draft.withTotals(containerKey, { ...value, subRecords: [...value.subRecords, row] });
  for (const column of table.columns) draft.validateCell(containerKey, index, column, row[column.key]);
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
  draft.scanTable(containerKey);
  draft.values[containerKey] = draft.withTotals(containerKey, asTable(draft.values[containerKey]));
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
  draft.validateTable(containerKey);
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
      next = draft.withTotals(containerKey, next);
    }
  }
  draft.values[containerKey] = next;
  draft.validateCell(containerKey, rowIndex, field, value);
  draft.markDirty([cellKey(containerKey, rowIndex, key)]);
  draft.propagate([containerKey]);
  return draft.finish();
}

function blocking(error: FieldError | undefined, ignoreRequired: boolean | undefined): boolean {
  return error !== undefined && !(ignoreRequired && error.code === 'required');
}

/** The keys of visible fields with an error, in field order ('required' errors skipped on request). */
function invalidKeys(state: FormState, ignoreRequired?: boolean): string[] {
  return internalOf(state)
    .plan.topLevel.filter((field) => !state.hidden.has(field.key) && blocking(state.errors[field.key], ignoreRequired))
    .map((field) => field.key);
}

/**
 * Submit with mandatory validations on (and not on the summary): every visible invalid field, in field
 * order; the first is where focus goes. Marks nothing itself (the caller marks `invalid` dirty).
 */
export function submitCheck(
  state: FormState,
  opts: { mandatoryValidations: boolean; summary: boolean; ignoreRequired?: boolean },
): { ok: true } | { ok: false; message: typeof MANDATORY_FIELDS_MESSAGE; invalid: string[] } {
  if (!opts.mandatoryValidations || opts.summary) return { ok: true };
  const invalid = invalidKeys(state, opts.ignoreRequired);
  return invalid.length === 0 ? { ok: true } : { ok: false, message: MANDATORY_FIELDS_MESSAGE, invalid };
}

/** No visible field has an error (a missing required upload is one); the variant ignores 'required'. */
export function isFormValid(state: FormState, opts?: { ignoreRequired?: boolean }): boolean {
  return invalidKeys(state, opts?.ignoreRequired).length === 0;
}

/**
 * What progress needs: whether the applicant filled anything (a value that is not empty and not the
 * field's default), and whether every visible mandatory field holds a value.
 */
export function fillFacts(state: FormState): { fillable: boolean; anyFilled: boolean; mandatoryFilled: boolean } {
  const { plan, defaults } = internalOf(state);
  let fillable = false;
  let anyFilled = false;
  let mandatoryFilled = true;
  for (const field of plan.topLevel) {
    if (field.formulas || fieldType(field) === 'heading' || state.hidden.has(field.key)) continue;
    fillable = true;
    const value = state.values[field.key];
    const empty = isEmptyValue(value) || value === false;
    if (!empty && !sameValue(value, defaults.get(field.key))) anyFilled = true;
    if (field.field_type_details.mandatory && empty) mandatoryFilled = false;
  }
  return { fillable, anyFilled, mandatoryFilled };
}
