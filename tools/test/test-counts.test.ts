import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countTests } from '../lib/test-counts.mjs';

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
