// The server's reading of a flow (README "Customer flow") is the portal's own engine: which steps an
// application walks, which fields apply to whom, what page rules hide, defaults, formulas and every
// check of spec §5 come from @originate/flow-engine, so a submit refuses exactly what the
// portal refuses. This file only runs it over a stored application and words the refusals; what only
// the server knows (OTP verifications, file ownership) is checked in flow-references.

import type { FlowConfig, FormValues } from '@originate/contract';
import {
  canAddJointApplicant,
  cellKey,
  componentStatus,
  containerColumns,
  containerHeaders,
  createFormState,
  type FormState,
  flowSteps,
  type ProgressStatus,
  progressKey,
  type Step,
  sectionProgress,
  submitCheck,
} from '@originate/flow-engine';
import type { FlowRules } from '../configs';

export interface ApplicationValues {
  existing_or_new_customer: 'existing' | 'new';
  customFields: FormValues;
  jointApplicants: readonly {
    applicantId: string;
    applicantType: 'secondary' | 'guarantor';
    customFields: FormValues;
  }[];
}

export interface FieldIssue {
  key: string;
  label: string;
  reason: string;
}

function contextOf(app: Pick<ApplicationValues, 'existing_or_new_customer' | 'jointApplicants'>) {
  return {
    applicantType: 'primary' as const,
    existingCustomer: app.existing_or_new_customer === 'existing',
    jointApplicants: app.jointApplicants.map(({ applicantId, applicantType }) => ({ applicantId, applicantType })),
  };
}

/** The steps the application walks, as the primary applicant (who fills the joint sections too) sees them. */
export function stepsOf(
  flow: FlowConfig,
  app: Pick<ApplicationValues, 'existing_or_new_customer' | 'jointApplicants'>,
) {
  return flowSteps(flow, contextOf(app));
}

/**
 * Spec §4 progress of what is filled, by the engine (each step's componentStatus, sections by
 * sectionProgress): what the application stores, whatever progress a save claimed.
 */
export function flowProgress(rules: FlowRules, app: ApplicationValues, today: Date) {
  const statuses: Record<string, ProgressStatus> = {};
  for (const step of stepsOf(rules.flow, app)) {
    const state = stepState(rules, step, app, today);
    statuses[progressKey(step)] = state ? componentStatus(state) : 'PENDING';
  }
  return sectionProgress(rules.flow, contextOf(app), statuses);
}

/**
 * The joint applicants must be ones the portal could have added, one at a time (maximumJointApplicants,
 * enableMultipleCoApplicant, a section for their type), each id once: the engine's rule, not a copy.
 */
export function jointApplicantIssues(flow: FlowConfig, app: Pick<ApplicationValues, 'jointApplicants'>): FieldIssue[] {
  const added: { applicantId: string; applicantType: 'secondary' | 'guarantor' }[] = [];
  for (const { applicantId, applicantType } of app.jointApplicants) {
    const ctx = { applicantType: 'primary' as const, existingCustomer: false, jointApplicants: added };
    if (added.some((a) => a.applicantId === applicantId) || !canAddJointApplicant(flow, ctx, applicantType)) {
      const allowed = flow.enableMultipleCoApplicant ? '' : ', one co-applicant';
      return [
        {
          key: 'jointApplicants',
          label: 'jointApplicants',
          reason: `is more than this product allows (at most ${flow.maximumJointApplicants}${allowed}, each once)`,
        },
      ];
    }
    added.push({ applicantId, applicantType });
  }
  return [];
}

/** Who each joint applicant is in a refusal's label: 'co-applicant 1', 'guarantor 1', by applicantId. */
export function jointOrdinals(jointApplicants: ApplicationValues['jointApplicants']): Map<string, string> {
  const counters = { secondary: 0, guarantor: 0 };
  const ordinal = new Map<string, string>();
  for (const j of jointApplicants) {
    counters[j.applicantType] += 1;
    ordinal.set(
      j.applicantId,
      `${j.applicantType === 'secondary' ? 'co-applicant' : 'guarantor'} ${counters[j.applicantType]}`,
    );
  }
  return ordinal;
}

/**
 * The engine's refusals of one form as {key, label, reason}: each invalid field with the engine's
 * message; a table by its cells ('EMI (row 2)', headers by their label) when a cell is what is wrong.
 */
