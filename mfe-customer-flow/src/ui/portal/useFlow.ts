// The flow screen's state: the applicant's values, the current step and its engine form, progress, saves
// (queued, offline-safe), the device draft, microflows and mandatory validations.
import {
  type ApplicantType,
  classifyError,
  type FieldAccessViewer,
  type FieldConfig,
  type FieldValue,
  type FlowApplication,
  type FormValues,
  type JointApplicant,
  MANDATORY_FIELDS_MESSAGE,
  MICROFLOW_ERROR_MESSAGE,
  openModal,
  reportError,
  showToast,
} from '@originate/shared';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { storeApplicantSession } from '../../api/applicantSession';
import { createDebouncedWriter, type DraftStore } from '../../api/draftStore';
import {
  addMandatoryValidations,
  createApplication,
  executeMicroflow,
  fetchDocument,
  type MicroflowAction,
  saveAsApplicant,
  saveAsUser,
  updateMandatoryValidations,
} from '../../api/flow';
import type { FlowSetup } from '../../api/loadFlow';
import { createPromiseQueue } from '../../api/promiseQueue';
import { createSaveQueue, isNetworkError, type SyncStatus } from '../../api/saveQueue';
import { currentDevice } from '../../domain/device';
import {
  addTableRow,
  type CellValue,
  canAddJointApplicant,
  componentStatus,
  createFormState,
  type FieldError,
  type FlowContext,
  type FormState,
  flowSteps,
  markDirty,
  nextStep,
  type ProgressStatus,
  previousStep,
  progressKey,
  removeTableRow,
  type Step,
  type StepRef,
  sameStep,
  setFieldValue,
  setTableCell,
  stepper,
  submitCheck,
} from '../../domain/engine';
import { allStatuses, flowContext, initialModel, saveBody, valuesOf, withStepValues } from '../../domain/flowModel';
import { focusField } from '../fields/focus';
import type { FormBinding } from '../fields/types';
import { afterPointerRelease } from './pointerRelease';

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

export interface Preview {
  fileName: string;
  url: string;
  mimeType: string;
}

function scalar(value: FieldValue): CellValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null
    ? value
    : null;
}

