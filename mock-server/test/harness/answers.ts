// Every answer a test server sends is held to the schema its route declares for that status (README
// "Tests"), as the handler made it, before fast-json-stringify writes it: the serializer leaves out keys
// nobody declared (by design) but also writes a null where a string belongs as "" and "76" where an
// integer belongs as 76, silently. An answer outside its contract is a 500 naming the route and each
// problem, so the test that called the route fails with the reason.
import { ERROR_CODES } from '@originate/contract';
import { schemaIssues } from '@originate/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { HttpError } from '../../src/http/errors';

/** The schema of this status: its own, else its class ('4xx'), else the default. */
function schemaOf(responses: unknown, status: number): TSchema | undefined {
  const byStatus = (responses ?? {}) as Record<string, TSchema | undefined>;
  return byStatus[String(status)] ?? byStatus[`${String(status)[0]}xx`] ?? byStatus.default;
}

export function checkAnswers(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = schemaOf(request.routeOptions.schema?.response, reply.statusCode);
    if (!schema) return payload;
    // What the serializer leaves out is no problem; everything it writes must fit.
    const written = Value.Clean(schema, structuredClone(payload));
    const issues = schemaIssues(schema, written);
    if (issues.length === 0) return payload;
    const problems = issues.map((i) => `${i.path}: ${i.reason}`).join('; ');
    throw new HttpError(500, {
      code: ERROR_CODES.INTERNAL_SERVER_ERROR.code,
      message: `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} outside its schema: ${problems}`,
    });
  });
}
