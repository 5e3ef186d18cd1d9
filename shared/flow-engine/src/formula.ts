// Formulas (field.formulas.expression): parsed once with jsep into an AST, checked against a small
// grammar, and turned into closures. Nothing is ever run through eval or new Function (the CSP forbids
// it, and an expression is configuration, not code).
//
// Grammar: numbers, field keys, + - * / %, parentheses, unary minus, <container>.total.<column>, and
// ROUND(x[, digits]), MIN(...), MAX(...), ABS(x).
//
// An empty field (nothing entered yet) is not a number, and an applicant fills a form in any order, so
// each operator says what an empty operand means (README "Formulas: empty operands"): + and - count it
// as 0, * / % and ROUND/ABS of it are empty (a product of an unknown is unknown), MIN/MAX skip it. A
// formula whose every read operand is empty is empty. Text that is not a number is never 0: it makes the
// result empty.
import type { ComponentConfig } from '@originate/contract';
import jsep from 'jsep';
import { fieldType } from './fields';

/** What an expression reads: a field's value, or a column total of a container. */
type FormulaRef = { kind: 'field'; key: string } | { kind: 'total'; container: string; column: string };

/** A value inside an expression: a number (NaN for text that is not one), or null for an empty operand. */
type Operand = number | null;

/** What the form answers for a reference: null when the field holds nothing. */
export type FormulaRead = (ref: FormulaRef) => Operand;

interface CompiledFormula {
  /** Field keys and container keys (for totals) the expression reads. */
  readonly reads: ReadonlySet<string>;
  /** The result, null when empty. */
  readonly evaluate: (read: FormulaRead) => Operand;
}

export class FormulaError extends Error {
  override name = 'FormulaError';
}

type Evaluator = (read: FormulaRead) => Operand;

/** An operator that gives empty when either operand is. */
const strict =
  (op: (a: number, b: number) => number) =>
  (a: Operand, b: Operand): Operand =>
    a === null || b === null ? null : op(a, b);

const binary: Record<string, (a: Operand, b: Operand) => Operand> = {
  // A sum counts an empty operand as 0; a sum of empties stays empty.
  '+': (a, b) => (a === null ? b : b === null ? a : a + b),
  '-': (a, b) => (a === null ? (b === null ? null : -b) : b === null ? a : a - b),
  '*': strict((a, b) => a * b),
  '/': strict((a, b) => a / b),
  '%': strict((a, b) => a % b),
};

const filled = (args: Operand[]): number[] => args.filter((arg): arg is number => arg !== null);

const functions: Record<string, { arity: [number, number]; apply: (args: Operand[]) => Operand }> = {
  ROUND: {
    arity: [1, 2],
    apply: ([x = null, digits = 0]) => {
      if (x === null || digits === null) return null;
      const scale = 10 ** Math.trunc(digits);
      return Math.round(x * scale) / scale;
    },
  },
  MIN: { arity: [1, Number.POSITIVE_INFINITY], apply: (args) => extreme(filled(args), Math.min) },
  MAX: { arity: [1, Number.POSITIVE_INFINITY], apply: (args) => extreme(filled(args), Math.max) },
  ABS: { arity: [1, 1], apply: ([x = null]) => (x === null ? null : Math.abs(x)) },
};

function extreme(values: number[], pick: (...values: number[]) => number): Operand {
  return values.length === 0 ? null : pick(...values);
}

/** 'a.b.c' for a chain of identifiers joined by non-computed member access; undefined otherwise. */
function dottedPath(node: jsep.Expression): string | undefined {
  if (node.type === 'Identifier') return (node as jsep.Identifier).name;
  if (node.type !== 'MemberExpression') return undefined;
  const member = node as jsep.MemberExpression;
  if (member.computed || member.property.type !== 'Identifier') return undefined;
  const head = dottedPath(member.object);
  return head === undefined ? undefined : `${head}.${(member.property as jsep.Identifier).name}`;
}

interface Scope {
  fieldKeys: ReadonlySet<string>;
  containerKeys: ReadonlySet<string>;
}

function reference(path: string, scope: Scope, reads: Set<string>): Evaluator {
  if (scope.fieldKeys.has(path) && !scope.containerKeys.has(path)) {
    reads.add(path);
    const ref: FormulaRef = { kind: 'field', key: path };
    return (read) => read(ref);
  }
  const parts = path.split('.');
  if (parts.length === 3 && parts[1] === 'total' && parts[0] && parts[2] && scope.containerKeys.has(parts[0])) {
    reads.add(parts[0]);
    const ref: FormulaRef = { kind: 'total', container: parts[0], column: parts[2] };
    return (read) => read(ref);
  }
  throw new FormulaError(`unknown field '${path}'`);
}

