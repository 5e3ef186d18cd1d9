// What a form state is made of: the options and the state the caller sees, the plan (what does not change
// while the applicant types: fields, indexes, compiled formulas and rules) and the part of each state the
// caller never sees (Internal), kept beside it.
import type {
  ApplicantType,
  ComponentConfig,
  FieldAccessViewer,
  FieldConfig,
  FieldOptions,
  FieldValue,
  FormValues,
  PageRule,
} from '@originate/contract';
import { containerColumns, containerHeaders, fieldType, isContainer, isFieldApplicable } from '../fields';
import { type ComponentFormulas, componentFormulas } from '../formula';
import { ruleTargets } from '../rules';
import type { FieldError } from '../validation';
import type { ColumnAcc } from './totals';

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

export interface TablePlan {
  field: FieldConfig;
  headers: readonly FieldConfig[];
  columns: readonly FieldConfig[];
}

/** What does not change while the applicant types: fields, indexes, compiled formulas and rules. */
export interface Plan {
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

/** The part of a state the caller never sees. */
export interface Internal {
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

/** Keeps a new state's internal part beside it (createFormState and every draft's finish). */
export function keepInternal(state: FormState, internal: Internal): void {
  internals.set(state, internal);
}

export function internalOf(state: FormState): Internal {
  const internal = internals.get(state);
  if (!internal) throw new Error('Not a form state made by createFormState');
  return internal;
}

export function sameValue(a: unknown, b: unknown): boolean {
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

export function buildPlan(component: ComponentConfig, opts: FormOptions): Plan {
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
export function dependantsOf(plan: Plan, key: string): readonly string[] {
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
