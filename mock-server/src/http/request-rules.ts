// What every route inherits, whoever adds it later (README "Hardening"): a schema for every query
// and body, no text a database cannot hold, bounded nesting, security headers, compression of large
// answers and the per-address rate limiter the auth routes use.
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { isEnvelopedResponsePath } from '@originate/contract';
import { closed, SealedAnswerSchema } from '@originate/contract/schemas';
import type { FastifyInstance, FastifySchema } from 'fastify';
import Type from 'typebox';
import type { RedisLink } from '../platform/redis';
import { invalid, TooManyRequestsError } from './errors';
import { inputProblem, queryEncodingProblem } from './input-guard';

/** A route that declares no querystring takes none: `?isAdmin=true` is refused, not ignored. */
const NO_QUERY = Type.Object({}, closed);

/** Installed before any route is registered (onRoute sees every later route). */
export async function installRequestRules(app: FastifyInstance, redis?: RedisLink): Promise<void> {
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema = route.schema ?? {};
    if (!schema.querystring) route.schema = { ...schema, querystring: NO_QUERY };
  });

  app.addHook('preValidation', async (request) => {
    const encoding = queryEncodingProblem(request.raw.url ?? '');
    if (encoding) throw invalid(encoding.label, encoding.reason);
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

/** How answers are compressed; `zlibStrategy` as zlib's strategy for gzip. */
function compression(zlibStrategy: number) {
  return {
    threshold: 1024,
    encodings: ['br' as const, 'gzip' as const],
    // The fastest levels: on a 47 KB calculator answer brotli 1 is 2% larger than 4 and gzip 1 8% larger than the
    // default 6, each at about a quarter of the CPU (mock-server README "Hardening").
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1, strategy: zlibStrategy },
    // An answer already in memory up to 128 KiB (a 600-month schedule is about 80) is compressed in one call:
    // a zlib stream per answer cost about four times the compression itself in CPU (calculator bench), and
    // one call on a 128 KiB answer holds the event loop about a millisecond. Larger answers still stream.
    syncThreshold: 128 * 1024,
  };
}

/**
 * After the {data} envelope hook, so what is compressed is what leaves. A sealed answer is the hex of ciphertext:
 * nothing repeats for gzip's matching to find, only 16 characters for its Huffman codes to shorten, so gzip codes
 * it Huffman only (a 41 KB list answer: 22.5 -> 21.2 KB, a quarter of the CPU); brotli 1 is as quick either way.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  const sealed = compression(zlib.Z_HUFFMAN_ONLY);
  app.addHook('onRoute', (route) => {
    const answer = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
    if (route.compress === undefined && (isEnvelopedResponsePath(route.url) || answer === SealedAnswerSchema)) {
      route.compress = sealed;
    }
  });
  await app.register(compress, compression(zlib.Z_DEFAULT_STRATEGY));
}
