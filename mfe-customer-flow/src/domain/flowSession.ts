// The flow screen's session: the one owner of its state. The applicant's values and joint applicants, the
// current step and its engine form, every step's status, and beside them the server's side (flowState's
// reducer: the application, sync, server errors, verified fields, preview, busy, submitted). Plain
// TypeScript: React binds it with useSyncExternalStore (subscribe/getSnapshot); the hooks in ui/portal/flow
// do the calls, toasts and focus around it.
//
// Two views of one state. current() is the newest: a keystroke lands there at once, through the engine
// (a fraction of a millisecond on a 500-field step), and handlers, saves and the device draft read it. The
// snapshot is what the screen renders. A keystroke's consequences (formulas, totals, stepper, progress)
// render once its frame painted (config.schedule), in one publish of the newest state (settle); keys typed
// while one is waiting join it. Not as a React transition: a transition is restarted by every key that
// comes before it finishes, so an applicant typing steadily on a slow phone saw a formula seconds behind.
// What is shown is never a frame behind: a change that shows or hides a field publishes at once, in the
// frame of the key that made it, so a field is on screen exactly when its rules hold over the values the
// inputs show (a rule's target shown a frame late, or several on a slow phone, was shown while its rule
// was false).

import type {
  ApplicantType,
  ComponentConfig,
  FieldValue,
  FlowApplication,
  FlowConfig,
  FormValues,
  JointApplicant,
} from '@originate/contract';
import {
  canAddJointApplicant,
  componentStatus,
  type FlowContext,
  type FormState,
  flowSteps,
  markDirty,
  type ProgressStatus,
  progressKey,
  type Step,
  type StepRef,
  sameStep,
  setFieldValue,
  submitCheck,
} from '@originate/flow-engine';
import { allStatuses, type FormFactory, flowContext, withStepValues } from './flowModel';
import { type FlowAction, type FlowState, flowReducer, initialFlowState, statusesOf } from './flowState';

interface FlowSnapshot {
  values: FormValues;
  joint: JointApplicant[];
  /** The flow context of these values: the same object while nothing in it changed. */
  ctx: FlowContext;
  /** The flow's steps (the filter applied): the same array while no step changed, so nothing is recomputed per key. */
  steps: Step[];
  at: StepRef;
  /** The step at `at`, else the first. */
  step: Step | undefined;
  /** The step's engine form (its values, errors, hidden and dirty fields). */
  form: FormState | null;
  /** Every step's status, by progressKey; filled once the first screen painted (fillStatuses). */
  statuses: Record<string, ProgressStatus>;
  status: FlowState;
}

/** The newest state, ahead of the snapshot by a keystroke waiting for its frame. */
interface FlowNow {
  values: FormValues;
  joint: JointApplicant[];
  step: Step | undefined;
  form: FormState | null;
  statuses: Record<string, ProgressStatus>;
  application: FlowApplication | null;
  resumeToken: string | undefined;
  /** The rendered flow context (context() is the newest values'). */
  ctx: FlowContext;
  /** Counts edits: a save's answer compares it to know whether changes came in meanwhile. */
  changes: number;
}

export interface FlowSessionConfig {
  flow: FlowConfig;
  components: ReadonlyMap<string, ComponentConfig>;
  applicantType: ApplicantType;
  /** A step's form over the given values (the engine with the screen's access, viewer, rules, options). */
  formFor: FormFactory;
  /** Only these steps (FlowForm shows one applicant type's). */
  stepFilter?: (step: Step) => boolean;
  /** Runs a publish of a keystroke's state later (once its frame painted); returns a cancel. */
  schedule(publish: () => void): () => void;
  /** A step was opened (the page goes to its top). */
  navigated?(): void;
}

export interface FlowStart {
  values: FormValues;
  joint: JointApplicant[];
  at: StepRef;
  application: FlowApplication | null;
  resumeToken: string | undefined;
  /** The device kept a draft the server never got. */
  unsynced: boolean;
}

