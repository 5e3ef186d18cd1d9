// Pure helpers of the flow screen: where an application starts, whose values a step edits, and the
// save body (spec §7 consumer/user save_or_update).

import type {
  ApplicantType,
  DeviceType,
  FlowApplication,
  FlowConfig,
  FlowMode,
  FormValues,
  JointApplicant,
  SaveApplicationBody,
} from '@originate/contract';
import {
  componentStatus,
  type FlowContext,
  type FormState,
  firstStep,
  flowSteps,
  type ProgressStatus,
  progressKey,
  type Step,
  type StepRef,
  sectionProgress,
} from '@originate/flow-engine';
import type { DraftRecord } from '../api/draftStore';
import type { FlowSetup } from '../api/loadFlow';

/**
 * The fields that say whether the applicant is an existing customer (value 'existing'): the
 * application's own key, or the radio the seeded personal loan asks it with. The first that holds a
 * value decides; the save sends the answer as existing_or_new_customer.
 */
const CUSTOMER_TYPE_FIELDS = ['existing_or_new_customer', 'customer_type'] as const;

function customerType(values: FormValues, fallback: 'existing' | 'new'): 'existing' | 'new' {
  for (const key of CUSTOMER_TYPE_FIELDS) {
    const value = values[key];
    if (value === 'existing' || value === 'new') return value;
  }
  return fallback;
}

export interface FlowModel {
  values: FormValues;
  joint: JointApplicant[];
  at: StepRef;
  /** True when this device holds changes the server has not accepted (to send at once). */
  unsynced: boolean;
}

export function flowContext(
  applicantType: ApplicantType,
  values: FormValues,
  joint: readonly JointApplicant[],
  application: FlowApplication | null,
): FlowContext {
  return {
    applicantType,
    existingCustomer: customerType(values, application?.existing_or_new_customer ?? 'new') === 'existing',
    jointApplicants: joint.map((j) => ({ applicantId: j.applicantId, applicantType: j.applicantType })),
    customRoute: application?.custom_route,
  };
}

function stepAt(
  flow: FlowConfig,
  ctx: FlowContext,
  where: { section_id?: string; sub_section_id?: string; jointIndex?: number },
): Step | undefined {
  return flowSteps(flow, ctx).find(
    (step) =>
      step.section_id === where.section_id &&
      step.sub_section_id === where.sub_section_id &&
      (where.jointIndex === undefined || step.jointIndex === where.jointIndex),
  );
}

/** Server copy or this device's newer draft; the step where the applicant stopped (else the first). */
export function initialModel(setup: FlowSetup, applicantType: ApplicantType): FlowModel {
  const { application, draft, flow } = setup;
  const local: DraftRecord | null = draft && (!application || draftWins(draft, application.mod_time)) ? draft : null;
  const values = local?.customFields ?? application?.customFields ?? {};
  const joint = local?.jointApplicants ?? application?.jointApplicants ?? [];
  const ctx = flowContext(applicantType, values, joint, application);
  const where = local ?? application ?? {};
  const step = stepAt(flow, ctx, where) ?? firstStep(flow, ctx);
  return {
    values,
    joint,
    at: { sectionIndex: step.sectionIndex, subSectionIndex: step.subSectionIndex, jointIndex: step.jointIndex },
    unsynced: local !== null,
  };
}

/** The values a step edits: the primary applicant's, or its joint applicant's. */
export function valuesOf(step: StepRef, values: FormValues, joint: readonly JointApplicant[]): FormValues {
  return step.jointIndex === undefined ? values : (joint[step.jointIndex]?.customFields ?? {});
}

/** The values after a step's form changed them. */
export function withStepValues(
  step: StepRef,
  formValues: FormValues,
  values: FormValues,
  joint: readonly JointApplicant[],
): { values: FormValues; joint: JointApplicant[] } {
  if (step.jointIndex === undefined) return { values: { ...values, ...formValues }, joint: [...joint] };
  return {
    values,
    joint: joint.map((j, i) =>
      i === step.jointIndex ? { ...j, customFields: { ...j.customFields, ...formValues } } : j,
    ),
  };
}

export type FormFactory = (step: Step, values: FormValues, joint: readonly JointApplicant[]) => FormState | null;

/** Status of every step, from a form built over the values each step edits. */
export function allStatuses(
  steps: readonly Step[],
  values: FormValues,
  joint: readonly JointApplicant[],
  formFor: FormFactory,
): Record<string, ProgressStatus> {
  const statuses: Record<string, ProgressStatus> = {};
  for (const step of steps) {
    const form = formFor(step, values, joint);
    statuses[progressKey(step)] = form ? componentStatus(form) : 'PENDING';
  }
  return statuses;
}

export function saveBody(args: {
  flow: FlowConfig;
  ctx: FlowContext;
  applicationId?: string;
  mode: FlowMode;
  step: Step;
  values: FormValues;
  joint: JointApplicant[];
  statuses: Record<string, ProgressStatus>;
  deviceType: DeviceType;
  modTime?: string;
  captchaResponse?: string;
}): SaveApplicationBody {
  return {
    ...(args.applicationId ? { application_id: args.applicationId } : {}),
    flowId: args.flow.flowId,
    verNum: args.flow.verNum,
    mode: args.mode,
    section_id: args.step.section_id,
    sub_section_id: args.step.sub_section_id,
    singleORjoint: args.joint.length > 0 ? 'joint' : 'single',
    existing_or_new_customer: args.ctx.existingCustomer ? 'existing' : 'new',
    customFields: args.values,
    jointApplicants: args.joint,
    progress: sectionProgress(args.flow, args.ctx, args.statuses),
    _deviceType: args.deviceType,
    ...(args.modTime ? { mod_time: args.modTime } : {}),
    ...(args.captchaResponse ? { captchaResponse: args.captchaResponse } : {}),
  };
}

/** Whether the device's draft should replace what the server holds: newer and not yet synced. */
export function draftWins(draft: DraftRecord, serverModTime: string | undefined): boolean {
  if (!draft.unsynced) return false;
  if (!serverModTime) return true;
  const server = Date.parse(serverModTime);
  return Number.isNaN(server) || draft.updatedAt > server;
}
