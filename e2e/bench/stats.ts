// Percentiles of timings (nearest rank, as the engine bench computes them).

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
