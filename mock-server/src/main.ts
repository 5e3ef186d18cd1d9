// Starts the server from the environment (see README "Environment"); with --seed it seeds the database
// first (npm start, the supervisor's first start; restarts skip it). Under the supervisor of
// tools/lib/supervise.mjs it also speaks its IPC protocol (README "Supervision").
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Drain, startDrain } from './platform/drain';
import { buildSeededApp } from './seed';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const supervised = process.env.SUPERVISOR_IPC === '1' && typeof process.send === 'function';

/**
 * A warm standby has loaded its code by now (the imports above); it opens nothing (the database
 * belongs to the running server) until the supervisor promotes it, and leaves with its supervisor.
 */
async function standBy(): Promise<void> {
  if (!supervised || process.env.SUPERVISOR_STANDBY !== '1') return;
  const exit = () => process.exit(0);
  process.once('disconnect', exit);
  await new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { supervisor?: unknown } | null)?.supervisor !== 'start') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.({ supervisor: 'standby' });
  });
  process.off('disconnect', exit);
}

await standBy();
const started = performance.now();
const config = loadConfig();
const logger = { level: process.env.LOG_LEVEL || 'warn' };
const app = process.argv.includes('--seed')
  ? await buildSeededApp(config, { logger })
  : await buildApp(config, { logger });
await app.listen({ port: config.port, host: config.host });
const db = config.databaseUrl ? 'postgres' : `pglite ${config.dataDir}`;
console.log(
  `mock-server listening on http://${config.host}:${config.port} (db: ${db}; ready ${Math.round(performance.now() - started)} ms after its code loaded)`,
);
if (supervised) process.send?.({ supervisor: 'serving' });
app.ctx.documentWork.warm();

// The first signal drains (README "Health and drain"); a second closes what is left at once.
let drain: Drain | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (drain) {
      console.log(`mock-server ${signal} while draining: closing what is left now`);
      drain.force();
      return;
    }
    drain = startDrain(app, config.drainTimeoutMs);
    console.log(
      `mock-server draining on ${signal}: not ready, no new connections, ${plural(drain.inFlight, 'request')} in flight, ${plural(drain.sockets, 'socket.io connection')} told to reconnect; what is left is closed after ${config.drainTimeoutMs} ms`,
    );
    drain.done.then(
      (report) => {
        console.log(
          `mock-server drained in ${report.ms} ms: ${plural(report.finished, 'request')} finished, ${report.cut} cut off, ${plural(report.sockets, 'socket.io connection')} told to reconnect; database${config.redisUrl ? ' and Redis' : ''} closed`,
        );
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
