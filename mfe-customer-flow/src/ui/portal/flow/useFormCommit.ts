// A keystroke's new state waiting to be rendered: the field typed into shows it at once (the browser edits
// it, or the form store's typed value); the rest of the screen (formulas, rule targets, stepper, progress)
// renders once the keystroke's frame painted, in one synchronous render of the newest state. Not as a
// transition: a transition is restarted by every key that comes before it finishes, so an applicant typing
// steadily on a slow phone saw a formula seconds behind and a rule's field only after stopping. Keys typed
// while one is waiting join it (the newest state renders once).

import type { FormValues, JointApplicant } from '@originate/contract';
import { componentStatus, type FormState, type ProgressStatus, progressKey, type Step } from '@originate/flow-engine';
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

  /** Renders a keystroke's pending state now, in this event: before anything else reads or changes the form. */
  const settle = useCallback(() => {
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
  }, [formRef, latest, setFormState, setValues, setJoint, setStatuses, dispatch]);

  useEffect(() => () => unpublished.current?.cancel?.(), []);

  const commit = useCallback(
    (next: FormState, changedKeys: readonly string[], when: 'now' | 'after paint' = 'now') => {
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
      if (when === 'now') settle();
      else pending.cancel ??= afterPaint(() => flushSync(settle));
    },
    [step, writeDraft, settle, formRef, latest],
  );

  return { settle, commit };
}
