// Tests start from a seeded copy: each seed (the settings that shape it) is made once per test run into a
// template data directory (PGlite data and uploads) and a dump of its database. A test's server restores
// the dump into an in-memory PGlite (its uploads copied to its own directory): no 45 MB directory copied,
// and no page written to disk through the file system emulation. A test that stops a server and starts
// another on the same data asks for a copy on disk instead.
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, IN_MEMORY_DATA_DIR, loadConfig } from '../../src/config';
import type { Db } from '../../src/db';
import { openPglite } from '../../src/db/pglite';
import { hashPassword } from '../../src/modules/auth';
import { buildSeededApp, seedDatabase } from '../../src/seed';
import { USERS } from '../../src/seed/people';
import { checkAnswers } from './answers';
import { TEMPLATES_ENV } from './templates-env';

/** PGlite with small shared buffers: a test's database is a few MB, and a start takes a third of the time. */
export const TEST_PGLITE_SHARED_BUFFERS_MB = 16;
export const TEST_PGLITE = { PGLITE_SHARED_BUFFERS_MB: String(TEST_PGLITE_SHARED_BUFFERS_MB) };

/** scrypt's N for the demo users' passwords in the tests' templates; the server hashes at its own (16384). */
const TEST_PASSWORD_COST = 16;

/**
 * Gives a seeded template's demo users hashes of their own passwords at TEST_PASSWORD_COST: the suite logs in
 * hundreds of times, and each login verifying the server's N spent 44 ms of CPU in scrypt. A login still
 * checks the password against its hash (a hash carries its N); tests of fresh seeds and of a password reset
 * hold the server to its N (hardening.test.ts, password-reset.test.ts).
 */
export async function cheapTestPasswords(db: {
  query(sql: string, params: unknown[]): Promise<unknown>;
}): Promise<void> {
  for (const user of USERS) {
    await db.query('UPDATE users SET password_hash = $2 WHERE username = $1', [
      user.username,
      await hashPassword(user.password, TEST_PASSWORD_COST),
    ]);
  }
}

let ownRoot: string | undefined;

/** The run's directory of templates (test/with-templates.ts gives one); a file run on its own makes its own. */
export async function templatesRoot(): Promise<string> {
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
  const lock = `${dir}.lock`;
  try {
    await mkdir(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return madeByAnother(config, dir, lock);
  }
  const building = await mkdtemp(path.join(root, 'building-'));
  try {
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
      await cheapTestPasswords(pg);
      await writeFile(`${building}.tar`, await restorableDump(pg));
    } finally {
      await pg.close();
    }
  } catch (error) {
    // A failed seed frees the template at once: a process waiting for it seeds it itself (and meets the error).
    await rm(building, { recursive: true, force: true });
    await rm(`${building}.tar`, { force: true });
    await rm(lock, { recursive: true, force: true });
    throw error;
  }
  // The dump first: the directory's name is what tells another process both are there.
  await rename(`${building}.tar`, dumpOf(dir));
  await rename(building, dir);
  return dir;
}

/** How long a process waits for the one seeding a template (seeding takes seconds; a hung seed, for ever). */
const TEMPLATE_WAIT_MS = 10 * 60_000;

async function madeByAnother(config: Config, dir: string, lock: string): Promise<string> {
  const started = Date.now();
  while (!existsSync(dir)) {
    // The seeding process failed and gave the template up: seed it here.
    if (!existsSync(lock)) return template(config);
    if (Date.now() - started > TEMPLATE_WAIT_MS) {
      throw new Error(`the template ${dir} was not made within 10 minutes by the process seeding it`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return dir;
}

/** A dump of `pg`'s data directory that a restore starts from quickly. */
async function restorableDump(pg: PGlite): Promise<Uint8Array> {
  // A checkpoint first: a restore then replays no WAL. After a switch to a new WAL segment, so that the
  // checkpoint lies at its start: ending past three quarters of a segment, every restore's start wrote the
  // next 16 MB segment out in 8 kB pieces (a third of its CPU). Old segments are removed, not kept for reuse.
  await pg.exec('SET wal_recycle = off');
  await pg.query('SELECT pg_switch_wal()');
  await pg.exec('CHECKPOINT');
  return withoutEmptyWalSegments(new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()));
}

let emptyCluster: Promise<Blob> | undefined;

/**
 * A new empty in-memory PGlite (nothing migrated), with the tests' small shared buffers: a restore of a dump
 * of a fresh cluster, made once per process, costs a fraction of the initdb every new in-memory PGlite runs.
 */
export async function emptyPglite(): Promise<Db> {
  emptyCluster ??= (async () => {
    const pg = await PGlite.create();
    try {
      const bytes = await restorableDump(pg);
      return new HeldDump(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    } finally {
      await pg.close();
    }
  })();
  return openPglite(IN_MEMORY_DATA_DIR, TEST_PGLITE_SHARED_BUFFERS_MB, await emptyCluster);
}

const TAR_BLOCK = 512;

/**
 * A tar of a data directory without its WAL segments that hold only zero bytes: PostgreSQL makes the next 16 MB
 * segment ahead of need, and every test server's restore would copy it into memory for nothing (it is made again
 * when needed; the checkpoint a restore starts from lies in a segment with records).
 */
function withoutEmptyWalSegments(tar: Uint8Array): Uint8Array {
  const field = (header: Uint8Array, from: number, to: number) =>
    Buffer.from(header.subarray(from, to))
      .toString('latin1')
      .replace(/\0[\s\S]*$/, '');
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + TAR_BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + TAR_BLOCK);
    // Two blocks of zeros end the archive.
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 500);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    const end = offset + TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    const data = tar.subarray(offset + TAR_BLOCK, offset + TAR_BLOCK + size);
    const emptySegment = /(^|\/)pg_wal\/[0-9A-F]{24}$/.test(name) && data.every((byte) => byte === 0);
    if (!emptySegment) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(new Uint8Array(2 * TAR_BLOCK));
  return Buffer.concat(kept);
}

const dumpOf = (templateDir: string) => `${templateDir}.tar`;

/**
 * A dump held in memory, handed to PGlite as the Blob it restores from: its bytes are read once per process and
 * given as they are (PGlite reads them and copies each file out), not streamed out of a Blob again at every
 * restore, which cost a fifth of a test server's start.
 */
class HeldDump extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** Each template's dump, read once per process. */
const dumps = new Map<string, Promise<Blob>>();

function templateDump(templateDir: string): Promise<Blob> {
  let dump = dumps.get(templateDir);
  if (!dump) {
    dump = readFile(dumpOf(templateDir)).then(
      (bytes) => new HeldDump(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
    );
    dumps.set(templateDir, dump);
  }
  return dump;
}

/**
 * A new data directory holding a copy of the seeded template for a server started with `env` the way
 * harness/server.ts's spawnServer starts one (NODE_ENV=test): its `--seed` then finds the seed done.
 */
export async function seededDataDir(env: Record<string, string> = {}): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'originate-seeded-'));
  const config = loadConfig({ ...TEST_PGLITE, NODE_ENV: 'test', ...env, DATA_DIR: dataDir });
  await cp(await template(config), dataDir, { recursive: true });
  return dataDir;
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
