// Seeding is a step of its own (README "Seeds"), never part of buildApp: `npm run seed`, or a start
// with `--seed` (npm start, the supervisor's first start). Each part records what it seeded, so a run
// on a seeded database adds only what is missing or what a changed seed brings.
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import type { Config } from '../config';
import { type Db, openDb } from '../db';
import { seedConsents } from '../modules/consent';
import { openFileStore } from '../modules/documents';
import type { FileStore } from '../platform/context';
import { seedBase } from './base';
import { seedDemo } from './demo';
import { seedFlows } from './flows';
import { seedTemplates } from './templates';

/** The configuration every installation needs, the flows, and outside production the demo bank. */
export async function seed(db: Db, files: FileStore, config: Config, now = new Date()): Promise<void> {
  await seedBase(db, config);
  await seedFlows(db, now);
  await seedTemplates(db, now);
  await seedConsents(db);
  if (config.nodeEnv !== 'production') {
    await seedDemo(db, files, { applications: config.seedApplications, leads: config.seedLeads }, now);
  }
}

/** Opens the configured database (migrated) and file store, and seeds them; the caller closes the database. */
async function openSeeded(config: Config): Promise<{ db: Db; files: FileStore }> {
  const db = await openDb(config);
  const files = openFileStore(config.dataDir, config.applicationStorageQuotaBytes);
  try {
    await seed(db, files, config);
  } catch (error) {
    await db.close();
    throw error;
  }
  return { db, files };
}

/** npm run seed: seeds the configured database and closes it. */
export async function seedDatabase(config: Config): Promise<void> {
  const { db } = await openSeeded(config);
  await db.close();
}

/** The server on the configured data, seeded first (a start with --seed; memory:// too): it closes that database. */
export async function buildSeededApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { db, files } = await openSeeded(config);
  try {
    const app = await buildApp(config, { ...options, db, files });
    app.addHook('onClose', () => db.close());
    return app;
  } catch (error) {
    await db.close();
    throw error;
  }
}
