// The server's own reading of a flow (README "Customer flow"): which steps an applicant walks, which
// fields apply to whom, which page rules hide what, and which mandatory fields are missing or break
// their regex. Deliberately small (required, hidden, regex): the portal's engine owns the full rules
// of spec §5; the server re-checks what a submit must never skip.
import type {
  ApplicantType,
  ComponentConfig,
  FieldConfig,
  FlowConfig,
  FormValues,
  PageRule,
  RuleCondition,
} from '@originate/shared/node';

export interface StepContext {
  existingCustomer: boolean;
  jointApplicants: readonly { applicantId: string; applicantType: 'secondary' | 'guarantor' }[];
}

export interface FlowStep {
  sectionId: string;
  subSectionId: string;
  componentId: string;
  applicantType: ApplicantType;
  /** The joint applicant a joint section's step is for. */
  applicantId?: string;
  summary: boolean;
}

function skipped(
  flags: { skipForNewCustomer?: boolean; skipForExistingCustomer?: boolean },
  existing: boolean,
): boolean {
  return (flags.skipForNewCustomer === true && !existing) || (flags.skipForExistingCustomer === true && existing);
}

/** Every step the application walks, in order: joint sections once per joint applicant of their type. */
export function flowSteps(flow: FlowConfig, ctx: StepContext): FlowStep[] {
  const steps: FlowStep[] = [];
  for (const section of flow.sections) {
    if (skipped(section, ctx.existingCustomer)) continue;
    const jointType = section.applicantType;
    const owners: { applicantType: ApplicantType; applicantId?: string }[] =
      jointType === 'secondary' || jointType === 'guarantor'
        ? ctx.jointApplicants
            .filter((j) => j.applicantType === jointType)
            .map((j) => ({ applicantType: j.applicantType, applicantId: j.applicantId }))
        : [{ applicantType: 'primary' }];
    for (const owner of owners) {
      for (const sub of section.sub_sections) {
        if (skipped(sub, ctx.existingCustomer)) continue;
        if (sub.existingCustomerOtp === true && !ctx.existingCustomer) continue;
        steps.push({
          sectionId: section.section_id,
          subSectionId: sub.sub_section_id,
          componentId: sub.componentId,
          ...owner,
          summary: sub.summary === true,
        });
      }
    }
  }
  return steps;
}

/** Spec §5: enabled for the applicant type (secondary/guarantor by their own flag unless sameAsPrimary) and not internal. */
export function isFieldApplicable(field: FieldConfig, applicantType: ApplicantType): boolean {
  if (field.internal === true || field.field_type_details.internal === true) return false;
  if (applicantType === 'primary' || field.sameAsPrimary === true) return field.enable;
  return applicantType === 'secondary' ? field.secondaryEnable === true : field.guarantorEnable === true;
}

type Value = FormValues[string] | undefined;

function isEmptyValue(value: Value): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** 'DD/MM/YYYY' → 'YYYYMMDD' so dates compare as text; anything else stays as it is. */
function comparable(value: unknown): unknown {
  if (typeof value === 'string') {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    if (m) return `${m[3]}${m[2]}${m[1]}`;
  }
  return value;
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function equal(value: Value, expected: RuleCondition['value']): boolean {
  if (typeof value === 'boolean' || typeof expected === 'boolean') return value === expected;
  const a = numeric(value);
  const b = numeric(expected);
  if (a !== null && b !== null) return a === b;
  return typeof value === 'string' && value === expected;
}

function ordered(value: Value, expected: RuleCondition['value'], test: (d: number) => boolean): boolean {
  const a = numeric(value);
  const b = numeric(expected);
  if (a !== null && b !== null) return test(a - b);
  const x = comparable(value);
  const y = comparable(expected);
  if (typeof x === 'string' && typeof y === 'string' && x !== '' && y !== '') return test(x < y ? -1 : x > y ? 1 : 0);
  return false;
}

export function conditionHolds(condition: RuleCondition, values: FormValues): boolean {
  const value = values[condition.field];
  const expected = condition.value;
  switch (condition.operator) {
    case 'IS_EMPTY':
      return isEmptyValue(value);
    case 'IS_NOT_EMPTY':
      return !isEmptyValue(value);
    case 'EQUAL':
      return equal(value, expected);
    case 'NOT_EQUAL':
      return !equal(value, expected);
    case 'GREATER_THAN':
      return ordered(value, expected, (d) => d > 0);
    case 'LESS_THAN':
      return ordered(value, expected, (d) => d < 0);
    case 'GREATER_THAN_OR_EQUAL':
      return ordered(value, expected, (d) => d >= 0);
    case 'LESS_THAN_OR_EQUAL':
      return ordered(value, expected, (d) => d <= 0);
    case 'CONTAINS':
      if (Array.isArray(value)) return value.some((v) => String(v) === String(expected));
      return typeof value === 'string' && value.includes(String(expected));
    case 'ENDS_WITH':
      return typeof value === 'string' && value.endsWith(String(expected));
  }
}

/** A rule without conditions hides outright; otherwise when its AND/OR list holds. */
function ruleApplies(rule: PageRule, values: FormValues): boolean {
  if (!rule.conditions) return true;
  const { operator, list } = rule.conditions;
  return operator === 'AND'
    ? list.every((c) => conditionHolds(c, values))
    : list.some((c) => conditionHolds(c, values));
}

/** Keys of the component's fields that are hidden: by `hide`, or by a page rule on the field or its group. */
export function hiddenFields(component: ComponentConfig, rules: readonly PageRule[], values: FormValues): Set<string> {
  const hiddenKeys = new Set<string>();
  const hiddenGroups = new Set<string>();
  for (const rule of rules) {
    if (rule.componentId !== component.componentId || !ruleApplies(rule, values)) continue;
    (rule.target.type === 'FIELD' ? hiddenKeys : hiddenGroups).add(rule.target.key);
  }
  const hidden = new Set<string>();
  for (const field of component.fields) {
    const inHiddenGroup =
      field.groupKey !== undefined && (hiddenGroups.has(field.groupKey) || hiddenKeys.has(field.groupKey));
    if (field.hide === true || hiddenKeys.has(field.key) || hiddenGroups.has(field.key) || inHiddenGroup) {
      hidden.add(field.key);
    }
  }
  return hidden;
}

const REQUIRED_REASON = 'is required';
export const INVALID_REASON = 'is invalid';

const TEXT_TYPES = new Set(['text', 'password', 'textarea']);

function present(field: FieldConfig, value: Value): boolean {
  const type = field.field_type_details.type;
  if (type === 'checkbox' || type === 'toggle') return value === true;
  if (type === 'file_upload') {
    return (
      typeof value === 'object' && value !== null && 'uploadedDocuments' in value && value.uploadedDocuments.length > 0
    );
  }
  if (type === 'signature') return typeof value === 'object' && value !== null && 'fileId' in value;
  if (type === 'otp') return typeof value === 'object' && value !== null && 'isVerified' in value && value.isVerified;
  return !isEmptyValue(value);
}

/** What is wrong with one field's value: required and missing, or text breaking its regex; null when fine. */
function fieldProblem(field: FieldConfig, value: Value): string | null {
  const details = field.field_type_details;
  if (details.type === 'heading' || field.formulas) return null;
  if (details.mandatory === true && !present(field, value)) return REQUIRED_REASON;
  if (details.regex && TEXT_TYPES.has(details.type) && typeof value === 'string' && value !== '') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(details.regex);
    } catch {
      return null;
    }
    if (!pattern.test(value)) return INVALID_REASON;
  }
  return null;
}

