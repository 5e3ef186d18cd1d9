// Request bodies checked against the shared TypeBox contract in the handler: the {data} envelope
// (AES-CBC keyed by the caller's access token, spec §7) is opened first, then its content checked
// with the same schema the browser uses; every problem is a 400/1101 naming the field.
import { decryptPayload, type SchemaIssue } from '@originate/contract';
import { schemaIssues } from '@originate/contract/schemas';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { invalid, ValidationError } from './errors';

/** {data: 'iv:cipher'} — hex, so its length bounds the plain text at about half. */
export const EnvelopeSchema = Type.Object(
  { data: Type.String({ minLength: 3, maxLength: 8_000_000, pattern: '^[0-9a-fA-F]+:[0-9a-fA-F]+$' }) },
  { additionalProperties: false },
);

const labelOf = (issue: SchemaIssue, root = 'body') => (issue.path === '(root)' ? root : issue.path);

/**
 * Each schema's check compiled to a function the first time a value is checked against it (TypeBox's JIT): the
 * interpreted check walked the schema on every request. Compiled on first use, not at start: a server starts with
 * hundreds of route schemas and most test servers call a few.
 */
const compiled = new WeakMap<TSchema, Validator>();

function fits(schema: TSchema, value: unknown): boolean {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = Compile(schema);
    compiled.set(schema, validator);
  }
  return validator.Check(value);
}

/** A schema's problems with a value as a 400 naming each path and reason (the first 50), or null. */
function refusal(schema: TSchema, value: unknown, root = 'body'): ValidationError | null {
  // Most values fit: only those that do not pay for the shared check's readable reasons.
  if (fits(schema, value)) return null;
  const issues = schemaIssues(schema, value);
  if (issues.length === 0) return null;
  return new ValidationError(issues.slice(0, 50).map((i) => ({ label: labelOf(i, root), reason: i.reason })));
}

/** The value typed by its schema, or a 400 naming each problem. */
export function checked<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const error = refusal(schema, value);
  if (error) throw error;
  return value as Static<S>;
}

/**
 * A route's validatorCompiler that checks params, query and body with the shared schemaIssues instead
 * of Ajv, so a refusal reads as the portal's own check does ('sections[2].sub_sections[0].route_info',
 * 'missing'); the route schema stays the contract's, which the fuzz harness generates input from.
 */
export const contractValidator: FastifySchemaCompiler<TSchema> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const error = refusal(schema, data, httpPart === 'querystring' ? 'query' : (httpPart ?? 'body'));
    return error ? { error } : { value: data };
  };

/** Opens a {data} envelope with the caller's access token and checks what it holds. */
export async function opened<S extends TSchema>(
  request: FastifyRequest,
  envelope: { data: string },
  schema: S,
): Promise<Static<S>> {
  const token = request.headers.access_token;
  if (typeof token !== 'string') throw invalid('data', 'needs the access token that encrypted it');
  let value: unknown;
  try {
    value = await decryptPayload(envelope.data, token);
  } catch {
    throw invalid('data', "cannot be decrypted with the caller's access token");
  }
  return checked(schema, value);
}
