// One decision table evaluated by @gorules/zen-engine (the JDM decision-table format): each table of a product's
// decision becomes a graph of input → table → output, compiled once per version and kept. The graphs hold decision
// tables only (no function or HTTP nodes) and the engine has no loader, so a table reads nothing but its inputs.
import { evaluateExpressionSync, evaluateUnaryExpressionSync, type ZenDecision, ZenEngine } from '@gorules/zen-engine';
import { DECISION_INPUT_FIELDS, type DecisionTable, decisionInputField } from '@originate/contract';

type Problem = { label: string; reason: string };

const engine = new ZenEngine();

/** Compiled tables, by product, decision, version and table: versions never change, so an entry never goes stale. */
const compiled = new Map<string, ZenDecision>();
/** Enough for every table of every product's recent versions; past it the oldest entry goes. */
const COMPILED_LIMIT = 500;

/**
 * An output column of our own on every graph: each row gives its index, so a result names the rows that fired
 * without the engine's trace (which copies every input it read, about a third of an evaluation's cost). A table's
 * own column ids start with a letter and its outputs are the contract's fields, so neither is ever this one.
 */
const FIRED_ROW = '__firedRow';

/** The engine's graph of one table; a cell left out is empty (matches anything), as the editor shows it. */
function graphOf(table: DecisionTable) {
  const at = { x: 0, y: 0 };
  const empty = Object.fromEntries(table.inputs.map((column) => [column.id, '']));
  const content = {
    ...table,
    outputs: [...table.outputs, { id: FIRED_ROW, name: FIRED_ROW, field: FIRED_ROW }],
    rules: table.rules.map((rule, index) => ({ ...empty, ...rule, [FIRED_ROW]: String(index) })),
  };
  return {
    nodes: [
      { id: 'inputs', type: 'inputNode', name: 'Inputs', position: at },
      { id: 'table', type: 'decisionTableNode', name: 'Table', position: at, content },
      { id: 'outputs', type: 'outputNode', name: 'Outputs', position: at },
    ],
    edges: [
      { id: 'inputs-table', sourceId: 'inputs', targetId: 'table', type: 'edge' },
      { id: 'table-outputs', sourceId: 'table', targetId: 'outputs', type: 'edge' },
    ],
  };
}

function decisionOf(key: string, table: DecisionTable): ZenDecision {
  let decision = compiled.get(key);
  if (!decision) {
    decision = engine.createDecision(graphOf(table));
    if (compiled.size >= COMPILED_LIMIT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, decision);
  }
  return decision;
}

export interface TableResult {
  /** The outputs of each row that fired, in row order (one at most for hit policy first). */
  rows: Record<string, unknown>[];
  /** Each fired row's `_id` and index. */
  fired: { rowId: string; index: number }[];
}

/** The table on the inputs: the outputs of the rows that fired and which rows they were. */
export async function evaluateTable(key: string, table: DecisionTable, inputs: unknown): Promise<TableResult> {
  const response = await decisionOf(key, table).evaluate(inputs);
  const result = response.result as Record<string, unknown> | Record<string, unknown>[] | null;
  // Hit policy first answers one row's outputs, or {} when none fired; collect answers a list.
  const answered = Array.isArray(result) ? result : result ? [result] : [];
  const rows: Record<string, unknown>[] = [];
  const fired: TableResult['fired'] = [];
  for (const { [FIRED_ROW]: index, ...outputs } of answered) {
    if (typeof index !== 'number') continue;
    rows.push(outputs);
    fired.push({ rowId: String(table.rules[index]?._id ?? index), index });
  }
  return { rows, fired };
}

/** The engine's own parser's complaint about a cell (never its run-time type errors: inputs are null here). */
function parseProblem(cell: string, unary: boolean): string | null {
  try {
    if (unary) evaluateUnaryExpressionSync(cell, { $: null });
    else evaluateExpressionSync(cell, {});
    return null;
  } catch (error) {
    const text = String(error instanceof Error ? error.message : error);
    if (!/parserError|lexerError/.test(text)) return null;
    const source = /"source":"([^"]*)"/.exec(text)?.[1];
    return `is not an expression the engine reads: ${source ?? text.split('\n')[0]}`;
  }
}

