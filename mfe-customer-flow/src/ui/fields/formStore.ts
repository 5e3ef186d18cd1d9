// The form as an external store: the flow hands each new binding (engine state + callbacks) to the
// store, and every field reads only its own slice. A keystroke then re-renders the field typed into,
// the fields the engine changed with it (formulas, rules) and nothing else — not the whole form.

import type { FieldConfig, FieldOptions, FieldValue } from '@originate/contract';
import { changedFields, type FieldError } from '@originate/flow-engine';
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import { type FormBinding, inputText } from './types';

export interface FormStore {
  get(): FormBinding;
  set(binding: FormBinding): void;
  subscribe(listener: () => void): () => void;
  /**
   * A value just typed into a field: that field shows it at once, before a binding holds it (the flow
   * renders a keystroke's consequences a frame later). Only the field's own listeners hear of it.
   */
  type(key: string, value: FieldValue): void;
  /** The typed value of a field the bindings do not hold yet. */
  typed(key: string): { value: FieldValue } | undefined;
  /** The field was left: its typed value goes with the next binding, whatever that holds. */
  untype(key: string): void;
  subscribeKey(key: string, listener: () => void): () => void;
  /**
   * A top-level field's listener: hears the bindings that may change what the field shows (its part of the
   * state changed, or the binding's context did; an OTP field every binding: it shows another field's value)
   * and its typed values.
   */
  subscribeField(field: FieldConfig, listener: () => void): () => void;
}

function sameContext(a: FormBinding, b: FormBinding): boolean {
  const [x, y] = [a.context, b.context];
  return x !== undefined && y !== undefined && x.length === y.length && x.every((item, i) => Object.is(item, y[i]));
}

export function createFormStore(initial: FormBinding): FormStore {
  let current = initial;
  const listeners = new Set<() => void>();
  const typed = new Map<string, { value: FieldValue; left?: boolean }>();
  const keyListeners = new Map<string, Set<() => void>>();
  const fieldListeners = new Map<string, Set<() => void>>();
  const notifyKey = (key: string) => {
    for (const listener of keyListeners.get(key) ?? []) listener();
  };
  const listen = (map: Map<string, Set<() => void>>, key: string, listener: () => void) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    get: () => current,
    set(binding) {
      if (binding === current) return;
      const sameScreen = binding.state.component === current.state.component;
      const changed = sameContext(current, binding) ? changedFields(current.state, binding.state) : 'all';
      current = binding;
      // A typed value leaves once a binding holds it (a newer one typed since stays); its field shows the
      // binding's value from now on, so it hears of it whatever else changed.
      const untyped: string[] = [];
      for (const [key, entry] of typed)
        if (!sameScreen || entry.left || Object.is(binding.state.values[key], entry.value)) {
          typed.delete(key);
          untyped.push(key);
        }
      for (const listener of listeners) listener();
      if (changed === 'all') for (const set of fieldListeners.values()) for (const listener of set) listener();
      else
        for (const key of new Set([...changed, ...untyped]))
          for (const listener of fieldListeners.get(key) ?? []) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    type(key, value) {
      typed.set(key, { value });
      notifyKey(key);
    },
    typed: (key) => typed.get(key),
    untype(key) {
      const entry = typed.get(key);
      if (entry) entry.left = true;
    },
    subscribeKey: (key, listener) => listen(keyListeners, key, listener),
    subscribeField(field, listener) {
      const own = listen(keyListeners, field.key, listener);
      const all = field.field_type_details.type === 'otp';
      if (all) listeners.add(listener);
      const slice = all ? () => listeners.delete(listener) : listen(fieldListeners, field.key, listener);
      return () => {
        own();
        slice();
      };
    },
  };
}

export const FormStoreContext = createContext<FormStore | null>(null);

export function useFormStore(): FormStore {
  const store = useContext(FormStoreContext);
  if (!store) throw new Error('Form fields need a FormStoreContext above them');
  return store;
}

export function sameError(a: FieldError | undefined, b: FieldError | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.code === b.code && a.message === b.message);
}

