// Request bodies checked against the shared TypeBox contract in the handler: the {data} envelope
// (AES-CBC keyed by the caller's access token, spec §7) is opened first, then its content checked
// with the same schema the browser uses; every problem is a 400/1101 naming the field.
import { decryptPayload, type SchemaIssue, schemaIssues } from '@originate/shared/node';
import type { FastifyRequest } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { invalid, ValidationError } from '../errors';

/** {data: 'iv:cipher'} — hex, so its length bounds the plain text at about half. */
export const EnvelopeSchema = Type.Object(
  { data: Type.String({ minLength: 3, maxLength: 8_000_000, pattern: '^[0-9a-fA-F]+:[0-9a-fA-F]+$' }) },
  { additionalProperties: false },
);

const labelOf = (issue: SchemaIssue) => (issue.path === '(root)' ? 'body' : issue.path);

/** The value typed by its schema, or a 400 naming each problem. */
export function checked<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const issues = schemaIssues(schema, value);
  if (issues.length > 0) {
    throw new ValidationError(issues.slice(0, 50).map((i) => ({ label: labelOf(i), reason: i.reason })));
  }
  return value as Static<S>;
}

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
