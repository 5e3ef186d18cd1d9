// A restart on a migrated, seeded database does only the checks it must (README "Supervision"): the
// schema costs one query, and nothing is written again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Db } from '../src/db';
import { migrate, migrationFiles } from '../src/db/migrate';
import { seedBase } from '../src/seed/base';
import { emptyPglite } from './harness/seeded';

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
    const db = await emptyPglite();
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

describe('restart on a seeded database', () => {
  const portal = { customerPortalUrl: 'http://127.0.0.1:3000/newapplication', customerPortalUrlExplicit: false };

  it('the base seed costs one query once this code seeded the database; an explicit portal URL is still applied', async () => {
    const db = await emptyPglite();
    try {
      await migrate(db);
      await seedBase(db, portal);
      const probe = counted(db);
      await seedBase(probe.db, portal);
      assert.deepEqual(probe.calls, ["query SELECT value FROM meta WHERE key = 'base_seed'"]);

      const explicit = { customerPortalUrl: 'https://portal.example/newapplication', customerPortalUrlExplicit: true };
      await seedBase(db, explicit);
      const [domain] = await db.query<{ value: unknown }>(
        "SELECT value FROM configs WHERE type = 'Environment' AND name = 'Domain'",
      );
      assert.deepEqual(domain?.value, [{ customerportal: explicit.customerPortalUrl }]);
    } finally {
      await db.close();
    }
  });

  it('a database seeded by other code (no or another fingerprint) gets what is missing, and keeps what was edited', async () => {
    const db = await emptyPglite();
    try {
      await migrate(db);
      await seedBase(db, portal);
      await db.query('DELETE FROM table_configs WHERE id = (SELECT min(id) FROM table_configs)');
      await db.query("UPDATE configs SET value = $1::jsonb WHERE name = 'Configurations'", [
        JSON.stringify({ chatbotScriptUrl: 'https://bot.example/x.js' }),
      ]);
      await db.query("UPDATE meta SET value = 'older code' WHERE key = 'base_seed'");
      const [before] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM table_configs');
      await seedBase(db, portal);
      const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM table_configs');
      assert.equal(after?.n, (before?.n ?? 0) + 1);
      const [config] = await db.query<{ value: unknown }>("SELECT value FROM configs WHERE name = 'Configurations'");
      assert.deepEqual(config?.value, { chatbotScriptUrl: 'https://bot.example/x.js' });
    } finally {
      await db.close();
    }
  });
});