/** One problem of a container's header or row cells, labelled 'Lender (row 2)'. */
function tableProblems(
  container: FieldConfig,
  columns: FieldConfig[],
  value: Value,
): { key: string; label: string; reason: string }[] {
  const table =
    typeof value === 'object' && value !== null && 'subRecords' in value
      ? value
      : { headers: {}, subRecords: [], total: {} };
  const out: { key: string; label: string; reason: string }[] = [];
  for (const column of columns.filter((c) => c.isSectionHeader === true)) {
    const reason = fieldProblem(column, table.headers[column.key]);
    if (reason) out.push({ key: column.key, label: column.label, reason });
  }
  table.subRecords.forEach((record, index) => {
    for (const column of columns.filter((c) => c.isSectionHeader !== true)) {
      const reason = fieldProblem(column, record[column.key]);
      if (reason) out.push({ key: column.key, label: `${column.label} (row ${index + 1})`, reason });
    }
  });
  if (container.field_type_details.mandatory === true && table.subRecords.length === 0) {
    out.push({ key: container.key, label: container.label, reason: REQUIRED_REASON });
  }
  return out;
}

export interface FieldIssue {
  key: string;
  label: string;
  reason: string;
}

/** The problems of one component for one applicant: applicable, visible fields only. */
export function componentProblems(
  component: ComponentConfig,
  rules: readonly PageRule[],
  values: FormValues,
  applicantType: ApplicantType,
): FieldIssue[] {
  const hidden = hiddenFields(component, rules, values);
  const visible = component.fields.filter((f) => isFieldApplicable(f, applicantType) && !hidden.has(f.key));
  const issues: FieldIssue[] = [];
  for (const field of visible) {
    if (field.groupKey && component.fields.some((c) => c.key === field.groupKey && c.groupType === 'CONTAINER')) {
      continue;
    }
    if (field.groupType === 'CONTAINER') {
      const columns = visible.filter((c) => c.groupKey === field.key);
      issues.push(...tableProblems(field, columns, values[field.key]));
      continue;
    }
    const reason = fieldProblem(field, values[field.key]);
    if (reason) issues.push({ key: field.key, label: field.label, reason });
  }
  return issues;
}

export interface ApplicationValues {
  existing_or_new_customer: 'existing' | 'new';
  customFields: FormValues;
  jointApplicants: readonly {
    applicantId: string;
    applicantType: 'secondary' | 'guarantor';
    customFields: FormValues;
  }[];
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
 * Every mandatory or regex problem a submit must refuse, over every step but the summary: the
 * primary's values for primary steps, each joint applicant's own for theirs (labelled with who).
 */
export function submitProblems(
  flow: FlowConfig,
  components: ReadonlyMap<string, ComponentConfig>,
  rules: readonly PageRule[],
  app: ApplicationValues,
): FieldIssue[] {
  const ctx: StepContext = {
    existingCustomer: app.existing_or_new_customer === 'existing',
    jointApplicants: app.jointApplicants,
  };
  const issues: FieldIssue[] = [];
  const ordinal = jointOrdinals(app.jointApplicants);
  for (const step of flowSteps(flow, ctx)) {
    if (step.summary) continue;
    const component = components.get(step.componentId);
    if (!component) continue;
    const joint = step.applicantId ? app.jointApplicants.find((j) => j.applicantId === step.applicantId) : undefined;
    const values = joint ? joint.customFields : app.customFields;
    for (const issue of componentProblems(component, rules, values, step.applicantType)) {
      issues.push(joint ? { ...issue, label: `${issue.label} (${ordinal.get(joint.applicantId)})` } : issue);
    }
  }
  return issues;
}
