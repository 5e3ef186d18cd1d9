// fast-check arbitraries derived from a route's JSON schema: plausible valid values (so the fuzz gets
// past validation into handlers) and values that break the schema in one known way (so the answer must
// be a refusal). Only the schema subset the routes use is understood; anything else counts as "any JSON".

import fc from 'fast-check';
import { EVIL_STRINGS, NUL, SURROGATE_HIGH } from './strings';

export interface JsonSchema {
  type?: string | readonly string[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: readonly unknown[];
  /** TypeBox literals and their unions (Type.Literal, Type.Union of literals). */
  const?: unknown;
  anyOf?: readonly JsonSchema[];
}

/**
 * TypeBox's literal unions as the enum they mean ({const} and anyOf of consts); other anyOf unions
 * count as "any JSON" (only text rules apply), as unknown keywords always have.
 */
function normal(schema: JsonSchema): JsonSchema {
  if (schema.const !== undefined) return { enum: [schema.const] };
  if (schema.anyOf && schema.anyOf.length > 0 && schema.anyOf.every((b) => b.const !== undefined)) {
    return { enum: schema.anyOf.map((b) => b.const) };
  }
  if (schema.anyOf) return {};
  return schema;
}

/** Field name → values that exist in the demo seed, so generated input reaches real rows. */
export type Hints = Record<string, readonly unknown[]>;

/** A generated input and, when it breaks the schema, how. */
export interface Mutant {
  value: unknown;
  what: string;
}

const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const;

const typesOf = (schema: JsonSchema): string[] => {
  if (schema.enum) return [];
  if (schema.type === undefined) return [...JSON_TYPES];
  const types = [schema.type].flat();
  return types.includes('number') ? [...types, 'integer'] : types;
};

const jsonTypeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v;

function sampleOfType(type: string): unknown {
  switch (type) {
    case 'string':
      return 'x';
    case 'number':
      return 7;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return ['x'];
    default:
      return { x: 1 };
  }
}

function validString(schema: JsonSchema, hint: readonly unknown[] | undefined): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  // A pattern bounds its own length (a sha256 is 64 characters): capping it at 40 as well left nothing to find.
  const own = schema.pattern
    ? fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY))
    : fc.string({ minLength: min, maxLength: Math.min(schema.maxLength ?? 40, 40) });
  const hinted = (hint ?? []).filter((h) => typeof h === 'string');
  return hinted.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...hinted), weight: 3 }, own) : own;
}

/** Values the schema accepts, preferring the hinted (seeded) ones. */
export function validArb(raw: JsonSchema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  const schema = normal(raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const hint = hints[name];
  const options = [schema.type ?? 'any'].flat().map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return validString(schema, hint);
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'integer':
        return fc.integer();
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (hint && hint.length > 0) return fc.constantFrom(...hint);
        const items = validArb(schema.items ?? {}, hints, name);
        const bounds = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) };
        return schema.uniqueItems
          ? fc.uniqueArray(items, { ...bounds, selector: (v) => JSON.stringify(v) })
          : fc.array(items, bounds);
      }
      case 'object': {
        const props = schema.properties ?? {};
        const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validArb(s, hints, k)]));
        return fc.record(model, { requiredKeys: [...(schema.required ?? [])] as never[] });
      }
      default:
        return fc.jsonValue({ maxDepth: 3 });
    }
  });
  return options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
}

/** One deterministic valid value (the base the corpus mutates one position of). */
export function sampleValid(raw: JsonSchema, hints: Hints = {}, name = ''): unknown {
  if (raw.anyOf?.[0] && raw.anyOf.some((b) => b.const === undefined)) return sampleValid(raw.anyOf[0], hints, name);
  const schema = normal(raw);
  if (schema.enum) return schema.enum[0];
  const hint = hints[name];
  if (hint && hint.length > 0) return hint[0];
  const type = [schema.type ?? 'object'].flat()[0];
  if (type === 'object') {
    const props = schema.properties ?? {};
    return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, sampleValid(s, hints, k)]));
  }
  if (type === 'array') return [sampleValid(schema.items ?? {}, hints, name)];
  if (type === 'string' && schema.pattern) {
    const [s] = fc.sample(validString(schema, undefined), { seed: 1, numRuns: 1 });
    return s;
  }
  if (type === 'string') return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  return sampleOfType(type ?? 'object');
}

