// PGlite is a single connection: every statement and transaction goes through one queue so a
// transaction never interleaves with another caller's statements.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, IN_MEMORY_DATA_DIR } from '../config';
import type { Db, Queryable, Row } from './types';

export async function openPglite(dataDir: string, sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB): Promise<Db> {
  const inMemory = dataDir === IN_MEMORY_DATA_DIR;
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] };
  // PGlite takes no data directory for a throw-away database.
  const pg = inMemory ? await PGlite.create(options) : await PGlite.create(dataDir, options);
  let tail: Promise<unknown> = Promise.resolve();

  function enqueue<T>(op: () => Promise<T>): Promise<T> {
    const run = tail.then(op, op);
    tail = run.catch(() => undefined);
    return run;
  }

  return {
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
    close() {
      return enqueue(() => pg.close());
    },
  };
}
