// PGlite is a single connection: every statement and transaction goes through one queue so a
// transaction never interleaves with another caller's statements. It runs on the API's own thread: while a
// statement runs, nothing else does.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, IN_MEMORY_DATA_DIR } from '../config';
import type { Db, Queryable, Row } from './types';

interface Job {
  op: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Each PGlite database's lane for work that may wait (see `background`). */
const backgroundLanes = new WeakMap<Queryable, Queryable>();

/**
 * The database for reads that may wait, an export's batches (README "Spreadsheet export"): on PGlite their
 * statements run only when no other statement waits, so a user's click waits for at most the one statement
 * running, never for the batches of five exports; on PostgreSQL (a pool, its own processes) the same db.
 */
export function background(db: Queryable): Queryable {
  return backgroundLanes.get(db) ?? db;
}

/**
 * PGlite on `dataDir`, or in memory (IN_MEMORY_DATA_DIR); an in-memory one may start from a dump of another
 * (PGlite's `dumpDataDir`), as the tests' servers do from their seeded template instead of copying its directory.
 */
export async function openPglite(
  dataDir: string,
  sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  restore?: Blob,
): Promise<Db> {
  const inMemory = dataDir === IN_MEMORY_DATA_DIR;
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  if (restore && !inMemory) throw new Error('a dump restores only into an in-memory database');
  const options = {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
    ...(restore ? { loadDataDir: restore } : {}),
  };
  // PGlite takes no data directory for a throw-away database.
  const pg = inMemory ? await PGlite.create(options) : await PGlite.create(dataDir, options);
  const waiting = { now: [] as Job[], later: [] as Job[] };
  let busy = false;

  // Each statement starts in a task of its own (setImmediate), chosen then: the requests that arrived while
  // the last one ran are read first, and their statements go before the next background one. (Chained in
  // microtasks, statements ran back to back: five exports held /healthz, which reads nothing, for 18.9 s.)
  function next(): void {
    if (busy || (waiting.now.length === 0 && waiting.later.length === 0)) return;
    busy = true;
    setImmediate(() => {
      const job = waiting.now.shift() ?? waiting.later.shift();
      if (!job) {
        busy = false;
        return;
      }
      job
        .op()
        .then(job.resolve, job.reject)
        .finally(() => {
          busy = false;
          next();
        });
    });
  }

  function enqueue<T>(op: () => Promise<T>, lane: keyof typeof waiting = 'now'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting[lane].push({ op, resolve: resolve as (value: unknown) => void, reject });
      next();
    });
  }

  const db: Db = {
    kind: 'pglite',
    query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      return enqueue(async () => (await pg.query<T>(sql, params)).rows);
    },
    exec(sql: string) {
      return enqueue(async () => {
        await pg.exec(sql);
      });
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return enqueue(() =>
        pg.transaction(async (t) => {
          const tx: Queryable = {
            query: async <R extends Row = Row>(sql: string, params: unknown[] = []) =>
              (await t.query<R>(sql, params)).rows,
            exec: async (sql: string) => {
              await t.exec(sql);
            },
          };
          return fn(tx);
        }),
      );
    },
    async listen(channel: string, onNotify: () => void) {
      // PGlite delivers a notification after the statement that committed it, its own connection's included.
      const unlisten = await enqueue(() => pg.listen(channel, onNotify));
      return () => enqueue(() => unlisten());
    },
    close() {
      return enqueue(() => pg.close());
    },
  };
  backgroundLanes.set(db, {
    query: <T extends Row = Row>(sql: string, params: unknown[] = []) =>
      enqueue(async () => (await pg.query<T>(sql, params)).rows, 'later'),
    exec: (sql: string) =>
      enqueue(async () => {
        await pg.exec(sql);
      }, 'later'),
  });
  return db;
}