/** A value of a JSON type the schema does not allow. */
function wrongType(schema: JsonSchema): fc.Arbitrary<Mutant> | null {
  const allowed = typesOf(schema);
  const wrong = JSON_TYPES.filter((t) => !allowed.includes(t) && !(t === 'number' && allowed.includes('integer')));
  if (schema.enum) {
    // A query string or path carries every value as text: boolean true arrives as 'true', which an enum of
    // 'true' and 'false' rightly takes, so a value whose text is in the enum is not outside it.
    const outside = [...JSON_TYPES.map(sampleOfType), 'not-in-enum', ''].filter(
      (v) => !schema.enum?.includes(v) && !schema.enum?.includes(String(v)),
    );
    return fc.constantFrom(...outside).map((value) => ({ value, what: `not one of the enum (${jsonTypeOf(value)})` }));
  }
  if (wrong.length === 0) return null;
  return fc
    .constantFrom(...wrong)
    .chain((t) =>
      fc.constantFrom<unknown>(sampleOfType(t), t === 'number' ? 1e308 : sampleOfType(t), t === 'string' ? '5' : -1),
    )
    .filter((value) => !allowed.includes(jsonTypeOf(value)))
    .map((value) => ({ value, what: `wrong type ${jsonTypeOf(value)}` }));
}

function badStrings(schema: JsonSchema): fc.Arbitrary<Mutant>[] {
  const out: fc.Arbitrary<Mutant>[] = [
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(NUL, SURROGATE_HIGH, '\uDC00'), fc.string({ maxLength: 8 }))
      .map(([a, evil, b]) => ({
        value: a + evil + b,
        what: evil === NUL ? 'string with NUL' : 'string with a lone surrogate',
      })),
  ];
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    out.push(fc.integer({ min: max + 1, max: max + 5000 }).map((n) => ({ value: 'a'.repeat(n), what: 'too long' })));
  }
  if ((schema.minLength ?? 0) > 0) out.push(fc.constant({ value: '', what: 'empty string' }));
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    out.push(
      fc
        .constantFrom('a b', '../x', 'x/y', '%', 'é', '<script>', "x'--", 'a\tb')
        .filter((s) => !re.test(s))
        .map((value) => ({ value, what: 'breaks the pattern' })),
    );
  }
  return out;
}

/**
 * Values that break the schema in exactly one described way (so a 2xx answer is a bug). Recurses into
 * object fields and array items; `hints` keep the unbroken parts plausible.
 */
export function invalidArb(raw: JsonSchema, hints: Hints = {}, depth = 0): fc.Arbitrary<Mutant> {
  const schema = normal(raw);
  const options: fc.Arbitrary<Mutant>[] = [];
  const wrong = wrongType(schema);
  if (wrong) options.push(wrong);
  const type = typesOf(schema);
  if (!schema.enum && type.includes('string')) options.push(...badStrings(schema));
  if (!schema.enum && type.length === 1 && type[0] === 'array' && depth < 4) {
    const items = schema.items ?? {};
    if (schema.maxItems !== undefined) {
      const n = schema.maxItems + 1;
      options.push(fc.constant({ value: Array.from({ length: n }, (_, i) => `x${i}`), what: `${n} items` }));
    }
    if ((schema.minItems ?? 0) > 0) options.push(fc.constant({ value: [], what: 'no items' }));
    options.push(
      fc
        .tuple(fc.array(validArb(items, hints), { maxLength: 2 }), invalidArb(items, hints, depth + 1))
        .map(([ok, bad]) => ({ value: [...ok, bad.value], what: `[${ok.length}]: ${bad.what}` })),
    );
  }
  if (!schema.enum && type.length === 1 && type[0] === 'object' && schema.properties && depth < 4) {
    const props = schema.properties;
    const base = validArb(schema, hints) as fc.Arbitrary<Record<string, unknown>>;
    for (const key of schema.required ?? []) {
      options.push(
        base.map((v) => {
          const { [key]: _gone, ...rest } = v;
          return { value: rest, what: `${key} missing` };
        }),
      );
    }
    if (schema.additionalProperties === false) {
      const extraKey = fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in props)),
        fc.constantFrom('extra', '__proto__', 'constructor', `k${NUL}`, `k${SURROGATE_HIGH}`),
      );
      options.push(
        fc.tuple(base, extraKey, fc.jsonValue({ maxDepth: 2 })).map(([v, k, x]) => {
          const value = { ...v };
          Object.defineProperty(value, k, { value: x, enumerable: true, configurable: true, writable: true });
          return { value, what: `extra field ${JSON.stringify(k)}` };
        }),
      );
    }
    for (const [key, sub] of Object.entries(props)) {
      options.push(
        fc.tuple(base, invalidArb(sub, hints, depth + 1)).map(([v, bad]) => ({
          value: { ...v, [key]: bad.value },
          what: `${key}: ${bad.what}`,
        })),
      );
    }
  }
  if (options.length === 0) {
    // An unconstrained value: only text rules apply.
    return fc.constantFrom(...EVIL_STRINGS.filter((s) => s.refused)).map((s) => ({ value: s.value, what: s.what }));
  }
  return fc.oneof(...options);
}

/** Paths to every string leaf of a value, and to every object (where a key can be added). */
export function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  }
  return [];
}

/** A deep copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, leaf) : v));
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, leaf) };
}

/** 'teams[0]', 'subscription.keys.auth' — the README's label form. */
export const labelOf = (path: readonly (string | number)[]) =>
  path.reduce<string>((l, p) => (typeof p === 'number' ? `${l}[${p}]` : l ? `${l}.${p}` : p), '');
