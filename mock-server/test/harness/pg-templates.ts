// Scratch PostgreSQL databases that start seeded: each seed (the settings that shape it) is migrated and seeded
// once per test run into a template database, with its uploads in the run's directory of templates; a test's
// database is then `CREATE DATABASE … TEMPLATE …` (a file copy inside PostgreSQL) and a copy of those uploads.
// Seeding a database over the wire took a minute of round trips (2 CPU-seconds here, 7 in PostgreSQL) per test
// file. A test about migrating and seeding a fresh PostgreSQL database keeps `scratchDatabase` (harness/server.ts).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { seedDatabase } from '../../src/seed';
import { cheapTestPasswords, templatesRoot } from './seeded';
import { PG_HOST, PG_PORT, scratchDatabase } from './server';

// A function, not a constant: test/helpers.ts and harness/server.ts import each other through this file.
const adminUrl = () => `postgres://postgres@${PG_HOST}:${PG_PORT}/postgres`;
/** Template databases carry this prefix, and the run's templates directory as their comment. */
const PREFIX = 'originate_tpl_';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let swept: Promise<void> | undefined;

/**
 * Drops the template databases of runs whose templates directory is gone (a run removes its directory when it
 * ends; a killed one leaves both), once per process, before this run makes its own.
 */
function sweepStale(): Promise<void> {
  swept ??= admin(async (client) => {
    const { rows } = await client.query<{ datname: string; root: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS root FROM pg_database WHERE datname LIKE $1`,
      [`${PREFIX}%`],
    );
    for (const row of rows) {
      if (row.root && existsSync(row.root)) continue;
      await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
  });
  return swept;
}

/** The seed's shape: what makes two seeds differ. */
function shapeOf(env: Record<string, string>): string {
  const config = loadConfig({ NODE_ENV: 'test', ...env, DATA_DIR: 'memory://' });
  return config.nodeEnv === 'production' ? 'production' : `demo_${config.seedApplications}_${config.seedLeads}`;
}

/** How long a process waits for the one seeding a template (seeding takes a minute; a hung seed, for ever). */
const TEMPLATE_WAIT_MS = 10 * 60_000;

/**
 * The template database for `env`'s seed and the directory holding its uploads, made once per run: one
 * process seeds it, another that needs it meanwhile waits (as harness/seeded.ts does for PGlite templates).
 */
async function template(env: Record<string, string>): Promise<{ database: string; dataDir: string }> {
  const root = await templatesRoot();
  const name = shapeOf(env);
  const dir = path.join(root, `pg-${name}`);
  const database = `${PREFIX}${createHash('sha256').update(root).digest('hex').slice(0, 12)}_${name}`;
  const lock = `${dir}.lock`;
  const started = Date.now();
  for (;;) {
    if (existsSync(dir)) return { database, dataDir: dir };
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // Another process seeds it; wait until the directory is there, or seed it here if that one gave up.
    while (!existsSync(dir) && existsSync(lock)) {
      if (Date.now() - started > TEMPLATE_WAIT_MS) {
        throw new Error(`the template database ${database} was not made within 10 minutes by the process seeding it`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await sweepStale();
  const building = await mkdtemp(path.join(root, 'building-pg-'));
  try {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${database}`);
      await client.query(`COMMENT ON DATABASE ${database} IS '${root.replaceAll("'", "''")}'`);
    });
    // Seeded as the test's server would seed it (it then finds the seed done), and closed: a database with a
    // connection cannot be a template.
    const url = `postgres://postgres@${PG_HOST}:${PG_PORT}/${database}`;
    await seedDatabase(loadConfig({ NODE_ENV: 'test', ...env, DATABASE_URL: url, DATA_DIR: building }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await cheapTestPasswords(client);
    } finally {
      await client.end();
    }
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    await rm(lock, { recursive: true, force: true });
    throw error;
  }
  await rename(building, dir);
  return { database, dataDir: dir };
}

/**
 * A scratch database (`drop` removes it) already migrated and seeded as a server configured with `env` would
 * seed it, and a new data directory holding that seed's uploads, for the server's DATA_DIR (`drop` removes it
 * too).
 */
export async function seededScratchDatabase(
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ url: string; dataDir: string; drop(): Promise<void> }> {
  const made = await template(env);
  const database = await scratchDatabase(prefix, made.database);
  const dataDir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  await cp(path.join(made.dataDir, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      // A seed without demo documents writes no uploads.
      if (error.code !== 'ENOENT') throw error;
    },
  );
  return {
    url: database.url,
    dataDir,
    async drop() {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
