// Engine benchmark: a generated 500-field flow (40 page rules, 20 formulas, a 50-row table
// with totals). Measures the full evaluation (createFormState) and one keystroke (setFieldValue on the
// field rules and formulas depend on), p50/p95 over many runs. Figures go in the note; nothing here fails.
// Run: npx tsx bench/engine.bench.ts [out.json]   (or BENCH_OUT=out.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createFormState,
  type FormOptions,
  loadComponentConfigs,
  loadFlowConfig,
  loadPageRules,
  setFieldValue,
  setTableCell,
} from '../src';
import { generateFlow } from './generateFlow';

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const WARMUP = 50;

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function measure(run: (i: number) => void): { runs: number; p50: number; p95: number; max: number } {
  for (let i = 0; i < WARMUP; i++) run(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run(WARMUP + i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    runs: RUNS,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
  };
}

const generated = generateFlow();
// The configuration goes through the same load checks as a server answer.
const components = loadComponentConfigs(generated.components, 'generated components');
loadFlowConfig(generated.flow, 'generated flow', components);
const rules = loadPageRules(generated.rules, 'generated rules', components);
const screen = components[0];
if (!screen) throw new Error('the generator made no component');
const opts: FormOptions = {
  applicantType: 'primary',
  access: 'WRITE',
  editable: true,
  rules,
  options: generated.options,
  today: new Date(),
};

const full = measure(() => {
  createFormState(screen, generated.values, opts);
});

// Typing into the driver: each keystroke appends a digit, wrapping so thresholds are crossed both ways.
let state = createFormState(screen, generated.values, opts);
const typed = ['5', '50', '500', '5000', '50000', '500000', '5000000', '50000', '500', '5'];
let flips = 0;
const keystroke = measure((i) => {
  const before = state.hidden;
  state = setFieldValue(state, generated.driverKey, typed[i % typed.length] ?? '5');
  if (state.hidden !== before) flips++;
});

let cells = createFormState(screen, generated.values, opts);
const cell = measure((i) => {
  cells = setTableCell(cells, generated.tableKey, i % 50, generated.tableColumnKey, String(1000 + (i % 97)));
});

const results = {
  fields: screen.fields.length,
  rules: rules.length,
  formulas: screen.fields.filter((f) => f.formulas).length,
  tableRows: 50,
  node: process.version,
  date: new Date().toISOString(),
  fullEvaluationMs: full,
  keystrokeMs: { ...keystroke, rulesFlippedVisibilityIn: flips },
  tableCellMs: cell,
  target: { keystrokeP95Ms: 2 },
};

console.log(
  `engine benchmark: ${results.fields} fields, ${results.rules} rules, ${results.formulas} formulas, 50-row table`,
);
console.table({
  'full evaluation (createFormState)': full,
  'keystroke on the driver (setFieldValue)': keystroke,
  'table cell with totals (setTableCell)': cell,
});
console.log(`keystroke p95 ${keystroke.p95} ms (target <= 2 ms): ${keystroke.p95 <= 2 ? 'met' : 'NOT met'}`);

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? process.env.BENCH_OUT ?? resolve(here, 'results.json'));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${out}`);
