// Writes seen by the process that makes them, whatever code makes them (a module's statement, a test's): the
// session cache (modules/auth) is cleared once a write to a table its lookup reads has committed, before the
// writer's caller goes on, so a logout's answer is never followed by a request served from what it ended.
// Other processes learn of the same writes from the database's NOTIFY (migration 035), which comes a moment later.
import type { Db, Queryable, Row } from './types';

/** A statement's verb and target: UPDATE t, INSERT INTO t, DELETE FROM t, TRUNCATE [TABLE] [ONLY] t (also in a WITH). */
const WRITE = /\b(update|insert\s+into|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(\w+)/gi;
const UPSERT = /\bdo\s+update\b/i;
/** Statement texts whose answer is kept: more than the server has constants; past it the memo starts again. */
const KNOWN_STATEMENTS = 1024;

/** The tables to watch: 'any' write, or 'changes' (an insert of a new row changes nothing watched, an upsert does). */
export type WatchedTables = Readonly<Record<string, 'any' | 'changes'>>;

/** Whether `sql` may write what `tables` watch. A false alarm costs a clear; a miss is what must not happen. */
export function writesTo(sql: string, tables: WatchedTables): boolean {
  for (const [, verb = '', table = ''] of sql.matchAll(WRITE)) {
    const watched = tables[table.toLowerCase()];
    if (watched === 'any') return true;
    if (watched === 'changes' && (!/^insert/i.test(verb) || UPSERT.test(sql))) return true;
  }
  return false;
}

/**
 * Calls `onCommitted` after each statement or transaction through `db` that wrote one of `watched` has ended
 * (committed, or failed: a clear too many is harmless), before its caller resumes. Patches `db` in place, so
 * everything holding it (and its background lane's key) sees the same object.
 */
export function watchWrites(db: Db, watched: WatchedTables, onCommitted: () => void): void {
  const { query, exec, transaction } = db;
  // Statement texts are mostly the modules' constants: each is matched once (a long one cost ~15 µs a call).
  // Bounded as the prepared statements are: text built per call (an IN list) cannot grow it without end.
  const known = new Map<string, boolean>();
  const writes = (sql: string) => {
    let found = known.get(sql);
    if (found === undefined) {
      found = writesTo(sql, watched);
      if (known.size >= KNOWN_STATEMENTS) known.clear();
      known.set(sql, found);
    }
    return found;
  };
  db.query = <T extends Row = Row>(sql: string, params?: unknown[]) => {
    const done = query.call(db, sql, params) as Promise<T[]>;
    return writes(sql) ? done.finally(onCommitted) : done;
  };
  db.exec = (sql: string) => {
    const done = exec.call(db, sql);
    return writes(sql) ? done.finally(onCommitted) : done;
  };
  db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) => {
    let wrote = false;
    const mark = (sql: string) => {
      if (!wrote && writes(sql)) wrote = true;
    };
    const done = transaction.call(db, (tx) =>
      fn({
        query: <R extends Row = Row>(sql: string, params?: unknown[]) => {
          mark(sql);
          return tx.query<R>(sql, params);
        },
        exec: (sql: string) => {
          mark(sql);
          return tx.exec(sql);
        },
      }),
    ) as Promise<T>;
    return done.finally(() => {
      if (wrote) onCommitted();
    });
  };
}
