// Reading test counts and failed files out of runner output, for npm test's summary and final 'N passed, N failed' line.

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

/**
 * The test files that failed, each once, in order: from jest ('FAIL src/x.test.ts', also behind lerna's
 * '@originate/web: ' prefix) and node:test's TAP (the `location:` of each 'not ok' test).
 * @param {string} output @param {string} root paths under it are shown relative to it
 */
export function failedTestFiles(output, root) {
  /** @type {Set<string>} */
  const files = new Set();
  let failing = false;
  for (const line of output.split('\n')) {
    const jest = /^(?:\S+:\s+)?FAIL\s+(\S+)/.exec(line)?.[1];
    if (jest) files.add(jest);
    if (/\bnot ok \d+/.test(line)) failing = true;
    const location = /\blocation: '(.+?):\d+:\d+'/.exec(line)?.[1];
    if (failing && location) {
      files.add(location.startsWith(`${root}/`) ? location.slice(root.length + 1) : location);
      failing = false;
    }
  }
  return [...files];
}
