// Tests start from a seeded copy: each seed (the settings that shape it) is made once per test run into a
// template data directory (PGlite data and uploads), and every server of a test starts on a copy of it.
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, IN_MEMORY_DATA_DIR, loadConfig } from '../../src/config';
import { buildSeededApp, seedDatabase } from '../../src/seed';
import { checkAnswers } from './answers';

/** PGlite with small shared buffers: a test's database is a few MB, and a start takes a third of the time. */
export const TEST_PGLITE = { PGLITE_SHARED_BUFFERS_MB: '16' };

/** Set by test/with-templates.ts for a whole `npm test`; a file run on its own makes its own. */
export const TEMPLATES_ENV = 'MOCK_SERVER_TEST_TEMPLATES';

let ownRoot: string | undefined;

async function templatesRoot(): Promise<string> {
  const shared = process.env[TEMPLATES_ENV];
  if (shared) return shared;
  if (!ownRoot) {
    const root = await mkdtemp(path.join(tmpdir(), 'originate-templates-'));
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    ownRoot = root;
  }
  return ownRoot;
}

/** The seeded template for what shapes a seed: demo bank or not, and how many generated applications. */
async function template(config: Config): Promise<string> {
  const production = config.nodeEnv === 'production';
  const root = await templatesRoot();
  const dir = path.join(root, production ? 'production' : `demo-${config.seedApplications}-${config.seedLeads}`);
  if (existsSync(dir)) return dir;
  const building = await mkdtemp(path.join(root, 'building-'));
  const env = {
    ...TEST_PGLITE,
    DATA_DIR: building,
    NODE_ENV: config.nodeEnv,
    SEED_APPLICATIONS: String(config.seedApplications),
    SEED_LEADS: String(config.seedLeads),
  };
  await seedDatabase(loadConfig(env));
  try {
    await rename(building, dir);
  } catch (error) {
    // Another test process made the same template meanwhile.
    if (!existsSync(dir)) throw error;
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The app for `config` on seeded data: an empty PGlite data directory gets a copy of the template;
 * PostgreSQL and memory:// are seeded in place (the app then closes the database it was given). Its
 * answers are held to their routes' schemas (harness/answers.ts).
 */
export async function buildSeeded(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  let app: FastifyInstance;
  if (!config.databaseUrl && config.dataDir !== IN_MEMORY_DATA_DIR) {
    const present = existsSync(config.dataDir) ? await readdir(config.dataDir) : [];
    if (present.length === 0) await cp(await template(config), config.dataDir, { recursive: true });
    app = await buildApp(config, options);
  } else {
    app = await buildSeededApp(config, options);
  }
  checkAnswers(app);
  return app;
}
