// `npm test` and `npm run test:long`: the server's test files in one process, each file inside its own suite
// (its hooks and tests are scoped to it and run in file order), so a run pays Node's start, the app's imports
// and PGlite's WebAssembly compile once instead of once per file. `--long` runs the three long files
// (kill -9 durability, the fuzz corpus, the drain) instead of the others; file names run only those files;
// `--part=1/2` runs the first of two parts of about the same length (npm test runs both side by side).
// A single file still runs on its own: `node --import tsx --test test/<file>.test.ts`.
import { readdirSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { pathToFileURL } from 'node:url';

const LONG = new Set(['durability.test.ts', 'fuzz.test.ts', 'drain.test.ts']);

/**
 * Seconds a file took in a whole run (2 cores shared with the rest of npm test), for `--part` to balance
 * its parts: a file not named here counts as 6 s. A figure gone stale only unbalances the parts; every
 * file still runs in exactly one of them.
 */
const SECONDS: Record<string, number> = {
  'hardening.test.ts': 79,
  'admin-products.test.ts': 62,
  'approval-matrix.test.ts': 55,
  'file-storage.test.ts': 53,
  'access.test.ts': 50,
  'protocol.test.ts': 45,
  'persistence.test.ts': 38,
  'customer-persistence.test.ts': 35,
  'document-limits.test.ts': 23,
  'applicant-requests.test.ts': 20,
  'restart.test.ts': 10,
  'health.test.ts': 18,
  'lists.test.ts': 17,
  'scale-out.test.ts': 15,
  'users-candidates.test.ts': 14,
  'back-office.test.ts': 14,
  'customer-flow.test.ts': 14,
  'auth.test.ts': 12,
  'callback-request.test.ts': 11,
  'integrations.test.ts': 15,
  'applicant-access.test.ts': 10,
  // Timed alone at a load average of 15-25 (wall × 0.4, checked against their CPU seconds and the entries above).
  'calculations.test.ts': 28,
  'decisions.test.ts': 16,
  'spec-lists.test.ts': 14,
  'spec-back-office.test.ts': 12,
  'spec-configs.test.ts': 9,
  'spec-calls.test.ts': 5,
  'circuit-breaker.test.ts': 1,
};

/** The files of part `index` (1-based) of `count`: the longest first, each to the part with the least so far. */
function partOf(all: readonly string[], index: number, count: number): string[] {
  const parts = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  const longestFirst = [...all].sort((a, b) => (SECONDS[b] ?? 6) - (SECONDS[a] ?? 6) || a.localeCompare(b));
  for (const file of longestFirst) {
    const least = parts.reduce((min, part) => (part.seconds < min.seconds ? part : min));
    least.files.push(file);
    least.seconds += SECONDS[file] ?? 6;
  }
  return (parts[index - 1]?.files ?? []).sort();
}

const args = process.argv.slice(2);
const long = args.includes('--long');
const part = /^--part=(\d+)\/(\d+)$/.exec(args.find((arg) => arg.startsWith('--part=')) ?? '');
const named = args.filter((arg) => !arg.startsWith('--')).map((arg) => path.basename(arg));
const dir = import.meta.dirname;
const all =
  named.length > 0
    ? named
    : readdirSync(dir)
        .filter((file) => file.endsWith('.test.ts') && LONG.has(file) === long)
        .sort();
const files = part ? partOf(all, Number(part[1]), Number(part[2])) : all;
if (files.length === 0) throw new Error(`no test files match ${args.join(' ') || '(all)'}`);

/**
 * CPU seconds so far of this process and of the children it waited for (a server started as a child process):
 * Linux's /proc/self/stat (utime, stime, cutime, cstime in clock ticks of 1/100 s); this process's own where
 * there is no /proc.
 */
function cpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return fields.slice(11, 15).reduce((sum, ticks) => sum + ticks, 0) / 100;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
}

/** Each file's wall and CPU seconds, printed at the end: where the suite waits and where it computes. */
const timings: { file: string; wall: number; cpu: number }[] = [];

for (const file of files) {
  describe(file, async () => {
    let wallStart = 0;
    let cpuStart = 0;
    before(() => {
      wallStart = performance.now();
      cpuStart = cpuSeconds();
    });
    await import(pathToFileURL(path.join(dir, file)).href);
    // Registered after the file's own hooks, so it counts their closing of servers too.
    after(() => {
      timings.push({ file, wall: (performance.now() - wallStart) / 1000, cpu: cpuSeconds() - cpuStart });
    });
  });
}

// At exit, after the reporter's last line (a root `after` hook would print amid its output).
process.once('exit', () => {
  const lines = [...timings]
    .sort((a, b) => b.wall - a.wall)
    .map((t) => `  ${t.wall.toFixed(1).padStart(7)} s ${t.cpu.toFixed(1).padStart(7)} CPU-s  ${t.file}`);
  const total = timings.reduce((sum, t) => ({ wall: sum.wall + t.wall, cpu: sum.cpu + t.cpu }), { wall: 0, cpu: 0 });
  writeSync(
    1,
    `\nserver test files, wall and CPU seconds (slowest first; ${total.wall.toFixed(1)} s, ${total.cpu.toFixed(1)} CPU-s in all):\n${lines.join('\n')}\n`,
  );
});
