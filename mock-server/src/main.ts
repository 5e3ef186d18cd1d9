// Starts the server from the environment (see README "Environment").
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config, { logger: { level: process.env.LOG_LEVEL || 'warn' } });
await app.listen({ port: config.port, host: config.host });
const db = config.databaseUrl ? 'postgres' : `pglite ${config.dataDir}`;
console.log(`mock-server listening on http://${config.host}:${config.port} (db: ${db})`);

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
