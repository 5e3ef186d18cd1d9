// Percentiles of timings (nearest rank, as the engine bench computes them), and a server process's CPU time.
import { readFileSync } from 'node:fs';

/** The value at percentile p of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Clock ticks per second of /proc's CPU figures (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's CPU seconds so far (utime + stime from /proc/<pid>/stat), or NaN where there is no /proc. */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name's closing parenthesis start at the third (a name may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[14 - 3]) + Number(fields[15 - 3])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
