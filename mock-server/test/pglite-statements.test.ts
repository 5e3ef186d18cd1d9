// PGlite's prepared statements (src/db/pglite.ts): each text prepared once and run with bound values, what
// PGlite's own query answered, in and out of transactions, past the cap on kept statements and after a table
// they read is altered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../src/db';
import { emptyPglite } from './harness/seeded';

describe('PGlite prepared statements', () => {
  let db: Db;
  before(async () => {
    db = await emptyPglite();
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text, at timestamptz, tags text[], doc jsonb)');
  });
  after(() => db.close());

  it('binds values as values, a quote and NULL included, and parses each column by its type', async () => {
    const at = new Date('2026-12-07T01:02:03.456Z');
    await db.query('INSERT INTO notes (id, body, at, tags, doc) VALUES ($1, $2, $3, $4, $5)', [
      1,
      "it's'); DROP TABLE notes; --",
      at,
      ['a', 'b,c'],
      { n: 1 },
    ]);
    await db.query('INSERT INTO notes (id, body, at, tags, doc) VALUES ($1, $2, $3, $4, $5)', [2, null, at, [], null]);
    const rows = await db.query('SELECT id, body, at, tags, doc FROM notes WHERE id = $1', [1]);
    assert.deepEqual(rows, [{ id: 1, body: "it's'); DROP TABLE notes; --", at, tags: ['a', 'b,c'], doc: { n: 1 } }]);
    // The same text again, another value: the statement prepared above, bound anew.
    assert.deepEqual(await db.query('SELECT id, body, at, tags, doc FROM notes WHERE id = $1', [2]), [
      { id: 2, body: null, at, tags: [], doc: null },
    ]);
    assert.deepEqual(await db.query('UPDATE notes SET body = $2 WHERE id = $1', [2, 'two']), []);
  });

  it('reports a statement error with its text and leaves the database usable', async () => {
    await assert.rejects(db.query('SELECT nope FROM notes WHERE id = $1', [1]), /column "nope" does not exist/);
    await assert.rejects(db.query('SELECT id FROM notes WHERE id = $1', [1, 2]), /bind message supplies 2 parameters/);
    await assert.rejects(
      db.query('INSERT INTO notes (id) VALUES ($1)', [1]),
      /duplicate key value violates unique constraint/,
    );
    assert.deepEqual(await db.query('SELECT count(*)::int AS n FROM notes'), [{ n: 2 }]);
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

  it('answers every text past the cap on kept statements (the oldest closed)', async () => {
    for (let i = 0; i < 300; i++) {
      assert.deepEqual(await db.query(`SELECT $1::int + ${i} AS n`, [1]), [{ n: i + 1 }]);
    }
    assert.deepEqual(await db.query('SELECT $1::int + 0 AS n', [5]), [{ n: 5 }]);
  });

  it('prepares a statement again when a table it reads changes its columns', async () => {
    assert.deepEqual(await db.query('SELECT * FROM notes WHERE id = $1', [3]), [
      { id: 3, body: 'three', at: null, tags: null, doc: null },
    ]);
    await db.exec('ALTER TABLE notes ADD COLUMN extra int');
    assert.deepEqual(await db.query('SELECT * FROM notes WHERE id = $1', [3]), [
      { id: 3, body: 'three', at: null, tags: null, doc: null, extra: null },
    ]);
  });
});
