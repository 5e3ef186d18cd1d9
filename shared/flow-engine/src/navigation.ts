// Flow navigation (spec §2 "Flow navigation"): the eligible steps of a flow for one applicant, in order,
// and moving forward and backward over them.
//
// Interpretations (the spec names the flags, not their exact effect):
// - disableForPrimaryApplicant (on a section or a sub-section): the step is not shown when the applicant
//   it is about is the primary applicant. Outside joint sections that is the person filling, so a
//   primary applicant does not see it and a co-applicant or guarantor filling their own part does; in a
//   joint section the step is about that joint applicant, so the primary applicant filling it for them
//   still sees it (the seeded home loan marks its co-applicant and guarantor sections this way).
// - A joint section (section.applicantType 'secondary' or 'guarantor') is repeated once per joint
//   applicant of that type in ctx.jointApplicants, in their order; with no such applicant it is absent.
//   With isSingle it is shown once (about the first applicant of that type), not repeated. isSingle has
//   no effect on other sections (they are shown once anyway).
// - jointIndex is the applicant's index in ctx.jointApplicants (unique across types), so the portal can
//   find that applicant's values directly.
import type { ApplicantType, FlowConfig, FlowSection, FlowSubSection } from '@originate/contract';

export interface FlowContext {
  /** Who is filling. */
  applicantType: ApplicantType;
  /** existing_or_new_customer === 'existing'. */
  existingCustomer: boolean;
  jointApplicants: { applicantId: string; applicantType: 'secondary' | 'guarantor' }[];
  /** The application's custom_route. */
  customRoute?: string;
}

export interface StepRef {
  sectionIndex: number;
  subSectionIndex: number;
  /** Index into ctx.jointApplicants for a step of a joint section. */
  jointIndex?: number;
}

export interface Step extends StepRef {
  section_id: string;
  sub_section_id: string;
  componentId: string;
  /** The sub-section's route_info, or for a custom page the custom route / 'capture_1'. */
  route: string;
  sectionName: string;
  subSectionName: string;
  summary: boolean;
  applicant: { type: ApplicantType; applicantId?: string };
}

export const CUSTOM_PAGE_FALLBACK_ROUTE = 'capture_1';

type JointType = 'secondary' | 'guarantor';

function isJointType(type: ApplicantType | undefined): type is JointType {
  return type === 'secondary' || type === 'guarantor';
}

type StepFlags = Pick<
  FlowSubSection,
  'disableForPrimaryApplicant' | 'skipForNewCustomer' | 'skipForExistingCustomer' | 'existingCustomerOtp'
>;

/** `about` is the applicant the step is about: a joint section's applicant, else the person filling. */
function flagsAllow(flags: StepFlags, ctx: FlowContext, about: ApplicantType): boolean {
  if (flags.disableForPrimaryApplicant && about === 'primary') return false;
  if (flags.skipForNewCustomer && !ctx.existingCustomer) return false;
  if (flags.skipForExistingCustomer && ctx.existingCustomer) return false;
  if (flags.existingCustomerOtp && !ctx.existingCustomer) return false;
  return true;
}

/** The joint applicants a section is filled for: undefined entries mean "the person filling". */
function sectionInstances(section: FlowSection, ctx: FlowContext): (number | undefined)[] {
  if (!isJointType(section.applicantType)) return [undefined];
  const type = section.applicantType;
  const indexes: number[] = [];
  ctx.jointApplicants.forEach((applicant, index) => {
    if (applicant.applicantType === type) indexes.push(index);
  });
  return section.isSingle ? indexes.slice(0, 1) : indexes;
}

function makeStep(
  section: FlowSection,
  sectionIndex: number,
  sub: FlowSubSection,
  subSectionIndex: number,
  jointIndex: number | undefined,
  ctx: FlowContext,
): Step {
  const joint = jointIndex === undefined ? undefined : ctx.jointApplicants[jointIndex];
  const step: Step = {
    sectionIndex,
    subSectionIndex,
    section_id: section.section_id,
    sub_section_id: sub.sub_section_id,
    componentId: sub.componentId,
    route: sub.customPage ? ctx.customRoute || CUSTOM_PAGE_FALLBACK_ROUTE : sub.route_info,
    sectionName: section.display_name,
    subSectionName: sub.display_name,
    summary: sub.summary === true,
    applicant: joint ? { type: joint.applicantType, applicantId: joint.applicantId } : { type: ctx.applicantType },
  };
  if (jointIndex !== undefined) step.jointIndex = jointIndex;
  return step;
}

