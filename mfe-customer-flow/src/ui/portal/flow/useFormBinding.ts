// The form as the renderers see it (FormBinding): the rendered engine state, and every input's change
// applied to the newest one.

import type { FieldConfig, FieldOptions, FieldValue } from '@originate/contract';
import {
  addTableRow,
  type CellValue,
  type FieldError,
  type FormState,
  markDirty,
  removeTableRow,
  setFieldValue,
  setTableCell,
} from '@originate/flow-engine';
import { type RefObject, useMemo } from 'react';
import type { FormBinding } from '../../fields/types';
import { afterPointerRelease } from '../pointerRelease';

function scalar(value: FieldValue): CellValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null
    ? value
    : null;
}

interface BindingArgs {
  form: FormState | null;
  formRef: RefObject<FormState | null>;
  serverErrors: Record<string, FieldError>;
  verified: Record<string, boolean>;
  options: Record<string, FieldOptions['values']>;
  submitted: boolean;
  labelOf(field: FieldConfig): string;
  translate(text: string): string;
  settle(): void;
  setForm(next: FormState | null): void;
  commit(next: FormState, changedKeys: readonly string[], when?: 'now' | 'after paint'): void;
  /** A value the control already shows: the engine takes it after the keystroke's frame. */
  type(key: string, value: FieldValue): void;
  /** Gives the engine what was typed and not taken yet. */
  applyTyped(): void;
  runMicroflow(field: FieldConfig): Promise<void>;
}

export function useFormBinding(a: BindingArgs): FormBinding | null {
  const { form, formRef, serverErrors, verified, options, submitted, labelOf, translate } = a;
  const { settle, setForm, commit, type, applyTyped, runMicroflow } = a;
  return useMemo(() => {
    if (!form) return null;
    // Changes start from the newest engine state (formRef), which may be ahead of the rendered `form`:
    // a renderer may blur right after a change (radio, upload, OTP) in the same event, and a keystroke's
    // state renders a frame later.
    const newest = () => {
      applyTyped();
      return formRef.current ?? form;
    };
    /** A field or cell was left: once the press behind it is over, it is marked dirty (its error shows). */
    const whenLeft = (key: string, then?: (current: FormState) => void) => {
      const screen = newest().component;
      afterPointerRelease(() => {
        settle();
        const current = newest();
        // The press that left it went to another step (Next, Back): that form is gone.
        if (current.component !== screen) return;
        if (!current.dirty.has(key)) setForm(markDirty(current, [key]));
        then?.(current);
      });
    };
    return {
      state: form,
      shownError: (key) =>
        serverErrors[key] ?? (form.dirty.has(key) ? (form.errors[key] ?? form.cellErrors[key]) : undefined),
      label: labelOf,
      translate,
      optionsOf: (field) => options[field.field_type_details.property ?? ''],
      readOnly: (key) => form.readOnly.has(key) || submitted,
      setValue: (key, value, shown) =>
        shown ? type(key, value) : commit(setFieldValue(newest(), key, value), [key], 'after paint'),
      blur: (key) =>
        whenLeft(key, (current) => {
          const field = current.fields.find((f) => f.key === key);
          const value = current.values[key];
          if (field?.microflow?.trigger === 'blur' && !current.errors[key] && value !== '' && value != null) {
            void runMicroflow(field);
          }
        }),
      setCell: (container, row, key, value) =>
        commit(setTableCell(newest(), container, row, key, scalar(value)), [container]),
      blurCell: (container, row, key) => whenLeft(`${container}.${row}.${key}`),
      addRow: (container) => {
        settle();
        const result = addTableRow(newest(), container);
        if (result.added) commit(result.state, [container]);
        else setForm(result.state);
        return result.added;
      },
      removeRow: (container, row) => {
        settle();
        commit(removeTableRow(newest(), container, row), [container]);
      },
      runMicroflow: (field) => void runMicroflow(field),
      verified: (key) => verified[key],
    };
  }, [
    form,
    formRef,
    serverErrors,
    options,
    submitted,
    commit,
    type,
    applyTyped,
    settle,
    setForm,
    runMicroflow,
    verified,
    translate,
    labelOf,
  ]);
}
