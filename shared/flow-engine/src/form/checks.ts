// What the rest of the engine asks of a form: the submit check, whether it is valid, and the facts progress
// is computed from.
import { fieldType } from '../fields';
import { submitMessage } from '../messages';
import { type FieldError, isEmptyValue } from '../validation';
import { type FormState, internalOf, sameValue } from './plan';

function blocking(error: FieldError | undefined, ignoreRequired: boolean | undefined): boolean {
  return error !== undefined && !(ignoreRequired && error.code === 'required');
}

/** The keys of visible fields with an error, in field order ('required' errors skipped on request). */
function invalidKeys(state: FormState, ignoreRequired?: boolean): string[] {
  return internalOf(state)
    .plan.topLevel.filter((field) => !state.hidden.has(field.key) && blocking(state.errors[field.key], ignoreRequired))
    .map((field) => field.key);
}

/**
 * Submit with mandatory validations on (and not on the summary): every visible invalid field, in field
 * order; the first is where focus goes. Marks nothing itself (the caller marks `invalid` dirty). The
 * message is the spec's 'Please fill all mandatory fields' only when a mandatory field is empty.
 */
export function submitCheck(
  state: FormState,
  opts: { mandatoryValidations: boolean; summary: boolean; ignoreRequired?: boolean },
): { ok: true } | { ok: false; message: string; invalid: string[] } {
  if (!opts.mandatoryValidations || opts.summary) return { ok: true };
  const invalid = invalidKeys(state, opts.ignoreRequired);
  if (invalid.length === 0) return { ok: true };
  const message = submitMessage(invalid.map((key) => state.errors[key]?.code ?? 'invalid'));
  return { ok: false, message, invalid };
}

/** No visible field has an error (a missing required upload is one); the variant ignores 'required'. */
export function isFormValid(state: FormState, opts?: { ignoreRequired?: boolean }): boolean {
  return invalidKeys(state, opts?.ignoreRequired).length === 0;
}

/**
 * What progress needs: whether the applicant filled anything (a value that is not empty and not the
 * field's default), and whether every visible mandatory field holds a value.
 */
export function fillFacts(state: FormState): { fillable: boolean; anyFilled: boolean; mandatoryFilled: boolean } {
  const { plan, defaults } = internalOf(state);
  let fillable = false;
  let anyFilled = false;
  let mandatoryFilled = true;
  for (const field of plan.topLevel) {
    if (field.formulas || fieldType(field) === 'heading' || state.hidden.has(field.key)) continue;
    fillable = true;
    const value = state.values[field.key];
    const empty = isEmptyValue(value) || value === false;
    if (!empty && !sameValue(value, defaults.get(field.key))) anyFilled = true;
    if (field.field_type_details.mandatory && empty) mandatoryFilled = false;
  }
  return { fillable, anyFilled, mandatoryFilled };
}
