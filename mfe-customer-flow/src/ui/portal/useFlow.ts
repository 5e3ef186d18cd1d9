// The flow screen's state: the applicant's values, the current step and its engine form, progress, and
// the pieces in ./flow (saves and offline, the device draft, microflows, mandatory validations), with the
// rest of the screen's state in domain/flowState's reducer.

import type {
  ApplicantType,
  FieldAccessViewer,
  FieldConfig,
  FlowApplication,
  FormValues,
  JointApplicant,
} from '@originate/contract';
import {
  canAddJointApplicant,
  createFormState,
  type FormState,
  nextStep,
  type ProgressStatus,
  previousStep,
  progressKey,
  type Step,
  type StepRef,
  sameStep,
  stepper,
} from '@originate/flow-engine';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { DraftStore } from '../../api/draftStore';
import type { FlowSetup } from '../../api/loadFlow';
import { currentDevice } from '../../domain/device';
import { allStatuses, flowContext, initialModel, valuesOf } from '../../domain/flowModel';
import { flowReducer, initialFlowState, statusesOf } from '../../domain/flowState';
import type { Latest } from './flow/latest';
import { useDraft } from './flow/useDraft';
import { useFlowSteps } from './flow/useFlowSteps';
import { useFormBinding } from './flow/useFormBinding';
import { useFormCommit } from './flow/useFormCommit';
import { useJointApplicants } from './flow/useJointApplicants';
import { useMandatoryValidations } from './flow/useMandatoryValidations';
import { useMicroflows } from './flow/useMicroflows';
import { useSaves } from './flow/useSaves';
import { useStepActions } from './flow/useStepActions';

export interface FlowOptions {
  /** Applicants save through the consumer route with their own session; staff through the user route. */
  role: 'applicant' | 'staff';
  applicantType: ApplicantType;
  access: 'WRITE' | 'READ';
  editable: boolean;
  /** The staff user filling the form, for field access control (the engine's FormOptions.viewer); applicants none. */
  viewer?: FieldAccessViewer | null;
  lang?: string;
  /** Texts the configuration gives that the server did not translate (section names, headings). */
  translate(text: string): string;
  /** A field's label in the chosen language. */
  labelOf(field: FieldConfig): string;
  /** Applicants' drafts on this device (none for staff). */
  drafts: DraftStore | null;
  /** The captcha solution sent with the first save. */
  captchaResponse?: string;
  /** Only these steps (FlowForm shows one applicant type's). */
  stepFilter?: (step: Step) => boolean;
  onSubmitted?(application: FlowApplication): void;
  onSaved?(): void;
}

