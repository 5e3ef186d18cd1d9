// The request checks run TypeBox's compiled check first (src/http/bodies.ts) and the interpreted one only for a
// refusal's reasons: the two must agree on every value, or a value the contract refuses could pass. Every schema
// the contract exports, against values made to fit it and values made to break it in one described way.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as contract from '@originate/contract/schemas';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { type JsonSchema, validArb } from './harness/schema';

const schemas = (Object.entries(contract) as [string, unknown][]).filter(
  (entry): entry is [string, TSchema] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    ('type' in entry[1] || 'anyOf' in entry[1] || '$ref' in entry[1]) &&
    !('$ref' in entry[1]),
);

/** One change to a value that fits: a field replaced by any JSON, removed or added, or the whole value replaced. */
const mutation = fc.record({
  kind: fc.constantFrom('replace', 'remove', 'add', 'whole'),
  pick: fc.nat(),
  json: fc.jsonValue({ maxDepth: 2 }),
  key: fc.string({ maxLength: 8 }),
});

function mutate([value, change]: [unknown, { kind: string; pick: number; json: unknown; key: string }]) {
  if (change.kind === 'whole' || typeof value !== 'object' || value === null) return change.json;
  const copy: Record<string, unknown> = Array.isArray(value) ? { ...value } : { ...(value as object) };
  const keys = Object.keys(copy);
  const key = keys.length > 0 ? (keys[change.pick % keys.length] as string) : change.key;
  if (change.kind === 'add') copy[change.key] = change.json;
  else if (change.kind === 'remove') delete copy[key];
  else copy[key] = change.json;
  return Array.isArray(value) ? Object.values(copy) : copy;
}

describe("the compiled check agrees with TypeBox's interpreted one", () => {
  it('finds the contract schemas', () => {
    assert.ok(schemas.length > 100, `only ${schemas.length} schemas found`);
  });

  for (const [name, schema] of schemas) {
    it(name, () => {
      const compiled = Compile(schema);
      const values = fc.oneof(
        validArb(schema as JsonSchema),
        fc.tuple(validArb(schema as JsonSchema), mutation).map(mutate),
      );
      fc.assert(
        fc.property(values, (value) => {
          assert.equal(compiled.Check(value), Value.Check(schema, value), JSON.stringify(value)?.slice(0, 300));
        }),
        { numRuns: 8 },
      );
    });
  }
});
