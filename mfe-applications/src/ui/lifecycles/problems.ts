// The editor's problems as each field asks for them: the reasons at a field, or at it and below it.
import { type FieldProblem, problemsByField, problemsUnder } from '../../domain/lifecycleEditor';

export interface ProblemsAt {
  /** The reasons of exactly this field, joined; undefined when it has none. */
  exact: (field: string) => string | undefined;
  /** The problems at this field and below it (a picker's items, a step's tasks). */
  under: (field: string) => FieldProblem[];
}

export function problemsAt(problems: readonly FieldProblem[]): ProblemsAt {
  const byField = problemsByField(problems);
  return { exact: (field) => byField.get(field), under: (field) => problemsUnder(problems, field) };
}

/** Reasons as one line under a field; undefined when there are none. */
export function problemText(problems: string | readonly FieldProblem[] | undefined): string | undefined {
  if (problems === undefined || typeof problems === 'string') return problems;
  return problems.length === 0 ? undefined : problems.map((p) => p.reason).join('; ');
}