export function useFlow(setup: FlowSetup, opts: FlowOptions) {
  const { flow, components, rules, options } = setup;
  const initial = useMemo(() => initialModel(setup, opts.applicantType), [setup, opts.applicantType]);
  const [values, setValues] = useState<FormValues>(initial.values);
  const [joint, setJoint] = useState<JointApplicant[]>(initial.joint);
  const [at, setAt] = useState<StepRef>(initial.at);
  const [state, dispatch] = useReducer(flowReducer, undefined, () =>
    initialFlowState(setup.application, setup.resumeToken, initial.unsynced),
  );
  const { application, resumeToken } = state;
  const { ctx, steps } = useFlowSteps(flow, opts.applicantType, values, joint, application, opts.stepFilter);
  const step = steps.find((s) => sameStep(s, at)) ?? steps[0];

  const formFor = useCallback(
    (s: Step, v: FormValues, j: readonly JointApplicant[]): FormState | null => {
      const component = components.get(s.componentId);
      if (!component) return null;
      return createFormState(component, valuesOf(s, v, j), {
        applicantType: s.applicant.type,
        access: opts.access,
        editable: opts.editable,
        viewer: opts.viewer,
        rules,
        options,
        today: new Date(),
      });
    },
    [components, rules, options, opts.access, opts.editable, opts.viewer],
  );

  const [form, setFormState] = useState<FormState | null>(() => (step ? formFor(step, values, joint) : null));
  // Every step's status is a full evaluation of its form: computed by the effect below, after the
  // first screen painted, not before it.
  const [statuses, setStatuses] = useState<Record<string, ProgressStatus>>({});

  // The newest engine state: a keystroke's state is here at once, on screen a frame later (see commit).
  const formRef = useRef(form);
  const setForm = useCallback((next: FormState | null) => {
    formRef.current = next;
    setFormState(next);
  }, []);

  // Values, joint applicants and statuses are written where they change (a keystroke's before it renders).
  const latest = useRef<Latest>({ values, joint, step, statuses, application, resumeToken, ctx, changes: 0 });
  latest.current = { ...latest.current, step, application, resumeToken, ctx };

  const device = useMemo(() => currentDevice(), []);
  const writeDraft = useDraft(opts.drafts, setup.productCode, latest);
  const validations = useMandatoryValidations(dispatch, latest);
  const { send, queue, saveDraft, ensureApplication } = useSaves({
    flow,
    opts,
    deviceType: device.deviceType,
    latest,
    dispatch,
    writeDraft,
    validations,
    unsynced: initial.unsynced,
    step,
  });
  const { settle, commit, type, applyTyped } = useFormCommit({
    step,
    latest,
    formRef,
    setFormState,
    setValues,
    setJoint,
    setStatuses,
    dispatch,
    writeDraft,
  });

  /** The flow context of the newest values (the rendered `ctx` may be a keystroke behind). */
  const latestContext = useCallback(
    () => flowContext(opts.applicantType, latest.current.values, latest.current.joint, latest.current.application),
    [opts.applicantType],
  );

  const { goTo, next, back, save, submit } = useStepActions({
    flow,
    opts,
    productCode: setup.productCode,
    step,
    steps,
    latest,
    formRef,
    setForm,
    setAt,
    formFor,
    latestContext,
    settle,
    writeDraft,
    dispatch,
    queue,
    send,
    saveDraft,
  });
  const runMicroflow = useMicroflows({ step, latest, formRef, settle, commit, ensureApplication, dispatch });
  const binding = useFormBinding({
    form,
    formRef,
    serverErrors: state.serverErrors,
    verified: state.verified,
    options,
    submitted: state.submitted,
    labelOf: opts.labelOf,
    translate: opts.translate,
    settle,
    setForm,
    commit,
    type,
    applyTyped,
    runMicroflow,
  });
  const { addJoint, removeJoint } = useJointApplicants({
    flow,
    ctx,
    applicantType: opts.applicantType,
    step,
    latest,
    setJoint,
    goTo,
    writeDraft,
  });

  // Statuses of joint steps appear and vanish with their applicants; only steps without one are evaluated.
  // The step on screen already has its form (a 500-field step's evaluation is not done twice at start).
  useEffect(() => {
    const onScreen: typeof formFor = (s, v, j) => {
      const [shown, current] = [formRef.current, latest.current.step];
      return shown && current && sameStep(s, current) && shown.component === components.get(s.componentId)
        ? shown
        : formFor(s, v, j);
    };
    setStatuses((current) => {
      const missing = steps.filter((s) => current[progressKey(s)] === undefined);
      const updated = {
        ...allStatuses(missing, latest.current.values, latest.current.joint, onScreen),
        ...statusesOf(current, steps),
      };
      latest.current.statuses = updated;
      return updated;
    });
  }, [steps, formFor, components]);

  const { stepperEntries, isLast, isFirst } = useMemo(
    () => ({
      stepperEntries: step ? stepper(flow, ctx, step) : [],
      isLast: step ? nextStep(flow, ctx, step) === null : false,
      isFirst: step ? previousStep(flow, ctx, step) === null : true,
    }),
    [flow, ctx, step],
  );

  const { preview } = state;
  return {
    flow,
    ctx,
    steps,
    step,
    form,
    binding,
    values,
    joint,
    application,
    resumeToken,
    sync: state.sync,
    busy: state.busy,
    submitted: state.submitted,
    preview,
    closePreview: () => {
      if (preview) URL.revokeObjectURL(preview.url);
      dispatch({ type: 'preview', preview: null });
    },
    stepper: stepperEntries,
    statuses,
    isLast,
    isFirst,
    next,
    back,
    save,
    submit,
    goTo,
    formFor,
    addJoint,
    removeJoint,
    canAdd: (type: 'secondary' | 'guarantor') => canAddJointApplicant(flow, ctx, type),
    ensureApplication,
    retrySync: () => queue.retryNow(),
  };
}

export type FlowController = ReturnType<typeof useFlow>;
