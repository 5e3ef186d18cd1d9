import type { Config } from '../config';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export { background } from './pglite';
export type { Db, Queryable } from './types';
export { watchWrites } from './watch-writes';

/** Opens the configured database and brings its schema up to date. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'pgliteSharedBuffersMb'>>,
): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir, config.pgliteSharedBuffersMb);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