export function useFlow(setup: FlowSetup, opts: FlowOptions) {
  const { flow, components, rules, options } = setup;
  const initial = useMemo(() => initialModel(setup, opts.applicantType), [setup, opts.applicantType]);
  const [values, setValues] = useState<FormValues>(initial.values);
  const [joint, setJoint] = useState<JointApplicant[]>(initial.joint);
  const [at, setAt] = useState<StepRef>(initial.at);
  const [application, setApplication] = useState<FlowApplication | null>(setup.application);
  const [resumeToken, setResumeToken] = useState<string | undefined>(setup.resumeToken);
  const [sync, setSync] = useState<SyncStatus>(initial.unsynced ? 'offline' : 'idle');
  const [verified, setVerified] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  // The same context keeps its identity while typing (few values change it): steps, stepper and the
  // callbacks built on it are not recomputed per keystroke.
  const lastCtx = useRef<FlowContext | null>(null);
  const ctx = useMemo(() => {
    const next = flowContext(opts.applicantType, values, joint, application);
    const previous = lastCtx.current;
    if (previous && JSON.stringify(previous) === JSON.stringify(next)) return previous;
    lastCtx.current = next;
    return next;
  }, [opts.applicantType, values, joint, application]);
  // The same steps as before keep their identity: a keystroke changes ctx, and a new list would re-run
  // the statuses effect below (a full createFormState of every step) and every callback built on `step`.
  const lastSteps = useRef<Step[]>([]);
  const steps = useMemo(() => {
    const all = flowSteps(flow, ctx);
    const next = opts.stepFilter ? all.filter(opts.stepFilter) : all;
    const previous = lastSteps.current;
    const same =
      next.length === previous.length && next.every((s, i) => JSON.stringify(s) === JSON.stringify(previous[i]));
    if (same) return previous;
    lastSteps.current = next;
    return next;
  }, [flow, ctx, opts.stepFilter]);
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

  // The newest of everything, for saves built when their turn in the queue comes. Values, joint
  // applicants and statuses are written where they change (a keystroke's before it renders).
  const latest = useRef({ values, joint, step, statuses, application, resumeToken, ctx, changes: 0 });
  latest.current = { ...latest.current, step, application, resumeToken, ctx };

  const device = useMemo(() => currentDevice(), []);

  const writer = useMemo(
    () =>
      opts.drafts
        ? createDebouncedWriter(opts.drafts, () =>
            showToast('This device could not keep a copy of your changes', 'warning'),
          )
        : null,
    [opts.drafts],
  );

  const writeDraft = useCallback(
    (unsynced: boolean) => {
      if (!writer) return;
      const l = latest.current;
      writer.write({
        productCode: setup.productCode,
        applicationId: l.application?.application_id,
        resumeToken: l.resumeToken,
        customFields: l.values,
        jointApplicants: l.joint,
        section_id: l.step?.section_id,
        sub_section_id: l.step?.sub_section_id,
        jointIndex: l.step?.jointIndex,
        serverModTime: l.application?.mod_time,
        updatedAt: Date.now(),
        unsynced,
      });
    },
    [writer, setup.productCode],
  );

  // Keep the draft when the page hides (tab closed, app switched): nothing typed is lost.
  useEffect(() => {
    if (!writer) return;
    const onHide = () => void writer.flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      void writer.flush();
    };
  }, [writer]);

  const validations = useMemo(() => createPromiseQueue(), []);
  const pendingValidations = useRef<Set<string>>(new Set());

  const runMandatoryValidations = useCallback(
    (applicationId: string, changed: readonly string[]) => {
      const fields = changed.filter((key) => pendingValidations.current.has(key));
      if (fields.length === 0) return;
      void validations
        .run(() => updateMandatoryValidations(applicationId, fields))
        .then(({ results }) => {
          setServerErrors((current) => {
            const next = { ...current };
            for (const result of results) {
              if (result.valid) {
                delete next[result.key];
                pendingValidations.current.delete(result.key);
              } else next[result.key] = { code: 'invalid', message: result.reason ?? 'is invalid' };
            }
            return next;
          });
        })
        .catch(reportError);
    },
    [validations],
  );

  const adoptAnswer = useCallback(
    (answer: { application: FlowApplication; resumeToken?: string | null }, changesAtBuild: number) => {
      setApplication(answer.application);
      latest.current.application = answer.application;
      if (answer.resumeToken) {
        setResumeToken(answer.resumeToken);
        latest.current.resumeToken = answer.resumeToken;
      }
      // Changes typed while the save was on its way stay unsynced in the draft.
      writeDraft(latest.current.changes !== changesAtBuild);
    },
    [writeDraft],
  );

  /** One save of everything, as DRAFT or SAVED, at the given step (where a resume continues). */
  const send = useCallback(
    async (mode: 'DRAFT' | 'SAVED', at: Step) => {
      const l = latest.current;
      const changesAtBuild = l.changes;
      const body = saveBody({
        flow,
        ctx: l.ctx,
        applicationId: l.application?.application_id,
        mode,
        step: at,
        values: l.values,
        joint: l.joint,
        statuses: l.statuses,
        deviceType: device.deviceType,
        modTime: l.application?.mod_time,
        captchaResponse: l.application ? undefined : opts.captchaResponse,
      });
      if (opts.role === 'staff') {
        const answer = await saveAsUser(body, opts.lang);
        adoptAnswer(answer, changesAtBuild);
        opts.onSaved?.();
        return answer.application;
      }
      if (!l.application) {
        const answer = await createApplication(body, opts.lang);
        storeApplicantSession(answer.session, answer.application.application_id);
        adoptAnswer(answer, changesAtBuild);
        const id = answer.application.application_id;
        void validations
          .run(() => addMandatoryValidations(id))
          .then(({ pending }) => {
            pendingValidations.current = new Set(pending);
            runMandatoryValidations(id, Object.keys(latest.current.values));
          })
          .catch(reportError);
        return answer.application;
      }
      const answer = await saveAsApplicant(body, opts.lang);
      adoptAnswer(answer, changesAtBuild);
      runMandatoryValidations(answer.application.application_id, Object.keys(body.customFields));
      return answer.application;
    },
    [flow, device.deviceType, opts, adoptAnswer, validations, runMandatoryValidations],
  );

  const queue = useMemo(
    () =>
      createSaveQueue<FlowApplication>({
        onStatus: setSync,
        onRetryRefused: reportError,
      }),
    [],
  );
  useEffect(() => () => queue.dispose(), [queue]);

  /** Saves as a draft; on a network failure the save waits for the connection (the draft is on the device). */
  const saveDraft = useCallback(
    (at: Step) => queue.save(() => send('DRAFT', at), { keepOffline: true }),
    [queue, send],
  );

  // A draft this device kept but the server never got goes out as soon as the screen opens.
  const sentUnsynced = useRef(false);
  useEffect(() => {
    if (!initial.unsynced || sentUnsynced.current || !step) return;
    sentUnsynced.current = true;
    saveDraft(step).catch(reportError);
  }, [initial.unsynced, step, saveDraft]);

  /**
   * A keystroke's new state waiting to be rendered: the field typed into shows it at once (the form
   * store's typed value); the rest of the screen (formulas, rule targets, stepper, progress) renders
   * after the keystroke's frame painted, as a transition the next keystroke may interrupt.
   */
  const unpublished = useRef<{ step: Step; changed: Set<string>; cancel?: () => void } | null>(null);

  const publish = useCallback(() => {
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
    const changed = [...pending.changed];
    setServerErrors((errors) => {
      if (!changed.some((key) => key in errors)) return errors;
      const copy = { ...errors };
      for (const key of changed) delete copy[key];
      return copy;
    });
  }, []);

  /** Renders a keystroke's pending state now, in this event: before anything else reads or changes the form. */
  const settle = publish;

  useEffect(() => () => unpublished.current?.cancel?.(), []);

  /** The flow context of the newest values (the rendered `ctx` may be a keystroke behind). */
  const latestContext = useCallback(
    () => flowContext(opts.applicantType, latest.current.values, latest.current.joint, latest.current.application),
    [opts.applicantType],
  );

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
      if (when === 'now') publish();
      else pending.cancel ??= afterPaint(() => startTransition(publish));
    },
    [step, writeDraft, publish],
  );

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
      window.scrollTo?.({ top: 0, behavior: 'smooth' });
    },
    [formFor, writeDraft, settle, setForm],
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
    setBusy(true);
    try {
      await saveDraft(target);
      goTo(target);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }, [step, check, flow, latestContext, saveDraft, goTo, settle]);

  const back = useCallback(() => {
    settle();
    if (!step) return;
    const target = previousStep(flow, latestContext(), step);
    if (target) goTo(target);
  }, [step, flow, latestContext, goTo, settle]);

  const save = useCallback(async () => {
    settle();
    if (!step) return;
    setBusy(true);
    try {
      const saved = await saveDraft(step);
      if (saved) showToast('Your application is saved', 'success');
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }, [step, saveDraft, settle]);

  /** Every step's form must pass before submit: the first failing step opens with its fields marked. */
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
    setBusy(true);
    try {
      const saved = await queue.save(() => send('SAVED', step), { keepOffline: false });
      if (saved) {
        setSubmitted(true);
        if (opts.drafts)
          await opts.drafts.remove({ productCode: setup.productCode, applicationId: saved.application_id });
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
      setBusy(false);
    }
  }, [step, steps, formFor, flow.mandatoryValidations, goTo, refuse, queue, send, opts, setup.productCode, settle]);

  /** The application id, saving first when the application does not exist yet (uploads, OTP, microflows). */
  const ensureApplication = useCallback(async (): Promise<string> => {
    const existing = latest.current.application?.application_id;
    if (existing) return existing;
    if (!step) throw new Error('The flow has no step');
    const saved = await queue.save(() => send('DRAFT', step), { keepOffline: false });
    if (!saved) throw new TypeError('Failed to fetch');
    return saved.application_id;
  }, [queue, send, step]);

  const applyActions = useCallback(
    async (actions: readonly MicroflowAction[]) => {
      settle();
      const current = formRef.current;
      if (!current) return;
      let f = current;
      const changed: string[] = [];
      for (const action of actions) {
        switch (action.type) {
          case 'LOOKUP':
          case 'APPLICATION_UPDATE':
            for (const [key, value] of Object.entries(action.values)) {
              if (f.fields.some((field) => field.key === key)) f = setFieldValue(f, key, value);
              else latest.current.values = { ...latest.current.values, [key]: value };
              changed.push(key);
            }
            break;
          case 'VERIFY_FIELDS':
            setVerified((v) => ({ ...v, ...Object.fromEntries(action.keys.map((k) => [k, action.isVerified])) }));
            break;
          case 'PREVIEW_FILE': {
            const blob = await fetchDocument(action.fileId);
            setPreview({ fileName: action.fileName, url: URL.createObjectURL(blob), mimeType: blob.type });
            break;
          }
          case 'DOWNLOAD_FILE': {
            const blob = await fetchDocument(action.fileId);
            const url = URL.createObjectURL(blob);
            const link = document.createElement('a');
            link.href = url;
            link.download = action.fileName;
            link.click();
            setTimeout(() => URL.revokeObjectURL(url), 0);
            break;
          }
        }
      }
      if (changed.length > 0) commit(f, changed);
    },
    [commit, settle],
  );

  const runMicroflow = useCallback(
    async (field: FieldConfig) => {
      const microflow = field.microflow;
      if (!microflow || !step || !formRef.current) return;
      try {
        const applicationId = await ensureApplication();
        const { actions } = await executeMicroflow(microflow.id, {
          componentId: step.componentId,
          applicationId,
          customFields: valuesOf(step, latest.current.values, latest.current.joint),
        });
        await applyActions(actions);
      } catch (error) {
        // Validation answers name the field ('Pincode - is invalid'); anything else gets the spec's default.
        if (classifyError(error).kind === 'validation') reportError(error);
        else openModal({ message: MICROFLOW_ERROR_MESSAGE, showClose: true });
      }
    },
    [step, ensureApplication, applyActions],
  );

  const binding: FormBinding | null = useMemo(() => {
    if (!form) return null;
    // Changes start from the newest engine state (formRef), which may be ahead of the rendered `form`:
    // a renderer may blur right after a change (radio, upload, OTP) in the same event, and a keystroke's
    // state renders a frame later.
    const newest = () => formRef.current ?? form;
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
      label: opts.labelOf,
      translate: opts.translate,
      optionsOf: (field) => options[field.field_type_details.property ?? ''],
      readOnly: (key) => form.readOnly.has(key) || submitted,
      setValue: (key, value) => commit(setFieldValue(newest(), key, value), [key], 'after paint'),
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
    serverErrors,
    options,
    submitted,
    commit,
    settle,
    setForm,
    runMicroflow,
    verified,
    opts.translate,
    opts.labelOf,
  ]);

  const addJoint = useCallback(
    (type: 'secondary' | 'guarantor') => {
      if (!canAddJointApplicant(flow, ctx, type)) return;
      const applicant: JointApplicant = {
        applicantId: `${type === 'secondary' ? 'co' : 'gu'}-${Date.now().toString(36)}`,
        applicantType: type,
        customFields: {},
      };
      const nextJoint = [...latest.current.joint, applicant];
      latest.current.joint = nextJoint;
      latest.current.changes += 1;
      setJoint(nextJoint);
      writeDraft(true);
      showToast(
        type === 'secondary'
          ? 'Co-applicant added: their steps follow yours'
          : 'Guarantor added: their steps follow yours',
        'success',
      );
    },
    [flow, ctx, writeDraft],
  );

  const removeJoint = useCallback(
    (index: number) => {
      const nextJoint = latest.current.joint.filter((_, i) => i !== index);
      latest.current.joint = nextJoint;
      latest.current.changes += 1;
      setJoint(nextJoint);
      // The current step may have belonged to the removed applicant: go back to the first step then.
      if (step?.jointIndex !== undefined) {
        const nctx = flowContext(opts.applicantType, latest.current.values, nextJoint, latest.current.application);
        const first = flowSteps(flow, nctx)[0];
        if (first) goTo(first, { joint: nextJoint });
      }
      writeDraft(true);
    },
    [step, flow, opts.applicantType, goTo, writeDraft],
  );

  // Statuses of joint steps appear and vanish with their applicants; only steps without one are evaluated.
  useEffect(() => {
    setStatuses((current) => {
      const missing = steps.filter((s) => current[progressKey(s)] === undefined);
      const updated = {
        ...allStatuses(missing, latest.current.values, latest.current.joint, formFor),
        ...pick(current, steps),
      };
      latest.current.statuses = updated;
      return updated;
    });
  }, [steps, formFor]);

  const { stepperEntries, isLast, isFirst } = useMemo(
    () => ({
      stepperEntries: step ? stepper(flow, ctx, step) : [],
      isLast: step ? nextStep(flow, ctx, step) === null : false,
      isFirst: step ? previousStep(flow, ctx, step) === null : true,
    }),
    [flow, ctx, step],
  );

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
    sync,
    busy,
    submitted,
    preview,
    closePreview: () => {
      if (preview) URL.revokeObjectURL(preview.url);
      setPreview(null);
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

function pick(statuses: Record<string, ProgressStatus>, steps: readonly Step[]): Record<string, ProgressStatus> {
  const out: Record<string, ProgressStatus> = {};
  for (const step of steps) {
    const key = progressKey(step);
    const status = statuses[key];
    if (status) out[key] = status;
  }
  return out;
}

export type FlowController = ReturnType<typeof useFlow>;

/**
 * Runs `fn` once the keystroke's own frame is out: in a task after the animation callbacks of the frame
 * that follows it. Starting the heavier render (formulas, rules, totals) a frame later leaves the
 * compositor the CPU to present the typed character first (on two cores it otherwise waits for it). A
 * hidden tab gets no frames: a short timeout runs it there. Returns a cancel.
 */
function afterPaint(fn: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
    fn();
  };
  let task: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      task = setTimeout(run, 0);
    });
  });
  const fallback = setTimeout(run, 250);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(task);
  };
}
