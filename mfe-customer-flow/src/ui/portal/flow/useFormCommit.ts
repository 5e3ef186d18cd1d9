// A keystroke's new state waiting to be rendered: the field typed into shows it at once (the browser edits
// it, or the form store's typed value); the rest of the screen (formulas, rule targets, stepper, progress)
// renders once the keystroke's frame painted, in one synchronous render of the newest state. Not as a
// transition: a transition is restarted by every key that comes before it finishes, so an applicant typing
// steadily on a slow phone saw a formula seconds behind and a rule's field only after stopping. Keys typed
// while one is waiting join it (the newest state renders once).

import type { FieldValue, FormValues, JointApplicant } from '@originate/contract';
import {
  componentStatus,
  type FormState,
  type ProgressStatus,
  progressKey,
  type Step,
  setFieldValue,
} from '@originate/flow-engine';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { withStepValues } from '../../../domain/flowModel';
import type { FlowAction } from '../../../domain/flowState';
import { afterPaint } from './afterPaint';
import type { Latest } from './latest';

interface CommitArgs {
  step: Step | undefined;
  latest: RefObject<Latest>;
  formRef: RefObject<FormState | null>;
  setFormState: Dispatch<SetStateAction<FormState | null>>;
  setValues: Dispatch<SetStateAction<FormValues>>;
  setJoint: Dispatch<SetStateAction<JointApplicant[]>>;
  setStatuses: Dispatch<SetStateAction<Record<string, ProgressStatus>>>;
  dispatch: Dispatch<FlowAction>;
  writeDraft(unsynced: boolean): void;
}

export function useFormCommit(a: CommitArgs) {
  const { step, latest, formRef, setFormState, setValues, setJoint, setStatuses, dispatch, writeDraft } = a;
  const unpublished = useRef<{ step: Step; changed: Set<string>; cancel?: () => void } | null>(null);
  /**
   * Values typed into fields the browser edits, not given to the engine yet: a keystroke only records its
   * value (its handler stays within the key's frame), the engine runs with the rest once that frame painted.
   */
  const typed = useRef<{ component: FormState['component']; values: Map<string, FieldValue> } | null>(null);

  /** The newest engine state becomes the flow's (not rendered yet): form, merged values, the device's draft. */
  const record = useCallback(
    (next: FormState, changedKeys: readonly string[]) => {
      if (!step) return;
      formRef.current = next;
      const merged = withStepValues(step, next.values, latest.current.values, latest.current.joint);
      latest.current.values = merged.values;
      latest.current.joint = merged.joint;
      latest.current.changes += 1;
      writeDraft(true);
      const pending = unpublished.current ?? { step, changed: new Set<string>() };
      for (const key of changedKeys) pending.changed.add(key);
      unpublished.current = pending;
    },
    [step, writeDraft, formRef, latest],
  );

  /** Gives the engine the values typed since it last ran, in typing order: before anything reads the form. */
  const applyTyped = useCallback(() => {
    const pending = typed.current;
    if (!pending) return;
    typed.current = null;
    let next = formRef.current;
    // Typed into a step that is gone (the keys were the last of it): nothing to apply them to.
    if (!next || next.component !== pending.component) return;
    for (const [key, value] of pending.values) next = setFieldValue(next, key, value);
    record(next, [...pending.values.keys()]);
  }, [formRef, record]);

  /** Renders the pending state now, in this event: before anything else reads or changes the form. */
  const settle = useCallback(() => {
    applyTyped();
    const pending = unpublished.current;
    if (!pending) return;
    unpublished.current = null;
    pending.cancel?.();
    const current = formRef.current;
    setFormState(current);
    setValues(latest.current.values);
    setJoint(latest.current.joint);
    if (current) {
      latest.current.statuses = { ...latest.current.statuses, [progressKey(pending.step)]: componentStatus(current) };
      setStatuses(latest.current.statuses);
    }
    dispatch({ type: 'edited', keys: [...pending.changed] });
  }, [applyTyped, formRef, latest, setFormState, setValues, setJoint, setStatuses, dispatch]);

  useEffect(() => () => unpublished.current?.cancel?.(), []);

  // The page hiding within a frame of a keystroke: its value reaches the draft the page flushes (capture
  // listeners run before the draft writer's own).
  useEffect(() => {
    window.addEventListener('pagehide', applyTyped, true);
    document.addEventListener('visibilitychange', applyTyped, true);
    return () => {
      window.removeEventListener('pagehide', applyTyped, true);
      document.removeEventListener('visibilitychange', applyTyped, true);
    };
  }, [applyTyped]);

  const schedule = useCallback(() => {
    if (unpublished.current) unpublished.current.cancel ??= afterPaint(() => flushSync(settle));
  }, [settle]);

  const commit = useCallback(
    (next: FormState, changedKeys: readonly string[], when: 'now' | 'after paint' = 'now') => {
      if (!step) return;
      record(next, changedKeys);
      if (when === 'now') settle();
      else schedule();
    },
    [step, record, settle, schedule],
  );

  /** A value typed into a field the browser edits: recorded now, given to the engine after the key's frame. */
  const type = useCallback(
    (key: string, value: FieldValue) => {
      const current = formRef.current;
      if (!step || !current) return;
      const pending = typed.current ?? { component: current.component, values: new Map<string, FieldValue>() };
      pending.values.delete(key);
      pending.values.set(key, value);
      typed.current = pending;
      unpublished.current ??= { step, changed: new Set<string>() };
      unpublished.current.changed.add(key);
      schedule();
    },
    [step, formRef, schedule],
  );

  return { settle, commit, type, applyTyped };
}
