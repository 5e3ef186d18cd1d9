// PGlite is a single connection: every statement and transaction goes through one queue so a
// transaction never interleaves with another caller's statements. It runs on the API's own thread: while a
// statement runs, nothing else does.
import { mkdir } from 'node:fs/promises';
import { type messages, PGlite, parse, protocol } from '@electric-sql/pglite';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, IN_MEMORY_DATA_DIR } from '../config';
import type { Db, Queryable, Row } from './types';

interface Job {
  op: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Prepared statements kept per database; past this the least recently used is closed, so text built per call
 * (an IN list's placeholders) cannot grow the database's memory without end.
 */
const MAX_PREPARED_STATEMENTS = 256;

/** PostgreSQL's "cached plan must not change result type": a table the statement reads was altered. */
const PLAN_RESULT_CHANGED = '0A000';

interface PreparedStatement {
  name: string;
  /** The parameters' type ids, as the server inferred them: each value is serialised for its type. */
  paramTypes: number[];
  /** Its row description, when it returns rows: an execution sends only the rows. */
  head: messages.BackendMessage[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Parameterised statements on PGlite, each parsed and planned once per database. PGlite's own `query` parses
 * every call anew (an unnamed statement), on the API's own thread: about 1 ms a statement at load ~30, and a
 * join's planning cost about three times its execution. Here each text is prepared once as a named statement
 * (extended protocol: Parse and Describe), then each call binds its values to it and executes, in one
 * round trip; the values stay bind parameters, never text in the statement. PostgreSQL keeps a prepared
 * statement's plan once a generic plan costs no more than the custom ones (its plan_cache_mode auto).
 * Callers run one at a time (the adapter's queue), so no lock is taken here.
 */
function preparedStatements(pg: PGlite) {
  const { serialize } = protocol;
  const cache = new Map<string, PreparedStatement>();
  let made = 0;

  async function send(parts: Uint8Array[]): Promise<messages.BackendMessage[]> {
    const replies = await pg.execProtocolStream(concat([...parts, serialize.sync()]), { syncToFs: false });
    // As PGlite's own query: the files are synced after each statement outside a transaction.
    if (!pg.isInTransaction()) await pg.syncToFs();
    return replies;
  }

  async function prepare(sql: string): Promise<PreparedStatement> {
    made += 1;
    const name = `originate_${made}`;
    const parts: Uint8Array[] = [];
    const oldest = cache.size >= MAX_PREPARED_STATEMENTS ? cache.keys().next().value : undefined;
    if (oldest !== undefined) {
      parts.push(serialize.close({ type: 'S', name: cache.get(oldest)?.name }));
      cache.delete(oldest);
    }
    parts.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }));
    const replies = await send(parts);
    const statement: PreparedStatement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(replies),
      head: replies.filter((reply) => reply.name === 'rowDescription'),
    };
    cache.set(sql, statement);
    return statement;
  }

  async function execute<T extends Row>(sql: string, params: unknown[], retried = false): Promise<T[]> {
    let statement = cache.get(sql);
    if (statement) {
      // Most recently used last: the first key is the one to close.
      cache.delete(sql);
      cache.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i];
      const serializer = type === undefined ? undefined : pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const replies = await send([serialize.bind({ statement: statement.name, values }), serialize.execute({})]);
      return (parse.parseResults([...statement.head, ...replies], pg.parsers)[0]?.rows ?? []) as T[];
    } catch (error) {
      if ((error as { code?: string }).code !== PLAN_RESULT_CHANGED) throw error;
      // Prepared again for the table as it is now; inside a transaction the error has aborted it.
      cache.delete(sql);
      await send([serialize.close({ type: 'S', name: statement.name })]);
      if (retried || pg.isInTransaction()) throw error;
      return execute<T>(sql, params, true);
    }
  }

  return execute;
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
  const run = preparedStatements(pg);

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
      return enqueue(() => run<T>(sql, params));
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
            query: <R extends Row = Row>(sql: string, params: unknown[] = []) => run<R>(sql, params),
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
    query: <T extends Row = Row>(sql: string, params: unknown[] = []) => enqueue(() => run<T>(sql, params), 'later'),
    exec: (sql: string) =>
      enqueue(async () => {
        await pg.exec(sql);
      }, 'later'),
  });
  return db;
}
