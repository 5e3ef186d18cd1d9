// The decision-table editor's rules as plain functions: the cells in @gorules/zen-engine's syntax read the way
// the engine reads them (input cells are unary tests against the column's value `$`, output cells expressions),
// each unreadable cell named by its row and column with the reason, the row edits (add, remove, move, edit a cell)
// and the column edits (add, remove, move, rename an input, change what it reads; rename an output). The server
// checks a saved table again with the engine itself; these checks say so while typing.
import {
  DECISION_TABLE_OUTPUTS,
  type DecisionDocument,
  type DecisionTable,
  type DecisionTableName,
  decisionInputField,
} from '@originate/contract';
import { creditLimitChanges, creditLimitProblems } from './creditLimits';
import type { FieldProblem } from './lifecycleEditor';

export const DECISION_TABLES: readonly { name: DecisionTableName; label: string; about: string }[] = [
  { name: 'pricing', label: 'Pricing', about: 'The first row that matches sets the risk grade and the rate.' },
  {
    name: 'eligibility',
    label: 'Eligibility',
    about: 'Every row that matches declines or refers the application, with its reason.',
  },
  {
    name: 'deviations',
    label: 'Deviations',
    about: 'Every row that matches is a deviation that needs the approval level it names.',
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Reading a cell

type TokenKind = 'number' | 'string' | 'name' | 'op' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  at: number;
}

class CellError extends Error {}

/** Longest first, so '<=' is read before '<' and '..' before '.'. */
const OPERATORS = ['..', '==', '!=', '<=', '>=', '??', '<', '>', '+', '-', '*', '/', '%', '^', '!', '?', ':', '.'];
const PUNCTUATION = '()[]{},';
const WORD_OPERATORS = new Set(['and', 'or', 'not', 'in']);

function tokens(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const number = /^\d+(?:_\d+)*(?:\.\d+)?(?:e[+-]?\d+)?/i.exec(source.slice(i));
    if (number) {
      out.push({ kind: 'number', text: number[0], at: i });
      i += number[0].length;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < source.length && source.charAt(j) !== ch) j += source.charAt(j) === '\\' ? 2 : 1;
      if (j >= source.length) throw new CellError(`the text opened with ${ch} at position ${i + 1} is never closed`);
      out.push({ kind: 'string', text: source.slice(i, j + 1), at: i });
      i = j + 1;
      continue;
    }
    const name = /^[A-Za-z_$#][A-Za-z0-9_$#]*/.exec(source.slice(i));
    if (name) {
      out.push({ kind: WORD_OPERATORS.has(name[0]) ? 'op' : 'name', text: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i)) ?? (PUNCTUATION.includes(ch) ? ch : undefined);
    if (!op) throw new CellError(`'${ch}' at position ${i + 1} is not part of the expression language`);
    out.push({ kind: 'op', text: op, at: i });
    i += op.length;
  }
  out.push({ kind: 'end', text: '', at: source.length });
  return out;
}

/** Binary operators by how tightly they bind (zen's precedence: or < and < comparison < sum < product < power). */
const BINARY: Readonly<Record<string, number>> = {
  '??': 1,
  or: 2,
  and: 3,
  '==': 4,
  '!=': 4,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  in: 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
  '^': 7,
};
const COMPARISONS = new Set(['<', '>', '<=', '>=', '==', '!=']);

class Parser {
  private i = 0;
  constructor(private readonly list: Token[]) {}

  get next(): Token {
    return this.list[this.i] as Token;
  }
  private take(): Token {
    const token = this.next;
    if (token.kind !== 'end') this.i++;
    return token;
  }
  private is(text: string): boolean {
    return this.next.kind === 'op' && this.next.text === text;
  }
  expect(text: string, what: string): void {
    if (!this.is(text)) throw this.unexpected(what);
    this.i++;
  }
  unexpected(what: string): CellError {
    const token = this.next;
    return new CellError(
      token.kind === 'end'
        ? `it ends where ${what} should follow`
        : `'${token.text}' at position ${token.at + 1} where ${what} should be`,
    );
  }
  atEnd(): boolean {
    return this.next.kind === 'end';
  }

  /** One expression: a ternary over binary operators over unary ones. */
  expression(minimum = 0): void {
    this.unary();
    for (;;) {
      const token = this.next;
      if (token.kind === 'op' && token.text === 'not' && this.list[this.i + 1]?.text === 'in' && minimum < 4) {
        this.i += 2;
        this.expression(5);
        continue;
      }
      const power = token.kind === 'op' ? BINARY[token.text] : undefined;
      if (power === undefined || power <= minimum) break;
      this.take();
      this.expression(power);
    }
    if (minimum === 0 && this.is('?')) {
      this.take();
      this.expression();
      this.expect(':', "the ':' of '? :'");
      this.expression();
    }
  }

  private unary(): void {
    if (this.is('-') || this.is('!') || this.is('not') || this.is('+')) {
      this.take();
      this.unary();
      return;
    }
    this.primary();
    // Member access, indexing and calls after a value.
    for (;;) {
      if (this.is('.')) {
        this.take();
        if (this.next.kind !== 'name') throw this.unexpected('a name after the dot');
        this.take();
      } else if (this.is('[')) {
        this.take();
        this.expression();
        this.expect(']', "a closing ']'");
      } else if (this.is('(')) {
        this.take();
        this.list_(')');
      } else return;
    }
  }

  /** Items separated by commas up to `close` (taken); an empty list is allowed. */
  private list_(close: string): void {
    if (this.is(close)) {
      this.take();
      return;
    }
    for (;;) {
      this.expression();
      if (this.is(',')) this.take();
      else break;
    }
    this.expect(close, `a closing '${close}'`);
  }

  private primary(): void {
    const token = this.next;
    if (token.kind === 'number' || token.kind === 'string' || token.kind === 'name') {
      this.take();
      return;
    }
    if (this.is('(') || this.is('[')) {
      this.take();
      if (this.is(')') || this.is(']')) {
        this.take();
        return;
      }
      this.expression();
      // An interval: [a..b], (a..b), [a..b) or (a..b].
      if (this.is('..')) {
        this.take();
        this.expression();
        if (this.is(']') || this.is(')')) {
          this.take();
          return;
        }
        throw this.unexpected("the interval's closing ']' or ')'");
      }
      if (token.text === '(') {
        this.expect(')', "a closing ')'");
        return;
      }
      while (this.is(',')) {
        this.take();
        this.expression();
      }
      this.expect(']', "a closing ']'");
      return;
    }
    if (this.is('{')) {
      this.take();
      if (this.is('}')) {
        this.take();
        return;
      }
      for (;;) {
        if (this.next.kind !== 'name' && this.next.kind !== 'string') throw this.unexpected("a key of '{ … }'");
        this.take();
        this.expect(':', "the ':' after a key");
        this.expression();
        if (this.is(',')) this.take();
        else break;
      }
      this.expect('}', "a closing '}'");
      return;
    }
    throw this.unexpected('a value');
  }

  /** One test of an input cell: '< 5', '[1..5)', '"A"', or an expression on `$`. */
  unaryTest(): void {
    if (this.next.kind === 'op' && COMPARISONS.has(this.next.text)) {
      const op = this.take().text;
      if (this.atEnd() || this.is(',')) throw this.unexpected(`a value after '${op}'`);
    }
    this.expression();
  }
}

function reasonOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof CellError) return error.message;
    throw error;
  }
}