/** A check's answer: refused, the invalid fields (marked dirty) in field order and the message to show. */
export type FlowCheck = { ok: true } | { ok: false; invalid: string[]; message: string };

export interface FlowSession {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FlowSnapshot;
  current(): FlowNow;
  /** The flow context of the newest values (the snapshot's may be a keystroke behind). */
  context(): FlowContext;
  /** The device kept a draft the server never got: it goes out as soon as the screen opens. */
  readonly unsyncedAtStart: boolean;
  /** A step's form over the given values, by the screen's current factory (the summary's read-only steps). */
  formFor: FormFactory;
  /** The newest state changed; `unsynced`: the server does not hold it. The device draft follows. */
  subscribeChanges(listener: (unsynced: boolean) => void): () => void;
  /** New options of the screen: the steps follow a new filter, and the statuses are filled by a new factory. */
  configure(next: { formFor: FormFactory; stepFilter?: (step: Step) => boolean }): void;

  /** A value typed into a field of the step: given to the engine now, rendered as commit 'after paint'. */
  type(key: string, value: FieldValue): void;
  /**
   * A new form of the step (an edit): recorded now, published now or with the scheduled publish; at once
   * whenever it shows or hides a field.
   */
  commit(next: FormState, changedKeys: readonly string[], when?: 'now' | 'after paint'): void;
  /** Publishes the pending state now: before anything else reads or changes the form. */
  settle(): void;
  /** A new form that is not an edit (fields marked dirty, a refused row). */
  setForm(next: FormState | null): void;
  /** Values a microflow answered: a field of the step through the engine, any other key as it is. */
  applyValues(values: FormValues): void;

  /** Opens a step (a waiting keystroke published first) with its form over the newest values. */
  goTo(target: Step): void;
  /** Next's check of the step: refused, the invalid fields are marked. */
  check(): FlowCheck;
  /** Submit's check of every step: the first refused one opens, its invalid fields marked. */
  checkAll(): FlowCheck;
  /** A co-applicant or guarantor, when the flow takes another; false when it does not. */
  addJoint(type: 'secondary' | 'guarantor', now?: number): boolean;
  /** Removes a joint applicant; on one of their steps, the first step opens. */
  removeJoint(index: number): void;
  /** Statuses of the given steps that have none yet (the step on screen reuses its form); only theirs are kept. */
  fillStatuses(steps: readonly Step[]): void;

  /** The keys whose mandatory validation the server registered (after the first save): pending until valid. */
  expectValidations(keys: readonly string[]): void;
  /** Of the changed keys, those whose mandatory validation is pending. */
  pendingValidations(changed: readonly string[]): string[];
  /** An event of the server's side (flowState's reducer); a validation that passed is no longer pending. */
  dispatch(action: FlowAction): void;
  /** A save's answer adopted; changes made since its body was built stay unsynced. */
  answered(answer: { application: FlowApplication; resumeToken?: string | null }, changesAtBuild: number): void;
  /** Cancels a scheduled publish (the screen is gone). */
  dispose(): void;
}

/** Both forms show and hide the same fields (a form of another screen: nothing to compare, not the same). */
function sameShown(a: FormState, b: FormState | null): boolean {
  if (!b || a.component !== b.component) return false;
  if (a.hidden === b.hidden) return true;
  if (a.hidden.size !== b.hidden.size) return false;
  for (const key of a.hidden) if (!b.hidden.has(key)) return false;
  return true;
}

function stepRef(step: Step): StepRef {
  return { sectionIndex: step.sectionIndex, subSectionIndex: step.subSectionIndex, jointIndex: step.jointIndex };
}

function sameSteps(a: readonly Step[], b: readonly Step[]): boolean {
  return a.length === b.length && a.every((s, i) => JSON.stringify(s) === JSON.stringify(b[i]));
}

type Published = Pick<FlowSnapshot, 'values' | 'joint' | 'at' | 'form' | 'statuses' | 'status'>;

