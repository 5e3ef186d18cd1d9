// Moving through the flow: go to a step, Next (checks and saves a draft first), Back, Save and Submit
// (every step's form must pass: the first failing one opens with its fields marked).

import {
  type FlowApplication,
  type FlowConfig,
  type FormValues,
  type JointApplicant,
  MANDATORY_FIELDS_MESSAGE,
} from '@originate/contract';
import {
  type FlowContext,
  type FormState,
  markDirty,
  nextStep,
  previousStep,
  type Step,
  type StepRef,
  sameStep,
  submitCheck,
} from '@originate/flow-engine';
import { reportError, showToast } from '@originate/web';
import { type Dispatch, type RefObject, type SetStateAction, useCallback } from 'react';
import { isNetworkError, type SaveQueue } from '../../../api/saveQueue';
import type { FlowAction } from '../../../domain/flowState';
import { focusField } from '../../fields/focus';
import type { FlowOptions } from '../useFlow';
import type { Latest } from './latest';

interface StepActionsArgs {
  flow: FlowConfig;
  opts: FlowOptions;
  productCode: string;
  step: Step | undefined;
  steps: readonly Step[];
  latest: RefObject<Latest>;
  formRef: RefObject<FormState | null>;
  setForm(next: FormState | null): void;
  setAt: Dispatch<SetStateAction<StepRef>>;
  formFor(s: Step, v: FormValues, j: readonly JointApplicant[]): FormState | null;
  latestContext(): FlowContext;
  settle(): void;
  writeDraft(unsynced: boolean): void;
  dispatch: Dispatch<FlowAction>;
  queue: SaveQueue<FlowApplication>;
  send(mode: 'DRAFT' | 'SAVED', at: Step): Promise<FlowApplication>;
  saveDraft(at: Step): Promise<FlowApplication | null>;
}

export function useStepActions(a: StepActionsArgs) {
  const { flow, opts, productCode, step, steps, latest, formRef, setForm, setAt, formFor, latestContext } = a;
  const { settle, writeDraft, dispatch, queue, send, saveDraft } = a;

  const goTo = useCallback(
    (target: Step, opts2?: { values?: FormValues; joint?: JointApplicant[] }) => {
      settle();
      const v = opts2?.values ?? latest.current.values;
      const j = opts2?.joint ?? latest.current.joint;
      setAt({
        sectionIndex: target.sectionIndex,
        subSectionIndex: target.subSectionIndex,
        jointIndex: target.jointIndex,
      });
      setForm(formFor(target, v, j));
      latest.current.step = target;
      writeDraft(true);
      // At once, not smoothly: while a long step scrolled up under the pointer, a press on the next step's
      // buttons could be released elsewhere on the moving page and the tap was lost.
      window.scrollTo?.({ top: 0, behavior: 'instant' });
    },
    [formFor, writeDraft, settle, setForm, setAt, latest],
  );

  /** The first invalid field gets focus, the message shows, every invalid field is marked. */
  const refuse = useCallback(
    (current: FormState, invalid: readonly string[], message: string) => {
      setForm(markDirty(current, invalid));
      showToast(message, 'error');
      const first = invalid[0];
      // After the marked fields render with their errors.
      if (first) requestAnimationFrame(() => focusField(first));
    },
    [setForm],
  );

  const check = useCallback(
    (current: FormState | null, s: Step): boolean => {
      if (!current) return true;
      const result = submitCheck(current, { mandatoryValidations: flow.mandatoryValidations, summary: s.summary });
      if (result.ok) return true;
      refuse(current, result.invalid, result.message);
      return false;
    },
    [flow.mandatoryValidations, refuse],
  );

  const next = useCallback(async () => {
    settle();
    if (!step || !check(formRef.current, step)) return;
    const target = nextStep(flow, latestContext(), step);
    if (!target) return;
    dispatch({ type: 'busy', busy: true });
    try {
      await saveDraft(target);
      goTo(target);
    } catch (error) {
      reportError(error);
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  }, [step, check, flow, latestContext, saveDraft, goTo, settle, formRef, dispatch]);

  const back = useCallback(() => {
    settle();
    if (!step) return;
    const target = previousStep(flow, latestContext(), step);
    if (target) goTo(target);
  }, [step, flow, latestContext, goTo, settle]);

  const save = useCallback(async () => {
    settle();
    if (!step) return;
    dispatch({ type: 'busy', busy: true });
    try {
      const saved = await saveDraft(step);
      if (saved) showToast('Your application is saved', 'success');
    } catch (error) {
      reportError(error);
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  }, [step, saveDraft, settle, dispatch]);

  const submit = useCallback(async () => {
    settle();
    if (!step) return;
    for (const s of steps) {
      const f = sameStep(s, step) ? formRef.current : formFor(s, latest.current.values, latest.current.joint);
      if (!f) continue;
      const result = submitCheck(f, { mandatoryValidations: flow.mandatoryValidations, summary: s.summary });
      if (!result.ok) {
        if (!sameStep(s, step)) goTo(s);
        refuse(f, result.invalid, MANDATORY_FIELDS_MESSAGE);
        return;
      }
    }
    dispatch({ type: 'busy', busy: true });
    try {
      const saved = await queue.save(() => send('SAVED', step), { keepOffline: false });
      if (saved) {
        dispatch({ type: 'submitted' });
        if (opts.drafts) await opts.drafts.remove({ productCode, applicationId: saved.application_id });
        opts.onSubmitted?.(saved);
      }
    } catch (error) {
      if (isNetworkError(error))
        showToast(
          'You are offline. Your application is kept on this device: submit again when you are back online.',
          'warning',
        );
      else reportError(error);
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  }, [
    step,
    steps,
    formFor,
    flow.mandatoryValidations,
    goTo,
    refuse,
    queue,
    send,
    opts,
    productCode,
    settle,
    formRef,
    latest,
    dispatch,
  ]);

  return { goTo, next, back, save, submit };
}