/** Every eligible step, in order: sections, then (per joint applicant) sub-sections. */
export function flowSteps(flow: FlowConfig, ctx: FlowContext): Step[] {
  const steps: Step[] = [];
  flow.sections.forEach((section, sectionIndex) => {
    for (const jointIndex of sectionInstances(section, ctx)) {
      const about =
        jointIndex === undefined
          ? ctx.applicantType
          : (ctx.jointApplicants[jointIndex]?.applicantType ?? ctx.applicantType);
      if (!flagsAllow(section, ctx, about)) continue;
      section.sub_sections.forEach((sub, subSectionIndex) => {
        if (flagsAllow(sub, ctx, about)) {
          steps.push(makeStep(section, sectionIndex, sub, subSectionIndex, jointIndex, ctx));
        }
      });
    }
  });
  return steps;
}

/**
 * Order of steps: section, then joint applicant (instances follow ctx.jointApplicants' order), then
 * sub-section. Comparing keys lets next/previous start from a step that is not (or no longer) eligible.
 */
function compareRefs(a: StepRef, b: StepRef): number {
  return (
    a.sectionIndex - b.sectionIndex ||
    (a.jointIndex ?? -1) - (b.jointIndex ?? -1) ||
    a.subSectionIndex - b.subSectionIndex
  );
}

export function firstStep(flow: FlowConfig, ctx: FlowContext): Step {
  const first = flowSteps(flow, ctx)[0];
  if (!first) throw new Error(`Flow ${flow.flowId} has no step for a ${ctx.applicantType} applicant`);
  return first;
}

/** The next eligible step after `at`; null at the end (the last sub-section of the last section). */
export function nextStep(flow: FlowConfig, ctx: FlowContext, at: StepRef): Step | null {
  return flowSteps(flow, ctx).find((step) => compareRefs(step, at) > 0) ?? null;
}

/** The eligible step before `at`; null at the start. */
export function previousStep(flow: FlowConfig, ctx: FlowContext, at: StepRef): Step | null {
  const before = flowSteps(flow, ctx).filter((step) => compareRefs(step, at) < 0);
  return before[before.length - 1] ?? null;
}

export function isLastStep(flow: FlowConfig, ctx: FlowContext, at: StepRef): boolean {
  return nextStep(flow, ctx, at) === null;
}

/** The step with that route (for a joint section, of that joint applicant; the first one when omitted). */
export function stepByRoute(flow: FlowConfig, ctx: FlowContext, route: string, jointIndex?: number): Step | null {
  return (
    flowSteps(flow, ctx).find(
      (step) => step.route === route && (jointIndex === undefined || step.jointIndex === jointIndex),
    ) ?? null
  );
}

/** Same step (position and joint applicant). */
export function sameStep(a: StepRef, b: StepRef): boolean {
  return compareRefs(a, b) === 0;
}

/**
 * Whether one more joint applicant of that type may be added: the flow must have a section for that
 * type, the total stays within maximumJointApplicants, and without enableMultipleCoApplicant there is
 * at most one co-applicant (secondary).
 */
export function canAddJointApplicant(flow: FlowConfig, ctx: FlowContext, type: JointType): boolean {
  if (!flow.sections.some((section) => section.applicantType === type)) return false;
  if (ctx.jointApplicants.length >= flow.maximumJointApplicants) return false;
  if (type === 'secondary' && !flow.enableMultipleCoApplicant) {
    return !ctx.jointApplicants.some((applicant) => applicant.applicantType === 'secondary');
  }
  return true;
}

/** The key of a step's component in progress maps: componentId, or componentId:jointIndex. */
export function progressKey(step: StepRef & { componentId: string }): string {
  return step.jointIndex === undefined ? step.componentId : `${step.componentId}:${step.jointIndex}`;
}
