// The engine benchmark (shared/flow-engine/bench/engine.bench.ts) in a child process: its JSON figures
// for full re-validation and one keystroke on the generated 500-field flow.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '@originate/deploy/scripts/lib/run.mjs';

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
    const child = spawn(process.execPath, ['--import', 'tsx', BENCH, out], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
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