/**
 * Why an input cell is not a unary test the engine reads, or null: empty (matches anything), a comparison with
 * the column's value ('>= 750'), an interval ('[700..750)'), a value it equals ('"SALARIED"', 'true', 'null'), a
 * list of those separated by commas (any of them), or an expression on `$` ('$ > 5 and $ < 10').
 */
export function inputCellProblem(cell: string): string | null {
  if (cell.trim() === '') return null;
  return reasonOf(() => {
    const parser = new Parser(tokens(cell));
    for (;;) {
      parser.unaryTest();
      if (parser.atEnd()) return;
      parser.expect(',', "a ',' between tests or the end");
    }
  });
}

/** Why an output cell is not an expression the engine reads (a quoted text, a number, a sum…), or null. */
export function outputCellProblem(cell: string): string | null {
  if (cell.trim() === '') return 'an output needs a value';
  return reasonOf(() => {
    const parser = new Parser(tokens(cell));
    parser.expression();
    if (!parser.atEnd()) throw parser.unexpected('the end');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The table's checks, named as the server names them (document.<table>.rules[r].<column>)

type Rule = DecisionTable['rules'][number];

/** The field of a cell as the server's refusals name it. */
export const cellField = (table: DecisionTableName, row: number, column: string) =>
  `document.${table}.rules[${row}].${column}`;

/** 'Row 2 (band-2), Rate % a year' — how a message names a cell. */
export function cellName(table: DecisionTable, row: number, column: string): string {
  const id = table.rules[row]?._id;
  const heading = [...table.inputs, ...table.outputs].find((c) => c.id === column)?.name ?? column;
  return `Row ${row + 1}${id ? ` (${id})` : ''}, ${heading}`;
}

/** The field of a column's label or what it reads, as the server's refusals name it. */
export const columnField = (
  table: DecisionTableName,
  kind: 'inputs' | 'outputs',
  index: number,
  key: 'name' | 'field',
) => `document.${table}.${kind}[${index}].${key}`;

/** The columns' problems the editor can cause: a label empty or used twice in the table, an input reading nothing. */
function columnProblems(name: DecisionTableName, table: DecisionTable): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const labels = new Set<string>();
  const columns = [
    ...table.inputs.map((column, i) => ({ column, kind: 'inputs' as const, i, what: `Input ${i + 1}` })),
    ...table.outputs.map((column, i) => ({ column, kind: 'outputs' as const, i, what: `Output ${i + 1}` })),
  ];
  for (const { column, kind, i, what } of columns) {
    const label = column.name.trim().toLowerCase();
    const field = columnField(name, kind, i, 'name');
    if (label === '') problems.push({ field, reason: `${what} needs a label: it heads the column` });
    else if (labels.has(label))
      problems.push({ field, reason: `${what}: the label ${column.name.trim()} is already another column's` });
    labels.add(label);
  }
  table.inputs.forEach((column, i) => {
    if (!decisionInputField(column.field)) {
      problems.push({
        field: columnField(name, 'inputs', i, 'field'),
        reason: `Input ${i + 1} reads ${column.field}, which the tables cannot read`,
      });
    }
  });
  return problems;
}

/**
 * Every problem of a table, each at its cell's field with a reason naming the row and the column: at least one
 * rule, each rule's id present and unique, every input cell a unary test, every output cell filled and readable.
 */
export function decisionTableProblems(name: DecisionTableName, table: DecisionTable): FieldProblem[] {
  const problems = columnProblems(name, table);
  if (table.rules.length === 0) {
    problems.push({ field: `document.${name}.rules`, reason: 'The table needs at least one rule' });
  }
  const seen = new Set<string>();
  table.rules.forEach((rule, r) => {
    const id = rule._id?.trim() ?? '';
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id)) {
      problems.push({
        field: cellField(name, r, '_id'),
        reason: `Row ${r + 1}: the row id must be letters, digits, '-' or '_' (it names the row in each decision)`,
      });
    } else if (seen.has(id)) {
      problems.push({ field: cellField(name, r, '_id'), reason: `Row ${r + 1}: the row id ${id} is used twice` });
    }
    seen.add(id);
    for (const column of table.inputs) {
      const reason = inputCellProblem(rule[column.id] ?? '');
      if (reason)
        problems.push({ field: cellField(name, r, column.id), reason: `${cellName(table, r, column.id)}: ${reason}` });
    }
    for (const column of table.outputs) {
      const reason = outputCellProblem(rule[column.id] ?? '');
      if (reason)
        problems.push({ field: cellField(name, r, column.id), reason: `${cellName(table, r, column.id)}: ${reason}` });
    }
  });
  return problems;
}

