// The form as the renderers see it (FormBinding): the session's rendered form, and every input's change
// applied to the session's newest one.

import type { FieldConfig, FieldOptions, FieldValue } from '@originate/contract';
import {
  addTableRow,
  type CellValue,
  type FormState,
  markDirty,
  removeTableRow,
  setTableCell,
} from '@originate/flow-engine';
import { useMemo } from 'react';
import type { FlowSession } from '../../../domain/flowSession';
import type { FlowState } from '../../../domain/flowState';
import type { FormBinding } from '../../fields/types';
import { afterPointerRelease } from '../pointerRelease';

function scalar(value: FieldValue): CellValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null
    ? value
    : null;
}

interface BindingArgs {
  session: FlowSession;
  /** The rendered form and the server's side of the snapshot. */
  form: FormState | null;
  status: FlowState;
  options: Record<string, FieldOptions['values']>;
  labelOf(field: FieldConfig): string;
  translate(text: string): string;
  runMicroflow(field: FieldConfig): Promise<void>;
}

export function useFormBinding(a: BindingArgs): FormBinding | null {
  const { session, form, options, labelOf, translate, runMicroflow } = a;
  const { serverErrors, verified, submitted } = a.status;
  return useMemo(() => {
    if (!form) return null;
    // Changes start from the newest engine state, which may be ahead of the rendered `form`: a renderer may
    // blur right after a change (radio, upload, OTP) in the same event, and a keystroke's state renders a
    // frame later.
    const newest = () => session.current().form ?? form;
    /** A field or cell was left: once the press behind it is over, it is marked dirty (its error shows). */
    const whenLeft = (key: string, then?: (current: FormState) => void) => {
      const screen = newest().component;
      afterPointerRelease(() => {
        session.settle();
        const current = newest();
        // The press that left it went to another step (Next, Back): that form is gone.
        if (current.component !== screen) return;
        if (!current.dirty.has(key)) session.setForm(markDirty(current, [key]));
        then?.(current);
      });
    };
    return {
      state: form,
      context: [session, serverErrors, options, submitted, runMicroflow, verified, translate, labelOf],
      shownError: (key) =>
        serverErrors[key] ?? (form.dirty.has(key) ? (form.errors[key] ?? form.cellErrors[key]) : undefined),
      label: labelOf,
      translate,
      optionsOf: (field) => options[field.field_type_details.property ?? ''],
      readOnly: (key) => form.readOnly.has(key) || submitted,
      setValue: (key, value) => session.type(key, value),
      blur: (key) =>
        whenLeft(key, (current) => {
          const field = current.fields.find((f) => f.key === key);
          const value = current.values[key];
          if (field?.microflow?.trigger === 'blur' && !current.errors[key] && value !== '' && value != null) {
            void runMicroflow(field);
          }
        }),
      setCell: (container, row, key, value) =>
        session.commit(setTableCell(newest(), container, row, key, scalar(value)), [container]),
      blurCell: (container, row, key) => whenLeft(`${container}.${row}.${key}`),
      addRow: (container) => {
        session.settle();
        const result = addTableRow(newest(), container);
        if (result.added) session.commit(result.state, [container]);
        else session.setForm(result.state);
        return result.added;
      },
      removeRow: (container, row) => {
        session.settle();
        session.commit(removeTableRow(newest(), container, row), [container]);
      },
      runMicroflow: (field) => void runMicroflow(field),
      verified: (key) => verified[key],
    };
  }, [form, session, serverErrors, options, submitted, runMicroflow, verified, translate, labelOf]);
}
