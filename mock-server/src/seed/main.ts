// npm run seed: migrates and seeds the configured database (README "Environment"), then exits.
import { IN_MEMORY_DATA_DIR, loadConfig } from '../config';
import { seedDatabase } from '.';

const started = performance.now();
const config = loadConfig();
if (!config.databaseUrl && config.dataDir === IN_MEMORY_DATA_DIR) {
  throw new Error(`DATA_DIR=${IN_MEMORY_DATA_DIR} keeps nothing after this process: start with --seed instead`);
}
await seedDatabase(config);
const where = config.databaseUrl ? 'postgres' : `pglite ${config.dataDir}`;
console.log(`mock-server seeded (db: ${where}; ${Math.round(performance.now() - started)} ms)`);
