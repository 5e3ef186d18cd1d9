// Field access on saves (spec §6 'Field access gives WRITE or else read only'; README "Field access"):
// a staff save may not change a field the caller may only read. Which fields those are is the contract's rule
// (readOnlyByAccessControl, the one the portal's engine marks read only with); what counts as a change is
// judged on the values as the form shows them (the engine's defaults applied to both sides), so a form
// sent back untouched, defaults and all, changes nothing. A hidden field holds no value in the form: it is
// judged by the value it gets back when shown, and a save may send it empty, as the form does.
import { isDeepStrictEqual } from 'node:util';
import {
  type ApplicantType,
  type ComponentConfig,
  type FieldAccessViewer,
  type FieldValue,
  type FormValues,
  readOnlyByAccessControl,
  tableOfField,
} from '@originate/contract';
import { createFormState, type FormState, shownValue } from '@originate/flow-engine';
import type { FlowRules } from '../configs';
import { type ApplicationValues, jointOrdinals } from './flow-rules';

interface ReadOnlyField {
  key: string;
  label: string;
  component: ComponentConfig;
}

/**
 * The fields of the flow the viewer may only read. A table's cells are judged with their table (its value
 * holds them); computed fields are left out: nobody types them, their value follows their inputs.
 */
function readOnlyFields(rules: FlowRules, viewer: FieldAccessViewer): ReadOnlyField[] {
  const found = new Map<string, ReadOnlyField>();
  for (const component of rules.components.values()) {
    const readOnly = readOnlyByAccessControl(component.fields, viewer);
    for (const field of component.fields) {
      if (!readOnly.has(field.key) || field.formulas || tableOfField(component.fields, field)) continue;
      if (!found.has(field.key)) found.set(field.key, { key: field.key, label: field.label, component });
    }
  }
  return [...found.values()];
}

/** One applicant's values as a component's form shows them: stored values, the engine's defaults for the rest. */
function shown(rules: FlowRules, component: ComponentConfig, values: FormValues, type: ApplicantType, today: Date) {
  return createFormState(component, values, {
    applicantType: type,
    access: 'WRITE',
    editable: true,
    rules: rules.rules,
    options: rules.options,
    today,
  });
}

/**
 * Whether the save changes the field: its value as each form shows it, or gets back when shown (a hidden
 * field holds none: the engine's shownValue). A field the saved form hides may come empty (what the form
 * holds for it) or not at all: the form empties hidden fields, so that changes nothing.
 */
function changes(before: FormState, after: FormState, sent: FieldValue | undefined, key: string): boolean {
  if (after.hidden.has(key) && (sent === undefined || isDeepStrictEqual(sent, after.values[key]))) return false;
  return !isDeepStrictEqual(shownValue(before, key) ?? null, shownValue(after, key) ?? null);
}

type Values = Pick<ApplicationValues, 'customFields' | 'jointApplicants'>;

/**
 * Who changed what they may only read: "'<label>' (<key>)" per field and applicant (joint applicants
 * named 'co-applicant 1', 'guarantor 1'), for the primary's values and every joint applicant's, added or
 * removed ones included (an added one's values against an empty form, a removed one's against it too).
 */
export function readOnlyChanges(
  rules: FlowRules,
  before: Values,
  after: Values,
  viewer: FieldAccessViewer,
  today: Date,
): string[] {
  const fields = readOnlyFields(rules, viewer);
  if (fields.length === 0) return [];
  const pairs: { who?: string; type: ApplicantType; before: FormValues; after: FormValues }[] = [
    { type: 'primary', before: before.customFields, after: after.customFields },
  ];
  // Each joint applicant once, as the save names them, then those it removes.
  const joint = [
    ...after.jointApplicants,
    ...before.jointApplicants.filter((j) => !after.jointApplicants.some((a) => a.applicantId === j.applicantId)),
  ];
  const ordinal = jointOrdinals(joint);
  for (const { applicantId, applicantType } of joint) {
    const old = before.jointApplicants.find((j) => j.applicantId === applicantId);
    const now = after.jointApplicants.find((j) => j.applicantId === applicantId);
    pairs.push({
      who: ordinal.get(applicantId),
      type: applicantType,
      before: old?.customFields ?? {},
      after: now?.customFields ?? {},
    });
  }
  const refused: string[] = [];
  for (const pair of pairs) {
    const views = new Map<ComponentConfig, { before: FormState; after: FormState }>();
    for (const field of fields) {
      let view = views.get(field.component);
      if (!view) {
        view = {
          before: shown(rules, field.component, pair.before, pair.type, today),
          after: shown(rules, field.component, pair.after, pair.type, today),
        };
        views.set(field.component, view);
      }
      if (changes(view.before, view.after, pair.after[field.key], field.key)) {
        refused.push(`'${field.label}' (${field.key}${pair.who ? `, ${pair.who}` : ''})`);
      }
    }
  }
  return refused;
}

/** The 403 reason of a refused save: every field, and that nothing was saved. */
export function readOnlyRefusal(refused: readonly string[]): string {
  const fields = refused.length === 1 ? 'a field' : 'fields';
  return `Field access: you may only read ${fields} this save changes, so nothing was saved: ${refused.join(', ')}`;
}
