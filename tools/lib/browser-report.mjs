// Reading Playwright's JSON report (e2e/playwright.config.ts writes it) for npm test's summary.
import { existsSync, readFileSync } from 'node:fs';

/**
 * @typedef {{ project: string, title: string, status: string, ms: number, error?: string }} BrowserTest
 *   status: Playwright's outcome of the test: expected, unexpected (failed), flaky (passed on a retry) or skipped.
 *   error: the first lines of a failed run's error, so the summary (the part of the log CI keeps) says why.
 */

const ERROR_LINES = 8;

/** The first lines of the first failed result's error, without colours. @param {any[]} results */
function firstError(results) {
  const message = results.find((r) => r.error?.message)?.error.message;
  if (typeof message !== 'string') return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ANSI colour codes Playwright writes
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, ERROR_LINES)
    .join('\n');
}

/** Every test of the report at `file` (none when there is no report). @param {string} file @returns {BrowserTest[]} */
export function browserTests(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {BrowserTest[]} */
  const found = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const error = test.status === 'unexpected' ? firstError(test.results ?? []) : undefined;
        found.push({
          project: test.projectName,
          title: `${spec.file} › ${[...here, spec.title].join(' › ')}`,
          status: test.status,
          ms: (test.results ?? []).reduce(
            (/** @type {number} */ sum, /** @type {any} */ r) => sum + (r.duration ?? 0),
            0,
          ),
          ...(error === undefined ? {} : { error }),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

/** @param {BrowserTest[]} tests */
export function browserCounts(tests) {
  const count = (/** @type {string[]} */ statuses) => tests.filter((t) => statuses.includes(t.status)).length;
  return { passed: count(['expected', 'flaky']), failed: count(['unexpected']), skipped: count(['skipped']) };
}