/**
 * A value picked from the binding, re-rendering only when `equal` says it changed. The picked value of
 * the last render is kept so that equal snapshots are the same object (useSyncExternalStore's rule).
 */
export function useFormSelector<T>(
  pick: (binding: FormBinding) => T,
  equal: (a: T, b: T) => boolean,
  subscribe?: (listener: () => void) => () => void,
): T {
  const store = useFormStore();
  const last = useRef<{ value: T } | null>(null);
  const snapshot = useCallback(() => {
    const next = pick(store.get());
    if (last.current && equal(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  }, [store, pick, equal]);
  return useSyncExternalStore(subscribe ?? store.subscribe, snapshot);
}

/** What one field shows: everything a keystroke elsewhere leaves the same. */
export interface FieldView {
  hidden: boolean;
  label: string;
  value: FieldValue | undefined;
  error: FieldError | undefined;
  readOnly: boolean;
  options: FieldOptions['values'] | undefined;
  verified: boolean | undefined;
  /** An OTP field's recipient (another field's value). */
  recipient: string;
  /** The translated label of the field's microflow button; empty when it has none (or none can run). */
  microflowLabel: string;
}

function recipientOf(binding: FormBinding, field: FieldConfig): string {
  const details = field.field_type_details;
  if (details.type !== 'otp' || !details.recipient_field) return '';
  return inputText(binding.state.values[details.recipient_field]);
}

function sameView(a: FieldView, b: FieldView): boolean {
  return (
    a.hidden === b.hidden &&
    a.label === b.label &&
    a.value === b.value &&
    sameError(a.error, b.error) &&
    a.readOnly === b.readOnly &&
    a.options === b.options &&
    a.verified === b.verified &&
    a.recipient === b.recipient &&
    a.microflowLabel === b.microflowLabel
  );
}

export function useFieldView(field: FieldConfig): FieldView {
  const store = useFormStore();
  const subscribe = useCallback((listener: () => void) => store.subscribeField(field, listener), [store, field]);
  const pick = useCallback(
    (binding: FormBinding): FieldView => ({
      hidden: binding.state.hidden.has(field.key),
      label: binding.label(field),
      value: (store.typed(field.key) ?? { value: binding.state.values[field.key] }).value,
      error: binding.shownError(field.key),
      readOnly: binding.readOnly(field.key),
      options: binding.optionsOf(field),
      verified: binding.verified(field.key),
      recipient: recipientOf(binding, field),
      microflowLabel:
        field.microflow?.trigger === 'button' && binding.runMicroflow
          ? binding.translate(field.microflow.label ?? 'Verify')
          : '',
    }),
    [field, store],
  );
  return useFormSelector(pick, sameView, subscribe);
}

/** Shown errors of a table's cells, by cell key; the same object while none of them changed. */
export function useCellErrors(containerKey: string): Readonly<Record<string, FieldError | undefined>> {
  const pick = useCallback(
    (binding: FormBinding) => {
      const prefix = `${containerKey}.`;
      const shown: Record<string, FieldError | undefined> = {};
      for (const key of Object.keys(binding.state.cellErrors)) {
        if (!key.startsWith(prefix)) continue;
        const error = binding.shownError(key);
        if (error) shown[key] = error;
      }
      return shown;
    },
    [containerKey],
  );
  return useFormSelector(pick, sameErrors);
}

function sameErrors(
  a: Readonly<Record<string, FieldError | undefined>>,
  b: Readonly<Record<string, FieldError | undefined>>,
): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => sameError(a[key], b[key]));
}

/** Keys of a table's header and column fields that are visible, joined: a string compares by value. */
export function useVisibleCells(children: readonly FieldConfig[]): string {
  const pick = useCallback(
    (binding: FormBinding) =>
      children
        .filter((child) => !binding.state.hidden.has(child.key))
        .map((child) => child.key)
        .join('\n'),
    [children],
  );
  return useFormSelector(pick, Object.is);
}

export function useTranslate(): (text: string) => string {
  return useFormSelector(pickTranslate, Object.is);
}

const pickTranslate = (binding: FormBinding) => binding.translate;
