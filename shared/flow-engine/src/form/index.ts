// The form state of one component (screen) for one applicant, kept incrementally.
//
// createFormState does the full work once: defaults, formulas, page rules, every field's validation,
// table totals, and reverse-dependency indexes (which rules and formulas read each key). After that,
// setFieldValue touches only what depends on the changed key: the rules whose conditions read it, the
// formulas reading it (and their dependants, transitively, in dependency order), a table's totals, and
// the validation of the fields whose value or visibility changed. A keystroke never re-validates the form.
//
// Hidden fields hold no value: a field a rule hides is emptied (its value kept in a stash the caller never
// sees) and gets it back when shown again. That is a change like a keystroke: the formulas and rules reading
// it follow, which may hide or show more, so a change settles in rounds (settle) until nothing flips.
//
// plan.ts: the options, the state and its hidden part; draft.ts: one change's mutable copy and how it
// settles; conceal.ts: hidden fields; validate.ts; totals.ts: table values and totals; state.ts, tables.ts
// and checks.ts: the operations.
export { changedFields } from './changes';
export { fillFacts, isFormValid, submitCheck } from './checks';
export type { CellValue, FormOptions, FormState } from './plan';
export { createFormState, markDirty, setFieldValue, shownValue } from './state';
export { addTableRow, removeTableRow, setTableCell } from './tables';
