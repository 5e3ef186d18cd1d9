// CPU time of one loan's cost with a 360-month schedule (the work of /calculations/calculate), in µs: the median
// of batches, from process.cpuUsage, so other processes on a loaded machine count less than in wall-clock time.
// Given a git ref, the loanCost.ts of that ref runs interleaved with the current one in the same process, batch
// for batch, so both see the same load:   npx tsx bench/loanCost.bench.ts [ref]
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LoanTerms, loanCost } from '../src/rules/loanCost';

const TERMS: LoanTerms[] = [
  { amount: 2_500_000, annualRatePercent: 8.5, tenureMonths: 360 },
  { amount: '7654321.09', annualRatePercent: '9.125', tenureMonths: 360 },
  {
    amount: 4_000_000,
    annualRatePercent: 10.35,
    tenureMonths: 360,
    charges: [{ name: 'Processing fee', amount: 10_000, taxPercent: 18 }],
  },
];
const BATCHES = 15;
const CALLS_PER_BATCH = 30;

type Cost = (terms: LoanTerms) => unknown;

function batchMicros(cost: Cost): number {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS_PER_BATCH; i++) cost(TERMS[i % TERMS.length] as LoanTerms);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS_PER_BATCH;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const ref = process.argv[2];
  const runs: { name: string; cost: Cost; micros: number[] }[] = [{ name: 'current', cost: loanCost, micros: [] }];
  // The baseline beside this file, so it resolves decimal.js as the current code does; removed afterwards.
  const baselineFile = join(import.meta.dirname, `.baseline-${process.pid}.ts`);
  try {
    if (ref) {
      const source = execFileSync('git', ['show', `${ref}:./src/rules/loanCost.ts`], {
        cwd: join(import.meta.dirname, '..'),
        encoding: 'utf8',
      });
      writeFileSync(baselineFile, source);
      const baseline: { loanCost: Cost } = await import(baselineFile);
      runs.push({ name: ref, cost: baseline.loanCost, micros: [] });
    }
    for (const run of runs) for (let i = 0; i < 3; i++) batchMicros(run.cost);
    for (let batch = 0; batch < BATCHES; batch++) for (const run of runs) run.micros.push(batchMicros(run.cost));
  } finally {
    rmSync(baselineFile, { force: true });
  }
  for (const run of runs) {
    console.log(`${run.name}: ${median(run.micros).toFixed(0)} µs CPU per 360-month loanCost (median of ${BATCHES})`);
  }
}

await main();
