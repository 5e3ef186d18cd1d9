// The flow screen bound to its session (domain/flowSession: values, step, form, statuses, the server's side),
// with the pieces in ./flow doing the calls around it (saves and offline, the device draft, microflows,
// mandatory validations, moving between steps).

import { canAddJointApplicant, nextStep, previousStep, progressKey, stepper } from '@originate/flow-engine';
import { showToast } from '@originate/web';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { FlowSetup } from '../../api/loadFlow';
import { initialModel } from '../../domain/flowModel';
import { createFlowSession } from '../../domain/flowSession';
import { afterPaint } from './flow/afterPaint';
import { type FlowOptions, useFormFor } from './flow/options';
import { useDraft } from './flow/useDraft';
import { useFormBinding } from './flow/useFormBinding';
import { useMandatoryValidations } from './flow/useMandatoryValidations';
import { useMicroflows } from './flow/useMicroflows';
import { useSaves } from './flow/useSaves';
import { useStepActions } from './flow/useStepActions';

export function useFlow(setup: FlowSetup, opts: FlowOptions) {
  const { flow, components, options } = setup;
  const formFor = useFormFor(setup, opts);
  const [session] = useState(() => {
    const initial = initialModel(setup, opts.applicantType);
    return createFlowSession(
      {
        flow,
        components,
        applicantType: opts.applicantType,
        formFor,
        stepFilter: opts.stepFilter,
        // A keystroke's consequences render in one synchronous render once its frame is out (afterPaint).
        schedule: (publish) => afterPaint(() => flushSync(publish)),
        // At once, not smoothly: while a long step scrolled up under the pointer, a press on the next step's
        // buttons could be released elsewhere on the moving page and the tap was lost.
        navigated: () => window.scrollTo?.({ top: 0, behavior: 'instant' }),
      },
      { ...initial, application: setup.application, resumeToken: setup.resumeToken },
    );
  });
  useEffect(() => session.configure({ formFor, stepFilter: opts.stepFilter }), [session, formFor, opts.stepFilter]);
  useEffect(() => () => session.dispose(), [session]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const { ctx, steps, step, form, status, statuses } = snapshot;

  useDraft(opts.drafts, setup.productCode, session);
  const validations = useMandatoryValidations(session);
  const { send, queue, saveDraft, ensureApplication } = useSaves({ flow, opts, session, validations, step });
  // The fields of the last refused check, for the step it refused (Submit may have opened another step).
  const [refusal, setRefusal] = useState<{ at: string; invalid: readonly string[] } | null>(null);
  const onRefused = useCallback(
    (invalid: readonly string[]) => {
      const at = session.current().step;
      setRefusal(at ? { at: progressKey(at), invalid } : null);
    },
    [session],
  );
  const { next, back, save, submit } = useStepActions({
    flow,
    opts,
    productCode: setup.productCode,
    step,
    session,
    queue,
    send,
    saveDraft,
    onRefused,
  });
  const runMicroflow = useMicroflows({ step, session, ensureApplication });
  const binding = useFormBinding({
    session,
    form,
    status,
    options,
    labelOf: opts.labelOf,
    translate: opts.translate,
    runMicroflow,
  });

  // Every step's status is a full evaluation of its form: filled after the first screen painted, not before
  // it; joint steps' statuses appear and vanish with their applicants.
  useEffect(() => session.fillStatuses(steps), [session, steps]);

  const { stepperEntries, isLast, isFirst } = useMemo(
    () => ({
      // Only the sections of the steps on screen: staff viewing one applicant's steps (stepFilter).
      stepperEntries: step ? stepper(flow, ctx, step, statuses, steps) : [],
      isLast: step ? nextStep(flow, ctx, step) === null : false,
      isFirst: step ? previousStep(flow, ctx, step) === null : true,
    }),
    [flow, ctx, step, statuses, steps],
  );

  const { preview } = status;
  return {
    flow,
    ctx,
    steps,
    step,
    form,
    binding,
    values: snapshot.values,
    joint: snapshot.joint,
    application: status.application,
    resumeToken: status.resumeToken,
    keepResumeToken: (resumeToken: string) => session.dispatch({ type: 'resumeToken', resumeToken }),
    sync: status.sync,
    busy: status.busy,
    submitted: status.submitted,
    preview,
    closePreview: () => {
      if (preview) URL.revokeObjectURL(preview.url);
      session.dispatch({ type: 'preview', preview: null });
    },
    stepper: stepperEntries,
    /** The fields the error summary lists: the last refused check's, while its step is on screen. */
    refused: refusal && step && refusal.at === progressKey(step) ? refusal.invalid : [],
    statuses,
    isLast,
    isFirst,
    next,
    back,
    save,
    submit,
    goTo: session.goTo,
    formFor: session.formFor,
    addJoint: (type: 'secondary' | 'guarantor') => {
      if (!session.addJoint(type)) return;
      showToast(
        type === 'secondary'
          ? 'Co-applicant added: their steps follow yours'
          : 'Guarantor added: their steps follow yours',
        'success',
      );
    },
    removeJoint: session.removeJoint,
    canAdd: (type: 'secondary' | 'guarantor') => canAddJointApplicant(flow, ctx, type),
    ensureApplication,
    retrySync: () => queue.retryNow(),
  };
}

export type FlowController = ReturnType<typeof useFlow>;
