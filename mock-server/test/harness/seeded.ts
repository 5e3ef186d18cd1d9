// Tests start from a seeded copy: each seed (the settings that shape it) is made once per test run into a
// template data directory (PGlite data and uploads) and a dump of its database. A test's server restores
// the dump into an in-memory PGlite (its uploads copied to its own directory): no 45 MB directory copied,
// and no page written to disk through the file system emulation. A test that stops a server and starts
// another on the same data asks for a copy on disk instead.
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, IN_MEMORY_DATA_DIR, loadConfig } from '../../src/config';
import { openPglite } from '../../src/db/pglite';
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
  // One process seeds a template; another that needs it meanwhile (npm test's other server part) waits.
  try {
    await mkdir(`${dir}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return madeByAnother(dir);
  }
  const building = await mkdtemp(path.join(root, 'building-'));
  const env = {
    ...TEST_PGLITE,
    DATA_DIR: building,
    NODE_ENV: config.nodeEnv,
    SEED_APPLICATIONS: String(config.seedApplications),
    SEED_LEADS: String(config.seedLeads),
  };
  await seedDatabase(loadConfig(env));
  const pg = await PGlite.create(building);
  try {
    await writeFile(`${building}.tar`, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pg.close();
  }
  // The dump first: the directory's name is what tells another process both are there.
  await rename(`${building}.tar`, dumpOf(dir));
  await rename(building, dir);
  return dir;
}

/** How long a process waits for the one seeding a template (seeding takes seconds; a crash, for ever). */
const TEMPLATE_WAIT_MS = 10 * 60_000;

async function madeByAnother(dir: string): Promise<string> {
  const started = Date.now();
  while (!existsSync(dir)) {
    if (Date.now() - started > TEMPLATE_WAIT_MS) {
      throw new Error(`the template ${dir} was not made within 10 minutes by the process seeding it`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return dir;
}

const dumpOf = (templateDir: string) => `${templateDir}.tar`;

/** Each template's dump, read once per process. */
const dumps = new Map<string, Promise<Blob>>();

function templateDump(templateDir: string): Promise<Blob> {
  let dump = dumps.get(templateDir);
  if (!dump) {
    dump = readFile(dumpOf(templateDir)).then((bytes) => new Blob([bytes]));
    dumps.set(templateDir, dump);
  }
  return dump;
}

/** Where a test server's database lives: restored in memory, or a copy on disk that outlives the server. */
export type TestDatabase = 'in-memory' | 'on-disk';

/**
 * The app for `config` on seeded data: an empty PGlite data directory gets a copy of the template;
 * PostgreSQL and memory:// are seeded in place (the app then closes the database it was given). Its
 * answers are held to their routes' schemas (harness/answers.ts).
 */
export async function buildSeeded(
  config: Config,
  options: BuildOptions = {},
  database: TestDatabase = 'on-disk',
): Promise<FastifyInstance> {
  let app: FastifyInstance;
  if (!config.databaseUrl && config.dataDir !== IN_MEMORY_DATA_DIR) {
    const present = existsSync(config.dataDir) ? await readdir(config.dataDir) : [];
    if (present.length === 0 && database === 'in-memory' && !options.db) {
      const templateDir = await template(config);
      await cp(path.join(templateDir, 'uploads'), path.join(config.dataDir, 'uploads'), { recursive: true });
      const db = await openPglite(IN_MEMORY_DATA_DIR, config.pgliteSharedBuffersMb, await templateDump(templateDir));
      try {
        app = await buildApp(config, { ...options, db });
      } catch (error) {
        await db.close();
        throw error;
      }
      app.addHook('onClose', () => db.close());
    } else {
      if (present.length === 0) await cp(await template(config), config.dataDir, { recursive: true });
      app = await buildApp(config, options);
    }
  } else {
    app = await buildSeededApp(config, options);
  }
  checkAnswers(app);
  return app;
}
