// Formulas (field.formulas.expression): parsed once with jsep into an AST, checked against a small
// grammar, and turned into closures. Nothing is ever run through eval or new Function (the CSP forbids
// it, and an expression is configuration, not code).
//
// Grammar: numbers, field keys, + - * / %, parentheses, unary minus, <container>.total.<column>, and
// ROUND(x[, digits]), MIN(...), MAX(...), ABS(x).
import type { ComponentConfig } from '@originate/contract';
import jsep from 'jsep';
import { fieldType } from './fields';

/** What an expression reads: a field's value, or a column total of a container. */
export type FormulaRef = { kind: 'field'; key: string } | { kind: 'total'; container: string; column: string };

interface CompiledFormula {
  /** Field keys and container keys (for totals) the expression reads. */
  readonly reads: ReadonlySet<string>;
  readonly evaluate: (read: (ref: FormulaRef) => number) => number;
}

export class FormulaError extends Error {
  override name = 'FormulaError';
}

type Evaluator = (read: (ref: FormulaRef) => number) => number;

const binary: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

const functions: Record<string, { arity: [number, number]; apply: (args: number[]) => number }> = {
  ROUND: {
    arity: [1, 2],
    apply: ([x = Number.NaN, digits = 0]) => {
      const scale = 10 ** Math.trunc(digits);
      return Math.round(x * scale) / scale;
    },
  },
  MIN: { arity: [1, Number.POSITIVE_INFINITY], apply: (args) => Math.min(...args) },
  MAX: { arity: [1, Number.POSITIVE_INFINITY], apply: (args) => Math.max(...args) },
  ABS: { arity: [1, 1], apply: ([x = Number.NaN]) => Math.abs(x) },
};

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
      return (read) => -argument(read);
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
  const evaluate = build(ast, scope, reads);
  return { reads, evaluate };
}

/** A computed result as a field value: a finite number (float noise trimmed) or null. */
export function formulaResult(value: number): number | null {
  return Number.isFinite(value) ? Number.parseFloat(value.toPrecision(12)) : null;
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
