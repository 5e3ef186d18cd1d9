// PostgreSQL's LISTEN connection (src/db/postgres.ts listen): a NOTIFY reaches the listener; when the connection
// ends (here its backend is terminated, as a restart or an administrator would) the loss is told as a notification,
// the connection is opened again and later notifications arrive; once stopped, it is not opened again.
// Skipped with the reason when nothing answers on 127.0.0.1:5432.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../src/db';
import { openPostgres } from '../src/db/postgres';
import { PG_HOST, PG_PORT, pgAnswers, scratchDatabase } from './harness/server';

const pgUp = await pgAnswers();
if (!pgUp) console.log(`# PostgreSQL LISTEN test skipped: nothing answers on ${PG_HOST}:${PG_PORT}`);

const CHANNEL = 'originate_listen_test';

/** Waits until `done()` holds, polling; fails naming `what` after `ms`. */
async function until(what: string, done: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The backends listening on CHANNEL in this database (their last statement is the LISTEN). */
async function listeners(db: Db): Promise<number[]> {
  const rows = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1',
    [`LISTEN "${CHANNEL}"`],
  );
  return rows.map((r) => r.pid);
}

describe('PostgreSQL LISTEN', { skip: pgUp ? false : `nothing answers on ${PG_HOST}:${PG_PORT}` }, () => {
  let db: Db;
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  before(async () => {
    database = await scratchDatabase('originate_listen');
    db = await openPostgres(database.url);
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  it('hears a NOTIFY, tells a lost connection as one, listens again, and stops for good', async () => {
    let heard = 0;
    const unlisten = await db.listen(CHANNEL, () => {
      heard += 1;
    });
    await db.exec(`NOTIFY ${CHANNEL}`);
    await until('the first notification', () => heard === 1);

    const [pid] = await listeners(db);
    assert.ok(pid, 'a backend listens');
    await db.query('SELECT pg_terminate_backend($1)', [pid]);
    // The end itself, then the connection listening again: each told as a notification.
    await until('the loss and the new connection', () => heard >= 3);
    await until('a new backend listening', async () => {
      const now = await listeners(db);
      return now.length === 1 && now[0] !== pid;
    });
    const before = heard;
    await db.exec(`NOTIFY ${CHANNEL}`);
    await until('a notification on the new connection', () => heard === before + 1);

    await unlisten();
    await until('no backend listening', async () => (await listeners(db)).length === 0);
    const stopped = heard;
    await db.exec(`NOTIFY ${CHANNEL}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(heard, stopped, 'nothing heard after unlisten');
    assert.deepEqual(await listeners(db), [], 'not opened again after unlisten');
  });
});