function formIssues(state: FormState, invalid: readonly string[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const key of invalid) {
    const field = state.fields.find((f) => f.key === key);
    const error = state.errors[key];
    if (!field || !error) continue;
    const cells: FieldIssue[] = [];
    for (const header of containerHeaders(state.fields, key)) {
      const cell = state.cellErrors[cellKey(key, 'headers', header.key)];
      if (cell) cells.push({ key: header.key, label: header.label, reason: cell.message });
    }
    const value = state.values[key];
    const rows = typeof value === 'object' && value !== null && 'subRecords' in value ? value.subRecords.length : 0;
    const columns = containerColumns(state.fields, key);
    for (let row = 0; row < rows; row += 1) {
      for (const column of columns) {
        const cell = state.cellErrors[cellKey(key, row, column.key)];
        if (cell) cells.push({ key: column.key, label: `${column.label} (row ${row + 1})`, reason: cell.message });
      }
    }
    issues.push(...(cells.length > 0 ? cells : [{ key, label: field.label, reason: error.message }]));
  }
  return issues;
}

/** One step's form, filled with the values of the applicant it is about. */
function stepState(rules: FlowRules, step: Step, app: ApplicationValues, today: Date): FormState | null {
  const component = rules.components.get(step.componentId);
  if (!component) return null;
  const joint = step.jointIndex === undefined ? undefined : app.jointApplicants[step.jointIndex];
  return createFormState(component, joint ? joint.customFields : app.customFields, {
    applicantType: step.applicant.type,
    access: 'WRITE',
    editable: true,
    rules: rules.rules,
    options: rules.options,
    today,
  });
}

/**
 * Every field the engine refuses over the steps the application walks, as its submit check says
 * (nothing when the flow asks for no mandatory validations, nothing on the summary): the primary's
 * values for primary steps, each joint applicant's own for theirs, labelled with who.
 */
export function flowIssues(
  rules: FlowRules,
  app: ApplicationValues,
  today: Date,
  opts: { mandatoryValidations: boolean },
): FieldIssue[] {
  const ordinal = jointOrdinals(app.jointApplicants);
  const issues: FieldIssue[] = [];
  for (const step of stepsOf(rules.flow, app)) {
    const state = stepState(rules, step, app, today);
    if (!state) continue;
    const check = submitCheck(state, { mandatoryValidations: opts.mandatoryValidations, summary: step.summary });
    if (check.ok) continue;
    const who = step.applicant.applicantId === undefined ? undefined : ordinal.get(step.applicant.applicantId);
    for (const issue of formIssues(state, check.invalid)) {
      issues.push(who ? { ...issue, label: `${issue.label} (${who})` } : issue);
    }
  }
  return issues;
}

/**
 * Values known before anyone fills the form (staff starting an application, a lead's details): each key
 * must be a field of the flow, and each value one the engine accepts on the primary applicant's steps (its
 * type, regex, range, date and option rules; a missing mandatory value is no refusal, the form is not
 * filled yet). Issues are labelled `customFields.<key>`.
 */
export function prefillIssues(rules: FlowRules, values: FormValues, today: Date): FieldIssue[] {
  const known = new Set([...rules.components.values()].flatMap((c) => c.fields.map((f) => f.key)));
  const issues: FieldIssue[] = Object.keys(values)
    .filter((key) => !known.has(key))
    .map((key) => ({ key, label: `customFields.${key}`, reason: `is not a field of flow ${rules.flow.flowId}` }));
  if (issues.length > 0) return issues;
  const app: ApplicationValues = { existing_or_new_customer: 'new', customFields: values, jointApplicants: [] };
  for (const step of stepsOf(rules.flow, app)) {
    const state = stepState(rules, step, app, today);
    if (!state) continue;
    const check = submitCheck(state, { mandatoryValidations: true, summary: false, ignoreRequired: true });
    if (check.ok) continue;
    for (const key of check.invalid) {
      const error = state.errors[key];
      if (key in values && error && !issues.some((i) => i.key === key)) {
        issues.push({ key, label: `customFields.${key}`, reason: error.message });
      }
    }
  }
  return issues;
}
