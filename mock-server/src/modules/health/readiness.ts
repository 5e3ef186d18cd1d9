// Readiness (README "Health and drain"): whether this process should get traffic from a load balancer.
import type { NotReadyAnswer, NotReadyReason, ReadyAnswer } from '@originate/contract';
import type { AppContext } from '../../platform/context';

/** How long a probe waits for the database or Redis: a load balancer's probe gives up after a few seconds too. */
const PROBE_TIMEOUT_MS = 2_000;

export interface Probes {
  database: boolean;
  /** Absent without REDIS_URL. */
  redis?: boolean;
  draining: boolean;
}

/** The answer for what the probes found: ready only when every dependency answers and the process is not draining. */
export function readiness(probes: Probes): ReadyAnswer | NotReadyAnswer {
  const reasons: NotReadyReason[] = [];
  if (!probes.database) reasons.push('database');
  if (probes.redis === false) reasons.push('redis');
  if (probes.draining) reasons.push('draining');
  return reasons.length === 0 ? { status: 'ready' } : { status: 'not-ready', reasons };
}

/** Whether `work` resolves within PROBE_TIMEOUT_MS; a failure is logged, naming what failed. */
async function answers(ctx: AppContext, what: NotReadyReason, work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), timeout]);
    return true;
  } catch (error) {
    ctx.log.warn({ err: error }, `readiness: the ${what} does not answer`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Asks the database (a trivial query) and Redis (PING, when configured), then reads the drain state. */
export async function probe(ctx: AppContext): Promise<Probes> {
  const { redis } = ctx;
  const [database, redisAnswers] = await Promise.all([
    answers(ctx, 'database', () => ctx.db.query('SELECT 1')),
    redis ? answers(ctx, 'redis', () => redis.client.ping()) : undefined,
  ]);
  // Read after the probes: a drain that began meanwhile counts.
  return { database, ...(redisAnswers === undefined ? {} : { redis: redisAnswers }), draining: ctx.drain.draining };
}
