// Numbered SQL files in ./migrations, applied in order, each once, recorded in schema_migrations.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Serialises concurrent starts against one PostgreSQL (scale-out). */
const MIGRATION_LOCK_ID = 7_246_001;

/** The migration files in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
}

const UNDEFINED_TABLE = '42P01';

/** The migrations recorded as applied; none on a database that has never been migrated. */
async function recorded(db: Db): Promise<Set<string>> {
  try {
    return new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return new Set();
    throw error;
  }
}

export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  // A restart of an up-to-date database costs one query, no lock and no transaction.
  const seen = await recorded(db);
  const missing = files.filter((f) => !seen.has(f));
  if (missing.length === 0) return [];
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const file of missing) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const appliedNow = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [file]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [file]);
      return true;
    });
    if (appliedNow) applied.push(file);
  }
  return applied;
}