function build(node: jsep.Expression, scope: Scope, reads: Set<string>): Evaluator {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value !== 'number')
        throw new FormulaError(`only numbers are allowed, not ${(node as jsep.Literal).raw}`);
      return () => value;
    }
    case 'Identifier':
    case 'MemberExpression': {
      const path = dottedPath(node);
      if (path === undefined) throw new FormulaError('only <container>.total.<column> member access is allowed');
      return reference(path, scope, reads);
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator !== '-') throw new FormulaError(`operator '${unary.operator}' is not allowed`);
      const argument = build(unary.argument, scope, reads);
      return (read) => {
        const value = argument(read);
        return value === null ? null : -value;
      };
    }
    case 'BinaryExpression': {
      const expr = node as jsep.BinaryExpression;
      const op = binary[expr.operator];
      if (!op) throw new FormulaError(`operator '${expr.operator}' is not allowed`);
      const left = build(expr.left, scope, reads);
      const right = build(expr.right, scope, reads);
      return (read) => op(left(read), right(read));
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const name = call.callee.type === 'Identifier' ? (call.callee as jsep.Identifier).name : undefined;
      const fn = name === undefined ? undefined : functions[name];
      if (!fn || name === undefined) throw new FormulaError('only ROUND, MIN, MAX and ABS may be called');
      const [least, most] = fn.arity;
      if (call.arguments.length < least || call.arguments.length > most) {
        throw new FormulaError(`${name} takes ${least === most ? least : `${least} to ${most}`} argument(s)`);
      }
      const args = call.arguments.map((arg) => build(arg, scope, reads));
      return (read) => fn.apply(args.map((arg) => arg(read)));
    }
    default:
      throw new FormulaError(`${node.type} is not allowed`);
  }
}

/** Parse and check one expression; throws FormulaError with the reason. */
function compileFormula(expression: string, scope: Scope): CompiledFormula {
  let ast: jsep.Expression;
  try {
    ast = jsep(expression);
  } catch (error) {
    throw new FormulaError(error instanceof Error ? error.message : String(error));
  }
  const reads = new Set<string>();
  const root = build(ast, scope, reads);
  if (reads.size === 0) return { reads, evaluate: root };
  const evaluate: Evaluator = (read) => {
    let anyFilled = false;
    const value = root((ref) => {
      const operand = read(ref);
      if (operand !== null) anyFilled = true;
      return operand;
    });
    // 'a + 100' before a is filled shows nothing, not 100.
    return anyFilled ? value : null;
  };
  return { reads, evaluate };
}

/** A computed result as a field value: a finite number (float noise trimmed) or null (empty or no number). */
export function formulaResult(value: Operand): number | null {
  return value !== null && Number.isFinite(value) ? Number.parseFloat(value.toPrecision(12)) : null;
}

export interface ComponentFormulas {
  /** Formula fields in evaluation order (a field after everything it reads). */
  readonly order: readonly string[];
  readonly byKey: ReadonlyMap<string, CompiledFormula>;
  /** For each key (field or container), the formula fields that read it directly. */
  readonly readers: ReadonlyMap<string, readonly string[]>;
}

export interface FormulaProblem {
  fieldIndex: number;
  key: string;
  reason: string;
}

function scopeOf(component: ComponentConfig): Scope {
  return {
    fieldKeys: new Set(component.fields.map((field) => field.key)),
    containerKeys: new Set(
      component.fields.filter((field) => fieldType(field) === 'container').map((field) => field.key),
    ),
  };
}

/** Every formula problem of a component: parse or grammar errors, then dependency cycles. */
export function formulaProblems(component: ComponentConfig): FormulaProblem[] {
  const scope = scopeOf(component);
  const problems: FormulaProblem[] = [];
  const byKey = new Map<string, CompiledFormula>();
  component.fields.forEach((field, fieldIndex) => {
    if (!field.formulas) return;
    try {
      byKey.set(field.key, compileFormula(field.formulas.expression, scope));
    } catch (error) {
      problems.push({ fieldIndex, key: field.key, reason: error instanceof Error ? error.message : String(error) });
    }
  });
  if (problems.length > 0) return problems;
  const cycle = findCycle(byKey);
  if (cycle) {
    const first = cycle[0] ?? '';
    problems.push({
      fieldIndex: component.fields.findIndex((field) => field.key === first),
      key: first,
      reason: `formula cycle: ${cycle.join(' -> ')}`,
    });
  }
  return problems;
}

function findCycle(byKey: ReadonlyMap<string, CompiledFormula>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (key: string): string[] | undefined => {
    const mark = state.get(key);
    if (mark === 'done') return undefined;
    if (mark === 'visiting') return [...stack.slice(stack.indexOf(key)), key];
    const formula = byKey.get(key);
    if (!formula) return undefined;
    state.set(key, 'visiting');
    stack.push(key);
    for (const read of formula.reads) {
      const found = visit(read);
      if (found) return found;
    }
    stack.pop();
    state.set(key, 'done');
    return undefined;
  };
  for (const key of byKey.keys()) {
    const found = visit(key);
    if (found) return found;
  }
  return undefined;
}

const compiled = new WeakMap<ComponentConfig, ComponentFormulas>();

/** The component's formulas, compiled and ordered once; throws FormulaError naming the field. */
export function componentFormulas(component: ComponentConfig): ComponentFormulas {
  const cached = compiled.get(component);
  if (cached) return cached;
  const problem = formulaProblems(component)[0];
  if (problem) {
    throw new FormulaError(`${component.componentId}: field '${problem.key}' formula: ${problem.reason}`);
  }
  const scope = scopeOf(component);
  const byKey = new Map<string, CompiledFormula>();
  for (const field of component.fields) {
    if (field.formulas) byKey.set(field.key, compileFormula(field.formulas.expression, scope));
  }
  const order: string[] = [];
  const placed = new Set<string>();
  const place = (key: string): void => {
    if (placed.has(key)) return;
    placed.add(key);
    for (const read of byKey.get(key)?.reads ?? []) if (byKey.has(read)) place(read);
    order.push(key);
  };
  for (const key of byKey.keys()) place(key);
  const readers = new Map<string, string[]>();
  for (const [key, formula] of byKey) {
    for (const read of formula.reads) readers.set(read, [...(readers.get(read) ?? []), key]);
  }
  const result: ComponentFormulas = { order, byKey, readers };
  compiled.set(component, result);
  return result;
}
