// Reading test counts out of runner output, for npm test's final 'N passed, N failed' line.

/**
 * Sums test counts from jest ('Tests: 1 failed, 2 skipped, 12 passed, 15 total') and node:test
 * ('# pass 5' / 'ℹ pass 5', '# fail 0', '# skipped 1', '# todo 0') output. Skipped counts todo too:
 * neither ran.
 * @param {string} output
 */
export function countTests(output) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const line of output.split('\n')) {
    const jest = /Tests:\s+(.*\d+ total)/.exec(line);
    if (jest?.[1]) {
      passed += Number(/(\d+) passed/.exec(jest[1])?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(jest[1])?.[1] ?? 0);
      skipped += Number(/(\d+) skipped/.exec(jest[1])?.[1] ?? 0);
      skipped += Number(/(\d+) todo/.exec(jest[1])?.[1] ?? 0);
      continue;
    }
    const node = /^(?:.*?:\s*)?(?:#|ℹ)\s+(pass|fail|skipped|todo)\s+(\d+)\s*$/.exec(line);
    if (node?.[1] === 'pass') passed += Number(node[2]);
    if (node?.[1] === 'fail') failed += Number(node[2]);
    if (node?.[1] === 'skipped' || node?.[1] === 'todo') skipped += Number(node[2]);
  }
  return { passed, failed, skipped };
}