/** The columns' problems: ids unique across the table, labels filled and unique, inputs reading what the tables
 * can read, and the outputs exactly the ones the decision reads (an extra one would be kept nowhere). */
function columnProblems(at: string, table: DecisionTable, outputs: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const columns = [
    ...table.inputs.map((column, i) => ({ column, where: `${at}.inputs[${i}]` })),
    ...table.outputs.map((column, i) => ({ column, where: `${at}.outputs[${i}]` })),
  ];
  const ids = new Set<string>();
  const labels = new Set<string>();
  for (const { column, where } of columns) {
    if (ids.has(column.id)) problems.push({ label: `${where}.id`, reason: `column id ${column.id} is used twice` });
    ids.add(column.id);
    const label = column.name.trim().toLowerCase();
    if (label === '') problems.push({ label: `${where}.name`, reason: 'a column needs a label' });
    else if (labels.has(label))
      problems.push({ label: `${where}.name`, reason: `the label ${column.name.trim()} is used twice in this table` });
    labels.add(label);
  }
  table.inputs.forEach((column, i) => {
    if (!decisionInputField(column.field)) {
      problems.push({
        label: `${at}.inputs[${i}].field`,
        reason: `${column.field} is not an input the tables can read (${DECISION_INPUT_FIELDS.map((f) => f.field).join(', ')})`,
      });
    }
  });
  const given = new Set<string>();
  table.outputs.forEach((column, i) => {
    const label = `${at}.outputs[${i}].field`;
    if (!outputs.includes(column.field)) {
      problems.push({
        label,
        reason: `${column.field} is not an output of this table: it gives ${outputs.join(', ')} and nothing else (the decision reads only these)`,
      });
    } else if (given.has(column.field)) problems.push({ label, reason: `the output ${column.field} is given twice` });
    given.add(column.field);
  });
  for (const field of outputs) {
    if (!given.has(field)) problems.push({ label: `${at}.outputs`, reason: `needs an output with field ${field}` });
  }
  return problems;
}

/**
 * A table's problems, each {label, reason} under `at` (e.g. document.pricing): its columns (columnProblems), rows
 * without an `_id`, cells of no column (a removed column's cells go with it: the editor drops them) or that do not
 * parse.
 */
export function tableProblems(at: string, table: DecisionTable, outputs: readonly string[]): Problem[] {
  const problems = columnProblems(at, table, outputs);
  const inputIds = new Set(table.inputs.map((c) => c.id));
  const outputIds = new Set(table.outputs.map((c) => c.id));
  const rowIds = new Set<string>();
  table.rules.forEach((rule, r) => {
    const rowId = rule._id;
    if (!rowId) problems.push({ label: `${at}.rules[${r}]._id`, reason: 'missing: each row needs an id' });
    else if (rowIds.has(rowId)) problems.push({ label: `${at}.rules[${r}]._id`, reason: `${rowId} is used twice` });
    else rowIds.add(rowId);
    for (const [column, cell] of Object.entries(rule)) {
      if (column === '_id') continue;
      const label = `${at}.rules[${r}].${column}`;
      if (!inputIds.has(column) && !outputIds.has(column)) {
        problems.push({ label, reason: 'names no column of the table: a removed column takes its cells with it' });
        continue;
      }
      const unary = inputIds.has(column);
      if (!unary && cell.trim() === '') {
        problems.push({ label, reason: 'an output needs a value' });
        continue;
      }
      if (cell.trim() === '') continue;
      const problem = parseProblem(cell, unary);
      if (problem) problems.push({ label, reason: problem });
    }
    for (const output of table.outputs) {
      if (!(output.id in rule))
        problems.push({ label: `${at}.rules[${r}].${output.id}`, reason: 'missing: an output needs a value' });
    }
  });
  return problems;
}
