import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTests, failedTestFiles } from '../lib/test-counts.mjs';

describe('countTests', () => {
  it('sums jest summaries and node:test tap and spec totals across packages', () => {
    const output = [
      '@originate/web: Tests:       1 failed, 12 passed, 13 total',
      'Tests:       7 passed, 7 total',
      '# pass 11',
      '# fail 0',
      'ℹ pass 4',
      'ℹ fail 2',
      'ok 3 - not a total line # pass 99',
    ].join('\n');
    assert.deepEqual(countTests(output), { passed: 34, failed: 3, skipped: 0 });
  });

  it('counts skipped and todo tests of both runners', () => {
    const output = [
      '@originate/mock-server: # skipped 7',
      'ℹ todo 1',
      'Tests:       2 skipped, 1 todo, 5 passed, 8 total',
    ].join('\n');
    assert.deepEqual(countTests(output), { passed: 5, failed: 0, skipped: 11 });
  });

  it('counts nothing in output without summaries', () => {
    assert.deepEqual(countTests('webpack compiled successfully'), { passed: 0, failed: 0, skipped: 0 });
  });
});

describe('failedTestFiles', () => {
  it('names the files of jest FAIL lines and of node:test failures (TAP location), each once, under the root', () => {
    const output = [
      '@originate/web: FAIL src/http/client.test.ts',
      '@originate/web: PASS src/ui/ui.test.tsx',
      'not ok 1 - a failing suite',
      "  location: '/repo/mock-server/test/auth.test.ts:12:1'",
      'ok 2 - a passing one',
      "  location: '/repo/mock-server/test/lists.test.ts:3:1'",
      '    not ok 3 - a nested failure',
      "      location: '/repo/mock-server/test/auth.test.ts:40:3'",
      'not ok 4 - elsewhere',
      "  location: '/tmp/outside.test.ts:1:1'",
    ].join('\n');
    assert.deepEqual(failedTestFiles(output, '/repo'), [
      'src/http/client.test.ts',
      'mock-server/test/auth.test.ts',
      '/tmp/outside.test.ts',
    ]);
  });
});
