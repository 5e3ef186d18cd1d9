// Redis for several servers on one PostgreSQL (README "Scale-out"): socket.io's adapter carries each
// broadcast to the sockets every server holds, and the per-address rate limits count across servers.
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';

export interface RedisLink {
  /** Commands (the rate limiter's counters) and the adapter's publishing side. */
  client: Redis;
  /** socket.io's adapter, publishing and subscribing under the configured key prefix. */
  socketAdapter: ReturnType<typeof createAdapter>;
  /** The rate limiter's key prefix. */
  rateLimitPrefix: string;
  close(): Promise<void>;
}

/** How long a start waits for Redis before it fails, naming REDIS_URL. */
const CONNECT_TIMEOUT_MS = 5_000;

function ready(redis: Redis, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      redis.disconnect();
      reject(new Error(`REDIS_URL ${url} does not answer: ${error.message}`));
    };
    redis.once('ready', () => {
      redis.off('error', fail);
      resolve();
    });
    redis.once('error', fail);
  });
}

/** Connects both sides (a subscribed connection can issue no other command) or fails start-up. */
export async function openRedis(url: string, keyPrefix: string, log: (error: Error) => void): Promise<RedisLink> {
  // One retry per command: a rate-limit check waits at most one reconnect, never a queue of them.
  const client = new Redis(url, { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  await ready(client, url);
  const subscriber = client.duplicate();
  try {
    await ready(subscriber, url);
  } catch (error) {
    client.disconnect();
    throw error;
  }
  // After start-up a lost connection is retried by ioredis; it is logged, never an unhandled 'error'.
  client.on('error', log);
  subscriber.on('error', log);
  return {
    client,
    socketAdapter: createAdapter(client, subscriber, { key: `${keyPrefix}socket.io` }),
    rateLimitPrefix: `${keyPrefix}rate-limit:`,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
