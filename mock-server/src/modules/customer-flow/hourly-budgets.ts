// Writes per authenticated staff member per hour (not per address: many staff share an office's address),
// counted where @fastify/rate-limit counts: in the process, or in Redis across servers (README "Scale-out").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../http/errors';
import { type AppContext, caller } from '../../platform/context';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
/** Per plugin context and budget: every route spending a budget (and its /debugger copy) shares it (a local store is per limiter). */
const hourlyLimiters = new WeakMap<AppContext, Map<string, Limiter>>();

function perUserHourly(app: FastifyInstance, ctx: AppContext, budget: string, max: number): Limiter {
  const limiters = hourlyLimiters.get(ctx) ?? new Map<string, Limiter>();
  hourlyLimiters.set(ctx, limiters);
  const known = limiters.get(budget);
  if (known) return known;
  const limiter = app.createRateLimit({
    max,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `${budget}:${caller(request).user.userid}`,
  });
  limiters.set(budget, limiter);
  return limiter;
}

/** 429 with Retry-After once the caller's budget is spent, in words naming the limit. */
async function spend(limiter: Limiter, request: FastifyRequest, what: string): Promise<void> {
  const limit = await limiter(request);
  if (!limit.isAllowed && limit.isExceeded) {
    const refused = new TooManyRequestsError(limit.ttlInSeconds);
    refused.body.message = `You may ${what} at most ${limit.max} applications per hour: please try again later.`;
    throw refused;
  }
}

/** Spends one of the caller's copies of the hour (COPIES_PER_USER_PER_HOUR), or refuses with 429. */
export function copyBudget(app: FastifyInstance, ctx: AppContext): (request: FastifyRequest) => Promise<void> {
  const limiter = perUserHourly(app, ctx, 'copy-application', ctx.config.copiesPerUserPerHour);
  return (request) => spend(limiter, request, 'copy');
}

/** Spends one start of the caller's hour, or refuses with 429 (startStaffApplication calls it once its checks pass). */
export type StartBudget = () => Promise<void>;

/**
 * The one budget of STARTS_PER_USER_PER_HOUR, whichever route starts the application (create, a lead's
 * conversion): each hands startStaffApplication the caller's spend.
 */
export function startBudget(app: FastifyInstance, ctx: AppContext): (request: FastifyRequest) => StartBudget {
  const limiter = perUserHourly(app, ctx, 'start-application', ctx.config.startsPerUserPerHour);
  return (request) => () => spend(limiter, request, 'start');
}
