// Progress and the stepper (spec §4).
import type { FlowConfig, ProgressStatusSchema, SectionProgressSchema } from '@originate/contract';
import type { Static } from 'typebox';
import { type FormState, fillFacts, isFormValid } from './form';
import { type FlowContext, flowSteps, progressKey, type Step, type StepRef } from './navigation';

export type ProgressStatus = Static<typeof ProgressStatusSchema>;
export type SectionProgress = Static<typeof SectionProgressSchema>;

/**
 * PENDING while nothing is filled (values equal to a field's default do not count), COMPLETE when the
 * form is valid and every visible mandatory field holds a value, else PROGRESS. A component with nothing
 * to fill (a summary, headings only) is COMPLETE.
 */
export function componentStatus(state: FormState): ProgressStatus {
  const facts = fillFacts(state);
  if (!facts.fillable) return 'COMPLETE';
  if (!facts.anyFilled) return 'PENDING';
  return isFormValid(state) && facts.mandatoryFilled ? 'COMPLETE' : 'PROGRESS';
}

/** Eligible steps grouped by section, sections in flow order (a joint section's instances together). */
function stepsBySection(flow: FlowConfig, ctx: FlowContext): Step[][] {
  const groups: Step[][] = [];
  let current: Step[] | undefined;
  for (const step of flowSteps(flow, ctx)) {
    if (!current || current[0]?.sectionIndex !== step.sectionIndex) {
      current = [];
      groups.push(current);
    }
    current.push(step);
  }
  return groups;
}

/**
 * Each section with eligible steps: its components' statuses (looked up by progressKey, PENDING when
 * unknown) and its own: COMPLETE when all are COMPLETE, PENDING when all are PENDING, else PROGRESS.
 */
export function sectionProgress(
  flow: FlowConfig,
  ctx: FlowContext,
  statuses: Readonly<Record<string, ProgressStatus>>,
): SectionProgress[] {
  return stepsBySection(flow, ctx).map((steps) => {
    const components = steps.map((step) => ({
      componentId: step.componentId,
      componentRouteInfo: step.route,
      status: statuses[progressKey(step)] ?? 'PENDING',
    }));
    const all = (status: ProgressStatus) => components.every((component) => component.status === status);
    const status: ProgressStatus = all('COMPLETE') ? 'COMPLETE' : all('PENDING') ? 'PENDING' : 'PROGRESS';
    return { sectionId: steps[0]?.section_id ?? '', status, components };
  });
}

/** Completed sub-sections (PROGRESS counts half) over all, as a rounded percentage. */
export function sectionPercent(section: SectionProgress): number {
  const total = section.components.length;
  if (total === 0) return 0;
  const done = section.components.reduce(
    (sum, component) => sum + (component.status === 'COMPLETE' ? 1 : component.status === 'PROGRESS' ? 0.5 : 0),
    0,
  );
  return Math.round((done / total) * 100);
}

/**
 * A section's percent as the applicant reads it: the summary step (nothing to fill, so COMPLETE by §4) is
 * left out, else an untouched Declaration with its Summary read 50 %. A section of summaries alone keeps §4.
 */
function filledPercent(section: SectionProgress, steps: readonly Step[]): number {
  const fillable = section.components.filter((_, i) => !steps[i]?.summary);
  return sectionPercent(fillable.length > 0 ? { ...section, components: fillable } : section);
}

export interface StepperEntry {
  sectionId: string;
  label: string;
  /** The spec's stepper state: where the applicant is. */
  state: 'INPROGRESS' | 'COMPLETE' | 'PENDING';
  /** How much of the section is filled: sectionPercent of its components' statuses. */
  percent: number;
  /**
   * False for a section with nothing to fill (its steps are summaries only): §4 counts it COMPLETE, so its percent
   * reads 100 before the applicant gets there, which a screen does not show as 'filled'.
   */
  toFill: boolean;
}

/**
 * One entry per section with eligible steps. The state is the spec's stepper: the current section
 * INPROGRESS, earlier sections and the last section when it is current COMPLETE, later ones PENDING.
 * The percent is what is filled (§4: completed sub-sections, PROGRESS half, rounded), not the position:
 * the spec's positional percent showed a filled section as 0 % and an untouched last section as 100 %.
 * `shown`: the steps a screen shows, when it filters them; only their sections are listed.
 */
export function stepper(
  flow: FlowConfig,
  ctx: FlowContext,
  at: StepRef,
  statuses: Readonly<Record<string, ProgressStatus>>,
  shown?: readonly Step[],
): StepperEntry[] {
  const groups = stepsBySection(flow, ctx);
  const progress = sectionProgress(flow, ctx, statuses);
  const entries = groups.map((steps, index): StepperEntry => {
    const first = steps[0];
    const sectionId = first?.section_id ?? '';
    const label = first?.sectionName ?? '';
    const sectionIndex = first?.sectionIndex ?? -1;
    const section = progress[index];
    const percent = section ? filledPercent(section, steps) : 0;
    const state =
      sectionIndex < at.sectionIndex || (sectionIndex === at.sectionIndex && index === groups.length - 1)
        ? 'COMPLETE'
        : sectionIndex > at.sectionIndex
          ? 'PENDING'
          : 'INPROGRESS';
    return { sectionId, label, state, percent, toFill: steps.some((step) => !step.summary) };
  });
  // A screen showing some steps only (staff viewing one applicant's) lists their sections only: the others'
  // statuses are never filled there and read 0 %.
  return shown ? entries.filter((entry) => shown.some((step) => step.section_id === entry.sectionId)) : entries;
}
