// The text rules every request input obeys before its schema (src/http/input-guard.ts): here the query's
// percent-encoding, which the query parser does not check (it keeps a malformed escape as the raw text).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { queryEncodingProblem } from '../src/http/input-guard';

describe('queryEncodingProblem', () => {
  it('accepts well-formed queries, plus signs and astral characters', () => {
    for (const url of [
      '/v3/users',
      '/v3/users?',
      '/v3/users?page=1&size=5&search=asha+patil',
      '/x?q=%F0%9F%98%80&flag',
    ]) {
      assert.equal(queryEncodingProblem(url), null, url);
    }
  });

  it('names the field whose value is not percent-encoded UTF-8', () => {
    for (const raw of ['%FF%FE', '%ED%A0%80', '%', '%E0%A4%A', 'a%zz']) {
      assert.deepEqual(queryEncodingProblem(`/v3/users?page=1&search=${raw}`), {
        label: 'search',
        reason: 'is not well-formed percent-encoded UTF-8',
      });
    }
  });

  it('refuses a malformed field name without echoing it', () => {
    assert.deepEqual(queryEncodingProblem('/v3/users?%FF=1'), {
      label: 'query',
      reason: 'has a field name that is not well-formed percent-encoded UTF-8',
    });
  });
});