/** The whole document's problems: each of its three tables, then its credit limits. */
export function decisionDocumentProblems(document: DecisionDocument): FieldProblem[] {
  return [
    ...DECISION_TABLES.flatMap(({ name }) => decisionTableProblems(name, document[name])),
    ...creditLimitProblems(document),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Edits: each returns a new document, the others' tables untouched

function withRules(
  document: DecisionDocument,
  name: DecisionTableName,
  change: (rules: Rule[]) => Rule[],
): DecisionDocument {
  return { ...document, [name]: { ...document[name], rules: change([...document[name].rules]) } };
}

/** A row id not yet in the table: 'rule-<n>'. */
export function newRowId(table: DecisionTable): string {
  const ids = new Set(table.rules.map((r) => r._id));
  let n = table.rules.length + 1;
  while (ids.has(`rule-${n}`)) n++;
  return `rule-${n}`;
}

/** A new row after `after` (-1: first): inputs empty (match anything), outputs to be filled. */
export function addRow(document: DecisionDocument, name: DecisionTableName, after: number): DecisionDocument {
  const table = document[name];
  const row: Rule = { _id: newRowId(table) };
  for (const column of [...table.inputs, ...table.outputs]) row[column.id] = '';
  return withRules(document, name, (rules) => {
    rules.splice(after + 1, 0, row);
    return rules;
  });
}

export function removeRow(document: DecisionDocument, name: DecisionTableName, row: number): DecisionDocument {
  return withRules(document, name, (rules) => rules.filter((_, r) => r !== row));
}

/** Moves a row up (-1) or down (1); at either end it stays. With hit policy first, the order decides. */
export function moveRow(
  document: DecisionDocument,
  name: DecisionTableName,
  row: number,
  by: -1 | 1,
): DecisionDocument {
  const to = row + by;
  if (to < 0 || to >= document[name].rules.length) return document;
  return withRules(document, name, (rules) => {
    const [moved] = rules.splice(row, 1);
    if (moved) rules.splice(to, 0, moved);
    return rules;
  });
}

export function setCell(
  document: DecisionDocument,
  name: DecisionTableName,
  row: number,
  column: string,
  value: string,
): DecisionDocument {
  return withRules(document, name, (rules) =>
    rules.map((rule, r) => (r === row ? { ...rule, [column]: value } : rule)),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Column edits: inputs are added, removed, moved, renamed and pointed at another field; outputs are only renamed
// (each is one the decision reads, DECISION_TABLE_OUTPUTS, and the server refuses any other)

type Column = DecisionTable['inputs'][number];

/** At most this many inputs (the contract's limit). */
const MAX_INPUTS = 20;

function withTable(
  document: DecisionDocument,
  name: DecisionTableName,
  change: (table: DecisionTable) => DecisionTable,
): DecisionDocument {
  return { ...document, [name]: change(document[name]) };
}

/** A column id no column of the table has: 'input<n>'. Made once, when the column is added: renaming the column or
 * pointing it at another field keeps it, so its cells stay its own. */
export function newInputId(table: DecisionTable): string {
  const ids = new Set([...table.inputs, ...table.outputs].map((c) => c.id));
  let n = table.inputs.length + 1;
  while (ids.has(`input${n}`)) n++;
  return `input${n}`;
}

/** Why no input can be added, or null. */
export function addInputBlock(table: DecisionTable): string | null {
  return table.inputs.length >= MAX_INPUTS ? `A table has at most ${MAX_INPUTS} inputs` : null;
}

/** A new last input reading `field`, headed `label`; its cells are empty in every row (they match anything). */
export function addInput(
  document: DecisionDocument,
  name: DecisionTableName,
  field: string,
  label: string,
): DecisionDocument {
  return withTable(document, name, (table) => ({
    ...table,
    inputs: [...table.inputs, { id: newInputId(table), name: label.trim(), field }],
  }));
}

/** Why an input cannot be removed, or null: a table reads at least one input. */
export function removeInputBlock(table: DecisionTable): string | null {
  return table.inputs.length <= 1 ? 'A table needs at least one input: add another before removing this one' : null;
}

/** The row ids (or 'row <n>' when a row has none) with a condition in a column: what its removal takes with it. */
export function rowsUsing(table: DecisionTable, columnId: string): string[] {
  return table.rules.flatMap((rule, r) => ((rule[columnId] ?? '').trim() === '' ? [] : [rule._id || `row ${r + 1}`]));
}

/** The input and its cells in every row. */
export function removeInput(document: DecisionDocument, name: DecisionTableName, columnId: string): DecisionDocument {
  return withTable(document, name, (table) => ({
    ...table,
    inputs: table.inputs.filter((c) => c.id !== columnId),
    rules: table.rules.map(({ [columnId]: _gone, ...rule }) => rule as Rule),
  }));
}

const renamed = (columns: Column[], columnId: string, change: Partial<Column>) =>
  columns.map((c) => (c.id === columnId ? { ...c, ...change } : c));

/** A new label for an input or an output (kept as typed: the checks and the save trim it). */
export function renameColumn(
  document: DecisionDocument,
  name: DecisionTableName,
  columnId: string,
  label: string,
): DecisionDocument {
  return withTable(document, name, (table) => ({
    ...table,
    inputs: renamed(table.inputs, columnId, { name: label }),
    outputs: renamed(table.outputs, columnId, { name: label }),
  }));
}

/** An input pointed at another field; its cells stay (the admin reads them again against the new field). */
export function setInputField(
  document: DecisionDocument,
  name: DecisionTableName,
  columnId: string,
  field: string,
): DecisionDocument {
  return withTable(document, name, (table) => ({ ...table, inputs: renamed(table.inputs, columnId, { field }) }));
}

/** Moves an input left (-1) or right (1); at either end it stays. The order is only how the table reads. */
export function moveInput(
  document: DecisionDocument,
  name: DecisionTableName,
  columnId: string,
  by: -1 | 1,
): DecisionDocument {
  const from = document[name].inputs.findIndex((c) => c.id === columnId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= document[name].inputs.length) return document;
  return withTable(document, name, (table) => {
    const inputs = [...table.inputs];
    const [moved] = inputs.splice(from, 1);
    if (moved) inputs.splice(to, 0, moved);
    return { ...table, inputs };
  });
}

/** Why an output's field cannot change and the output cannot go: the decision reads it. */
export function outputLockReason(name: DecisionTableName, column: Column): string {
  const reads = DECISION_TABLE_OUTPUTS[name].join(', ');
  return `Required: the decision reads ${column.field} from this table (it reads ${reads} and nothing else), so it cannot be removed or read another field. Its label can change.`;
}

/** How many rows of a table differ from the version it started from (added, removed, moved or edited). A cell
 * absent is empty: a column added without conditions changes no row; one removed changes the rows that had one. */
function changedRows(before: DecisionTable, after: DecisionTable): number {
  const columns = [
    ...new Set([...before.inputs, ...before.outputs, ...after.inputs, ...after.outputs].map((c) => c.id)),
  ];
  const same = (a: Rule | undefined, b: Rule | undefined) =>
    a !== undefined && b !== undefined && a._id === b._id && columns.every((c) => (a[c] ?? '') === (b[c] ?? ''));
  let changed = 0;
  for (let r = 0; r < Math.max(before.rules.length, after.rules.length); r++) {
    if (!same(before.rules[r], after.rules[r])) changed++;
  }
  return changed;
}

/** The columns' changes of a table: 'input Age (applicant.age) added', 'Bureau score renamed Score'… */
function changedColumns(before: DecisionTable, after: DecisionTable): string[] {
  const changes: string[] = [];
  const was = new Map([...before.inputs, ...before.outputs].map((c) => [c.id, c]));
  const kept = after.inputs.filter((c) => was.has(c.id)).map((c) => c.id);
  for (const column of before.inputs) {
    if (!after.inputs.some((c) => c.id === column.id)) changes.push(`input ${column.name} removed`);
  }
  for (const column of [...after.inputs, ...after.outputs]) {
    const old = was.get(column.id);
    if (!old) {
      changes.push(`input ${column.name.trim()} (${column.field}) added`);
      continue;
    }
    if (old.name !== column.name) changes.push(`${old.name} renamed ${column.name.trim()}`);
    if (old.field !== column.field) changes.push(`${column.name.trim()} reads ${column.field}, was ${old.field}`);
  }
  const order = before.inputs.map((c) => c.id).filter((id) => kept.includes(id));
  if (order.join() !== kept.join()) changes.push('inputs reordered');
  return changes;
}

/** Changes per table, then the credit limits', as the save's confirmation lists them ('Pricing: input Age
 * (applicant.age) added, 1 row changed', 'FOIR cap 50% → 55%'). */
export function documentChanges(before: DecisionDocument, after: DecisionDocument): string[] {
  const tables = DECISION_TABLES.flatMap(({ name, label }) => {
    const n = changedRows(before[name], after[name]);
    const changes = changedColumns(before[name], after[name]);
    if (n > 0) changes.push(`${n} ${n === 1 ? 'row' : 'rows'} changed`);
    return changes.length === 0 ? [] : [`${label}: ${changes.join(', ')}`];
  });
  return [...tables, ...creditLimitChanges(before, after)];
}

/**
 * What changed from an older version to the one in use, as the older version's note says it: the rows changed per
 * table and the FOIR cap ('Pricing: 1 row changed, FOIR cap 55% → 50%'), or that nothing did.
 */
export function olderVersionDifference(older: DecisionDocument, inUse: DecisionDocument, inUseVerNum: number): string {
  const changes = documentChanges(older, inUse);
  return changes.length === 0
    ? `The same tables as version ${inUseVerNum}, the one in use.`
    : `Changed since, in version ${inUseVerNum} (in use): ${changes.join(', ')}.`;
}
