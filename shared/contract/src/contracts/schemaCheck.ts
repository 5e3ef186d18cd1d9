// One way to check a value against a contract schema, in the browser and in Node: the reasons name
// the path the way a person reads it ('sections[2].sub_sections[0].route_info: missing').
// Value.Errors interprets the schema (no code generation), so it runs under a CSP without 'unsafe-eval'.
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

export interface SchemaIssue {
  /** 'sections[2].sub_sections[0].route_info', or '(root)'. */
  path: string;
  reason: string;
}

export class SchemaError extends Error {
  override name = 'SchemaError';
  constructor(
    readonly source: string,
    readonly issues: SchemaIssue[],
  ) {
    super(`${source}: ${issues.map((i) => `${i.path}: ${i.reason}`).join('; ')}`);
  }
}

/** '/sections/2/sub_sections/0' → 'sections[2].sub_sections[0]'. */
function readablePath(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? '(root)' : out;
}

interface RawError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

function toIssues(error: RawError): SchemaIssue[] {
  if (error.keyword === 'required') {
    const missing = (error.params.requiredProperties as string[] | undefined) ?? [];
    return missing.map((key) => ({ path: readablePath(error.instancePath, key), reason: 'missing' }));
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params.additionalProperties as string[] | undefined) ?? [];
    return extra.map((key) => ({ path: readablePath(error.instancePath, key), reason: 'is not allowed' }));
  }
  // The per-property twin of an additionalProperties error: reported once, above.
  if (error.keyword === 'boolean') return [];
  return [{ path: readablePath(error.instancePath), reason: error.message }];
}

function within(path: string, prefix: string): boolean {
  return prefix === '(root)' || path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

/**
 * Every problem of a value against a schema, paths readable, duplicates removed. A value that fits
 * no branch of a union gets one reason, not one per branch tried.
 */
export function schemaIssues(schema: TSchema, value: unknown): SchemaIssue[] {
  // Check stops at the first problem and builds nothing: most values fit, and only those that do not pay for
  // every error collected.
  if (Value.Check(schema, value)) return [];
  const errors = [...(Value.Errors(schema, value) as Iterable<RawError>)];
  const unions = errors.filter((e) => e.keyword === 'anyOf').map((e) => readablePath(e.instancePath));
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const error of errors) {
    const candidates =
      error.keyword === 'anyOf'
        ? [{ path: readablePath(error.instancePath), reason: 'is not one of the allowed shapes' }]
        : toIssues(error).filter((issue) => !unions.some((u) => within(issue.path, u)));
    for (const issue of candidates) {
      const id = `${issue.path}\u0000${issue.reason}`;
      if (seen.has(id)) continue;
      seen.add(id);
      issues.push(issue);
    }
  }
  return issues;
}

/** The value, typed by its schema; otherwise a SchemaError naming each path and reason. */
export function parseWithSchema<S extends TSchema>(schema: S, value: unknown, source: string): Static<S> {
  const issues = schemaIssues(schema, value);
  if (issues.length > 0) throw new SchemaError(source, issues);
  return value as Static<S>;
}
