// The engine benchmark (shared/flow-engine/bench/engine.bench.ts) in a child process: its JSON figures
// for full re-validation and one keystroke on the generated 500-field flow.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '@originate/tools/lib/process.mjs';

interface Timing {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

export interface EngineFigures {
  fields: number;
  rules: number;
  formulas: number;
  tableRows: number;
  node: string;
  fullEvaluationMs: Timing;
  keystrokeMs: Timing & { rulesFlippedVisibilityIn: number };
  tableCellMs: Timing;
}

const BENCH = path.join('shared', 'flow-engine', 'bench', 'engine.bench.ts');

function isTiming(value: unknown): value is Timing {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return ['runs', 'p50', 'p95', 'max'].every((k) => typeof t[k] === 'number');
}

/** Runs the engine bench and reads what it wrote; its own output is shown only when it fails. */
export async function engineBench(): Promise<EngineFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'originate-engine-bench-'));
  const out = path.join(dir, 'engine.json');
  try {
    const { code, output } = await runCommand(process.execPath, ['--import', 'tsx', BENCH, out], { quiet: true });
    if (code !== 0) throw new Error(`${BENCH} exited with ${code}:\n${output}`);
    const figures: unknown = JSON.parse(readFileSync(out, 'utf8'));
    const f = figures as Partial<EngineFigures>;
    if (!isTiming(f.fullEvaluationMs) || !isTiming(f.keystrokeMs) || !isTiming(f.tableCellMs))
      throw new Error(`${BENCH} wrote no timings: ${JSON.stringify(figures)}`);
    return figures as EngineFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
