import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { browserCounts, browserTests } from '../lib/browser-report.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'tools-report-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const LINES = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');

/** A Playwright JSON report as e2e writes it: a file suite, a describe, specs with one test per project. */
const REPORT = {
  suites: [
    {
      title: 'auth.spec.ts',
      file: 'auth.spec.ts',
      specs: [
        {
          title: 'logs in',
          file: 'auth.spec.ts',
          tests: [{ projectName: 'side-by-side', status: 'expected', results: [{ duration: 1200 }] }],
        },
      ],
      suites: [
        {
          title: 'session',
          specs: [
            {
              title: 'expires',
              file: 'auth.spec.ts',
              tests: [
                {
                  projectName: 'side-by-side',
                  status: 'unexpected',
                  results: [
                    { duration: 500 },
                    {
                      duration: 700,
                      error: { message: `\u001b[31mError: expect(locator).toHaveValue\u001b[39m\n\n${LINES}` },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'theme.spec.ts',
      file: 'theme.spec.ts',
      specs: [
        {
          title: 'switches',
          file: 'theme.spec.ts',
          tests: [{ projectName: 'exclusive', status: 'skipped', results: [] }],
        },
        {
          title: 'retried',
          file: 'theme.spec.ts',
          tests: [{ projectName: 'exclusive', status: 'flaky', results: [] }],
        },
      ],
    },
  ],
};

describe('browserTests', () => {
  it('lists every test with its project, titled by file and describe, with its time over all results', () => {
    const file = path.join(dir, 'results.json');
    writeFileSync(file, JSON.stringify(REPORT));
    const tests = browserTests(file);
    assert.deepEqual(tests, [
      { project: 'side-by-side', title: 'auth.spec.ts › logs in', status: 'expected', ms: 1200 },
      {
        project: 'side-by-side',
        title: 'auth.spec.ts › session › expires',
        status: 'unexpected',
        ms: 1200,
        // Its first eight lines, blank ones and colours left out: what the summary prints under its title.
        error: ['Error: expect(locator).toHaveValue', ...LINES.split('\n').slice(0, 7)].join('\n'),
      },
      { project: 'exclusive', title: 'theme.spec.ts › switches', status: 'skipped', ms: 0 },
      { project: 'exclusive', title: 'theme.spec.ts › retried', status: 'flaky', ms: 0 },
    ]);
    assert.deepEqual(browserCounts(tests), { passed: 2, failed: 1, skipped: 1 });
  });

  it('finds none where there is no report', () => {
    assert.deepEqual(browserTests(path.join(dir, 'missing.json')), []);
  });
});
