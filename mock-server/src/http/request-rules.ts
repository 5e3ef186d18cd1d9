// What every route inherits, whoever adds it later (README "Hardening"): a schema for every query
// and body, no text a database cannot hold, bounded nesting, security headers, compression of large
// answers and the per-address rate limiter the auth routes use.
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { closed } from '@originate/contract/schemas';
import type { FastifyInstance, FastifySchema } from 'fastify';
import Type from 'typebox';
import type { RedisLink } from '../platform/redis';
import { invalid, TooManyRequestsError } from './errors';
import { inputProblem } from './input-guard';

/** A route that declares no querystring takes none: `?isAdmin=true` is refused, not ignored. */
const NO_QUERY = Type.Object({}, closed);

/** Installed before any route is registered (onRoute sees every later route). */
export async function installRequestRules(app: FastifyInstance, redis?: RedisLink): Promise<void> {
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema = route.schema ?? {};
    if (!schema.querystring) route.schema = { ...schema, querystring: NO_QUERY };
  });

  app.addHook('preValidation', async (request) => {
    const parts: [unknown, string][] = [
      [request.params, 'params'],
      [request.query, 'query'],
      [request.body, 'body'],
    ];
    for (const [value, root] of parts) {
      const problem = inputProblem(value, root);
      if (problem) throw invalid(problem.label, problem.reason);
    }
    if (request.body !== undefined && !request.routeOptions.schema?.body) {
      throw invalid('body', 'is not accepted by this route');
    }
  });

  await app.register(helmet, {
    // The API answers JSON only: nothing of it may run, load or be framed.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // The back office on another port of the same host reads it with CORS.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  await app.register(rateLimit, {
    global: false,
    // Several servers count in Redis together. Should Redis fail, the per-address limit is skipped rather
    // than refusing every login: the lockout per user name (in the database) still holds.
    ...(redis ? { redis: redis.client, nameSpace: redis.rateLimitPrefix, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** After the {data} envelope hook, so what is compressed is what leaves. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses JSON almost as well as 11 at a fraction of the CPU per response.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
