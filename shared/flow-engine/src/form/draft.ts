// A mutable copy of a state's parts, made by one operation (a keystroke, a row added, the full evaluation)
// and frozen into the next state by finish. Copy on write: a part is copied the first time the operation
// changes it, so a keystroke copies only what it touches.
//
// A change settles in rounds: the formulas reading what changed are recomputed (their dependants in
// dependency order), the rules reading it re-run, and the fields they hide or show emptied or restored
// (conceal.ts), which is the next round's change, until nothing flips. Then what changed value or
// visibility is validated again (validate.ts): a keystroke never re-validates the form.
import type { FieldValue, FormValues } from '@originate/contract';
import { type FormulaRead, formulaResult } from '../formula';
import { ruleActive } from '../rules';
import { type FieldError, isEmptyValue, toNumber } from '../validation';
import { conceal } from './conceal';
import {
  type CellValue,
  dependantsOf,
  type FormState,
  type Internal,
  keepInternal,
  type Plan,
  sameValue,
} from './plan';
import { asTable, type ColumnAcc } from './totals';
import { validate, validateTable } from './validate';

export class Draft {
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

  setCounts(key: string, counts: { required: number; other: number }): void {
    const next = new Map(this.cellCounts);
    next.set(key, counts);
    this.cellCounts = next;
  }

  setAcc(key: string, accs: ReadonlyMap<string, ColumnAcc>): void {
    const next = new Map(this.acc);
    next.set(key, accs);
    this.acc = next;
  }

  /**
   * A formula's operand: null for an empty field and a hidden table or column, NaN for text that is not a
   * number or a column without a total.
   */
  readonly read: FormulaRead = (ref) => {
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
      validateTable(this, table);
      revalidate.add(table);
    }
    for (const key of revalidate) validate(this, key);
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
      next = conceal(this, flips);
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
   * The stashed value, to come back (comeBack); undefined when it came back once already in this change.
   * The stash entry goes either way.
   */
  unstash(key: string): FieldValue | undefined {
    const kept = this.stash.get(key);
    this.setStash(key, undefined);
    return this.restoreOnce(key) ? kept : undefined;
  }

  /** True the first time a key's stash comes back in this change: a second time it stays empty. */
  restoreOnce(key: string): boolean {
    if (this.restored.has(key)) return false;
    this.restored.add(key);
    return true;
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
    keepInternal(state, {
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
