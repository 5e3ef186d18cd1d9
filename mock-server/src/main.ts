// Starts the server from the environment (see README "Environment"); with --seed it seeds the database
// first (npm start, the supervisor's first start; restarts skip it). Under the supervisor of
// deploy/scripts/lib/system.mjs it also speaks its IPC protocol (README "Supervision").
import { buildApp } from './app';
import { loadConfig } from './config';
import { buildSeededApp } from './seed';

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