export function createFlowSession(config: FlowSessionConfig, start: FlowStart): FlowSession {
  const { flow, components, applicantType, schedule } = config;
  let { formFor, stepFilter } = config;
  let values = start.values;
  let joint = start.joint;
  let status = initialFlowState(start.application, start.resumeToken, start.unsynced);
  let statuses: Record<string, ProgressStatus> = {};
  let changes = 0;
  let validating = new Set<string>();
  /** Recorded and not published: the step it belongs to and the keys it changed. */
  let unpublished: { step: Step; changed: Set<string>; cancel?: () => void } | null = null;
  const listeners = new Set<() => void>();
  const changeListeners = new Set<(unsynced: boolean) => void>();

  const stepsOf = (ctx: FlowContext) => {
    const all = flowSteps(flow, ctx);
    return stepFilter ? all.filter(stepFilter) : all;
  };
  const stepAt = (list: readonly Step[], at: StepRef) => list.find((s) => sameStep(s, at)) ?? list[0];

  const ctx0 = flowContext(applicantType, values, joint, status.application);
  const steps0 = stepsOf(ctx0);
  let step = stepAt(steps0, start.at);
  let form = step ? formFor(step, values, joint) : null;
  let snapshot: FlowSnapshot = { values, joint, ctx: ctx0, steps: steps0, at: start.at, step, form, statuses, status };
  let filteredBy = stepFilter;

  const changed = (unsynced: boolean) => {
    for (const listener of changeListeners) listener(unsynced);
  };

  /** The given parts become the snapshot's; context, steps and step follow, each kept while it is equal. */
  function publish(parts: Partial<Published>): void {
    const next = { ...snapshot, ...parts };
    const ctx = flowContext(applicantType, next.values, next.joint, next.status.application);
    next.ctx = JSON.stringify(ctx) === JSON.stringify(snapshot.ctx) ? snapshot.ctx : ctx;
    if (next.ctx !== snapshot.ctx || filteredBy !== stepFilter) {
      filteredBy = stepFilter;
      const steps = stepsOf(next.ctx);
      next.steps = sameSteps(steps, snapshot.steps) ? snapshot.steps : steps;
    }
    next.step = stepAt(next.steps, next.at);
    step = next.step;
    snapshot = next;
    for (const listener of listeners) listener();
  }

  /** The newest form becomes the flow's (not published yet): merged values, the device's draft. */
  function record(next: FormState, changedKeys: readonly string[]): void {
    if (!step) return;
    form = next;
    const merged = withStepValues(step, next.values, values, joint);
    values = merged.values;
    joint = merged.joint;
    changes += 1;
    changed(true);
    const pending = unpublished ?? { step, changed: new Set<string>() };
    for (const key of changedKeys) pending.changed.add(key);
    unpublished = pending;
  }

  function settle(): void {
    const pending = unpublished;
    if (!pending) return;
    unpublished = null;
    pending.cancel?.();
    if (form) {
      const key = progressKey(pending.step);
      const now = componentStatus(form);
      // A new object only when a status changed: the stepper recomputes (and re-renders) on that alone.
      if (statuses[key] !== now) statuses = { ...statuses, [key]: now };
    }
    status = flowReducer(status, { type: 'edited', keys: [...pending.changed] });
    publish({ form, values, joint, statuses, status });
  }

  const later = () => {
    if (unpublished) unpublished.cancel ??= schedule(settle);
  };

  function commit(next: FormState, changedKeys: readonly string[], when: 'now' | 'after paint' = 'now'): void {
    if (!step) return;
    record(next, changedKeys);
    if (when === 'now' || !sameShown(next, snapshot.form)) settle();
    else later();
  }

  function setForm(next: FormState | null): void {
    form = next;
    publish({ form });
  }

  function goTo(target: Step): void {
    settle();
    const at = stepRef(target);
    form = formFor(target, values, joint);
    step = target;
    changed(true);
    config.navigated?.();
    publish({ at, form });
  }

  function refuse(current: FormState, invalid: string[], message: string): FlowCheck {
    setForm(markDirty(current, invalid));
    return { ok: false, invalid, message };
  }

  const session: FlowSession = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    current: () => ({
      values,
      joint,
      step,
      form,
      statuses,
      application: status.application,
      resumeToken: status.resumeToken,
      ctx: snapshot.ctx,
      changes,
    }),
    context: () => flowContext(applicantType, values, joint, status.application),
    unsyncedAtStart: start.unsynced,
    formFor: (s, v, j) => formFor(s, v, j),
    subscribeChanges(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    configure(next) {
      const factory = next.formFor !== formFor;
      formFor = next.formFor;
      if (next.stepFilter !== stepFilter) {
        stepFilter = next.stepFilter;
        publish({});
      }
      if (factory) session.fillStatuses(snapshot.steps);
    },

    type(key, value) {
      if (form) commit(setFieldValue(form, key, value), [key], 'after paint');
    },
    commit,
    settle,
    setForm,
    applyValues(answered) {
      settle();
      let next = form;
      if (!next) return;
      const keys: string[] = [];
      for (const [key, value] of Object.entries(answered)) {
        if (next.fields.some((field) => field.key === key)) next = setFieldValue(next, key, value);
        else values = { ...values, [key]: value };
        keys.push(key);
      }
      if (keys.length > 0) commit(next, keys);
    },

    goTo,
    check() {
      if (!step || !form) return { ok: true };
      const result = submitCheck(form, { mandatoryValidations: flow.mandatoryValidations, summary: step.summary });
      return result.ok ? result : refuse(form, result.invalid, result.message);
    },
    checkAll() {
      const here = step;
      if (!here) return { ok: true };
      for (const s of snapshot.steps) {
        const f = sameStep(s, here) ? form : formFor(s, values, joint);
        if (!f) continue;
        const result = submitCheck(f, { mandatoryValidations: flow.mandatoryValidations, summary: s.summary });
        if (result.ok) continue;
        if (!sameStep(s, here)) goTo(s);
        return refuse(f, result.invalid, result.message);
      }
      return { ok: true };
    },
    addJoint(type, now = Date.now()) {
      if (!canAddJointApplicant(flow, snapshot.ctx, type)) return false;
      const applicant: JointApplicant = {
        applicantId: `${type === 'secondary' ? 'co' : 'gu'}-${now.toString(36)}`,
        applicantType: type,
        customFields: {},
      };
      joint = [...joint, applicant];
      changes += 1;
      publish({ joint });
      changed(true);
      return true;
    },
    removeJoint(index) {
      const was = step;
      joint = joint.filter((_, i) => i !== index);
      changes += 1;
      publish({ joint });
      // The step on screen may have belonged to the removed applicant: the first step opens then.
      if (was?.jointIndex !== undefined) {
        const first = flowSteps(flow, flowContext(applicantType, values, joint, status.application))[0];
        if (first) goTo(first);
      }
      changed(true);
    },
    fillStatuses(list) {
      const shown = form;
      const onScreen: FormFactory = (s, v, j) =>
        shown && step && sameStep(s, step) && shown.component === components.get(s.componentId)
          ? shown
          : formFor(s, v, j);
      const missing = list.filter((s) => statuses[progressKey(s)] === undefined);
      statuses = { ...allStatuses(missing, values, joint, onScreen), ...statusesOf(statuses, list) };
      publish({ statuses });
    },

    expectValidations(keys) {
      validating = new Set(keys);
    },
    pendingValidations: (keys) => keys.filter((key) => validating.has(key)),
    dispatch(action) {
      if (action.type === 'validated')
        for (const result of action.results) if (result.valid) validating.delete(result.key);
      const next = flowReducer(status, action);
      if (next === status) return;
      status = next;
      publish({ status });
    },
    answered(answer, changesAtBuild) {
      status = flowReducer(status, {
        type: 'answered',
        application: answer.application,
        resumeToken: answer.resumeToken,
      });
      publish({ status });
      changed(changes !== changesAtBuild);
    },
    dispose() {
      unpublished?.cancel?.();
    },
  };
  return session;
}
