// A restart on a migrated, seeded database does only the checks it must (README "Supervision"): the
// schema costs one query, and nothing is written again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IN_MEMORY_DATA_DIR } from '../src/config';
import type { Db } from '../src/db';
import { migrate, migrationFiles } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';

/** The statements a Db sees, transactions as one entry each (what the restart pays for). */
function counted(db: Db): { db: Db; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    db: {
      ...db,
      query: (sql, params) => {
        calls.push(`query ${sql}`);
        return db.query(sql, params);
      },
      exec: (sql) => {
        calls.push(`exec ${sql}`);
        return db.exec(sql);
      },
      transaction: (fn) => {
        calls.push('transaction');
        return db.transaction(fn);
      },
    },
  };
}

describe('restart on a migrated database', () => {
  it('applies every migration once on an empty database, then checks the schema with one query', async () => {
    const db = await openPglite(IN_MEMORY_DATA_DIR);
    try {
      assert.deepEqual(await migrate(db), await migrationFiles());
      const probe = counted(db);
      assert.deepEqual(await migrate(probe.db), []);
      assert.deepEqual(probe.calls, ['query SELECT id FROM schema_migrations']);
    } finally {
      await db.close();
    }
  });
});
