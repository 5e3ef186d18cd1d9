// PostgreSQL's named prepared statements (src/db/postgres.ts): each text prepared once per connection and run
// with bound values, in and out of transactions, past the cap on kept statements, after a statement error and
// after a table they read is altered. Skipped with the reason when nothing answers on 127.0.0.1:5432.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db, Queryable } from '../src/db';
import { openPostgres } from '../src/db/postgres';
import { PG_HOST, PG_PORT, pgAnswers, scratchDatabase } from './harness/server';

const pgUp = await pgAnswers();
if (!pgUp) console.log(`# PostgreSQL statements test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);

/** The statements prepared on the connection `q` runs on (a transaction pins one), by text. */
async function preparedTexts(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements WHERE name LIKE $1 ORDER BY prepare_time',
    ['originate\\_%'],
  );
  return rows.map((r) => r.statement);
}

describe('PostgreSQL named prepared statements', {
  skip: pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT}`,
}, () => {
  let db: Db;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  before(async () => {
    database = await scratchDatabase('originate_statements');
    db = await openPostgres(database.url);
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text, at timestamptz, tags text[], doc jsonb)');
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  it('binds values as values, a quote and NULL included, and prepares each text once on a connection', async () => {
    const at = new Date('2026-12-07T01:02:03.456Z');
    const insert = 'INSERT INTO notes (id, body, at, tags, doc) VALUES ($1, $2, $3, $4, $5)';
    await db.query(insert, [1, "it's'); DROP TABLE notes; --", at, ['a', 'b,c'], { n: 1 }]);
    await db.query(insert, [2, null, at, [], null]);
    const select = 'SELECT id, body, at, tags, doc FROM notes WHERE id = $1';
    assert.deepEqual(await db.query(select, [1]), [
      { id: 1, body: "it's'); DROP TABLE notes; --", at, tags: ['a', 'b,c'], doc: { n: 1 } },
    ]);
    await db.transaction(async (tx) => {
      // The same texts again on one connection: each prepared there once, then only bound.
      assert.deepEqual(await tx.query(select, [2]), [{ id: 2, body: null, at, tags: [], doc: null }]);
      assert.deepEqual(await tx.query(select, [2]), [{ id: 2, body: null, at, tags: [], doc: null }]);
      const texts = await preparedTexts(tx);
      assert.equal(texts.filter((t) => t === select).length, 1);
      assert.ok(!texts.some((t) => t.includes('DROP TABLE')), 'values never become statement text');
    });
  });

  it('reports a statement error and keeps the connection and its statements usable', async () => {
    await assert.rejects(db.query('SELECT nope FROM notes WHERE id = $1', [1]), /column "nope" does not exist/);
    await assert.rejects(db.query('SELECT id FROM notes WHERE id = $1', [1, 2]), /bind message supplies 2 parameters/);
    await assert.rejects(
      db.query('INSERT INTO notes (id) VALUES ($1)', [1]),
      /duplicate key value violates unique constraint/,
    );
    // The text that failed to parse is parsed again when asked again (still an error, not "does not exist").
    await assert.rejects(db.query('SELECT nope FROM notes WHERE id = $1', [1]), /column "nope" does not exist/);
    assert.deepEqual(await db.query('SELECT count(*)::int AS n FROM notes WHERE id > $1', [0]), [{ n: 2 }]);
  });

  it('runs prepared statements in a transaction, rolled back when it throws', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [3, 'three']);
        assert.deepEqual(await tx.query('SELECT body FROM notes WHERE id = $1', [3]), [{ body: 'three' }]);
        throw new Error('undo');
      }),
      /undo/,
    );
    assert.deepEqual(await db.query('SELECT body FROM notes WHERE id = $1', [3]), []);
    await db.transaction((tx) => tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [3, 'three']));
    assert.deepEqual(await db.query('SELECT body FROM notes WHERE id = $1', [3]), [{ body: 'three' }]);
  });

  // The texts that failed to parse above hold no name: evicting past them deallocates only what was prepared.
  it('keeps at most 256 statements on a connection, the least recently used deallocated', async () => {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 300; i++) {
        assert.deepEqual(await tx.query(`SELECT $1::int + ${i} AS n`, [1]), [{ n: i + 1 }]);
      }
      const texts = await preparedTexts(tx);
      assert.ok(texts.length <= 256, `${texts.length} statements kept`);
      assert.ok(texts.includes('SELECT $1::int + 299 AS n'));
      assert.ok(!texts.includes('SELECT $1::int + 0 AS n'), 'the least recently used went first');
      // An evicted text is prepared again under a new name.
      assert.deepEqual(await tx.query('SELECT $1::int + 0 AS n', [5]), [{ n: 5 }]);
    });
  });

  it('prepares a statement again when a table it reads changes its columns', async () => {
    const select = 'SELECT * FROM notes WHERE id = $1';
    assert.deepEqual(await db.query(select, [3]), [{ id: 3, body: 'three', at: null, tags: null, doc: null }]);
    await db.exec('ALTER TABLE notes ADD COLUMN extra int');
    assert.deepEqual(await db.query(select, [3]), [
      { id: 3, body: 'three', at: null, tags: null, doc: null, extra: null },
    ]);
    // Inside a transaction the change aborts it (PostgreSQL's error); the statement is prepared anew after.
    await db.transaction((tx) => tx.query(select, [3]));
    await db.exec('ALTER TABLE notes ADD COLUMN more int');
    await assert.rejects(
      db.transaction((tx) => tx.query(select, [3])),
      /cached plan must not change result type/,
    );
    await db.transaction(async (tx) => {
      assert.deepEqual(await tx.query(select, [3]), [
        { id: 3, body: 'three', at: null, tags: null, doc: null, extra: null, more: null },
      ]);
      assert.equal((await preparedTexts(tx)).filter((t) => t === select).length, 1, 'the stale one deallocated');
    });
  });
});
