// A real PostgreSQL through a pg Pool (DATABASE_URL).
import pg from 'pg';
import type { Db, Queryable, Row } from './types';

/**
 * Prepared statements kept per connection; past this the least recently used is deallocated, so text built per
 * call (an IN list's placeholders) cannot grow a backend's memory without end.
 */
const MAX_PREPARED_STATEMENTS = 256;

/** After a LISTEN connection ends: the first try to open it again, doubled after each failure up to the most. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 5_000;

/** PostgreSQL's "cached plan must not change result type": a table the statement reads was altered. */
const PLAN_RESULT_CHANGED = '0A000';

/** What one connection has prepared: statement text → name, least recently used first. */
interface Prepared {
  names: Map<string, string>;
  /** Names to deallocate once the connection is out of its transaction (an aborted one refuses DEALLOCATE). */
  stale: string[];
}

/** pg's own record of the statements it parsed on a connection (not in its types): it skips Parse for these. */
type Parsed = { connection: { parsedStatements: Record<string, string> } };

/**
 * Every parameterised statement as a named prepared statement (pg's `{name, text, values}`): PostgreSQL parses
 * and plans an unnamed statement on every call, a named one once per connection (pg sends Parse the first time,
 * then only Bind and Execute), and keeps its plan once a generic plan costs no more than the custom ones
 * (plan_cache_mode auto). The values stay bind parameters, never text in the statement. Names are unique per
 * process, so a text evicted and prepared again, or prepared again after its table changed, never meets its old
 * name.
 */
function preparedStatements() {
  const byClient = new WeakMap<pg.PoolClient, Prepared>();
  let made = 0;

  async function deallocate(client: pg.PoolClient, name: string): Promise<void> {
    await client.query(`DEALLOCATE ${name}`);
    delete (client as unknown as Parsed).connection.parsedStatements[name];
  }

  function preparedOn(client: pg.PoolClient): Prepared {
    let prepared = byClient.get(client);
    if (!prepared) {
      prepared = { names: new Map(), stale: [] };
      byClient.set(client, prepared);
    }
    return prepared;
  }

  /** The statement's name on this connection, the least recently used deallocated when the connection is full. */
  async function nameOf(client: pg.PoolClient, { names }: Prepared, sql: string): Promise<string> {
    const name = names.get(sql);
    if (name !== undefined) {
      // Most recently used last: the first key is the one to deallocate.
      names.delete(sql);
      names.set(sql, name);
      return name;
    }
    const [oldest] = names;
    if (oldest && names.size >= MAX_PREPARED_STATEMENTS) {
      // Out of the map before the round trip: a statement running beside this one on the connection picks the next.
      names.delete(oldest[0]);
      await deallocate(client, oldest[1]);
    }
    made += 1;
    const fresh = `originate_${made}`;
    names.set(sql, fresh);
    return fresh;
  }

  async function run<T extends Row>(
    client: pg.PoolClient,
    sql: string,
    params: unknown[],
    inTransaction: boolean,
    retried = false,
  ): Promise<T[]> {
    const prepared = preparedOn(client);
    const name = await nameOf(client, prepared, sql);
    try {
      return (await client.query<T>({ name, text: sql, values: params })).rows;
    } catch (error) {
      // A text that failed to parse was never prepared: nothing to deallocate, a new name when asked again.
      if (!(name in (client as unknown as Parsed).connection.parsedStatements)) prepared.names.delete(sql);
      if ((error as { code?: string }).code !== PLAN_RESULT_CHANGED) throw error;
      // Prepared again, under a new name, for the table as it is now; inside a transaction the error has aborted it.
      prepared.names.delete(sql);
      if (inTransaction) {
        prepared.stale.push(name);
        throw error;
      }
      await deallocate(client, name);
      if (retried) throw error;
      return run<T>(client, sql, params, false, true);
    }
  }

  /** Deallocates what a transaction left stale; the connection is out of any transaction. */
  async function settle(client: pg.PoolClient): Promise<void> {
    const prepared = byClient.get(client);
    while (prepared?.stale.length) {
      const name = prepared.stale.shift();
      if (name) await deallocate(client, name);
    }
  }

  return { run, settle };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can end under the pool (a database restart or failover, an administrator's
  // terminate): pg then emits 'error' on the pool, which unhandled would crash the server. The pool has
  // dropped that client already; the next query opens a new connection.
  pool.on('error', (error) => console.warn(`postgres: an idle connection ended: ${error.message}`));
  // Fail at start, not at the first request, when the database does not answer.
  await pool.query('SELECT 1');
  const statements = preparedStatements();

  /**
   * A connection of the pool for `work`. A statement's error leaves the connection usable and it goes back with its
   * prepared statements (pg's pool.query would close it); one the connection itself failed on is closed.
   */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // Checked out, a connection's 'error' has no pool listener: unhandled, it would crash the server.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      return await work(client);
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      return withClient((client) => statements.run<T>(client, sql, params, false));
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const tx: Queryable = {
            query: <R extends Row = Row>(sql: string, params: unknown[] = []) =>
              statements.run<R>(client, sql, params, true),
            exec: async (sql: string) => {
              await client.query(sql);
            },
          };
          const result = await fn(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          // A DEALLOCATE that fails here failed on a broken connection, which is closed on release.
          await statements.settle(client).catch(() => undefined);
        }
      });
    },
    async listen(channel: string, onNotify: () => void) {
      // A connection of its own, outside the pool: LISTEN holds it for as long as the process listens. When it
      // ends (a restart, a terminated backend), notifications sent meanwhile are lost: the loss is told as one
      // notification (the session cache clears, the message worker looks), and the connection is opened again.
      /** The connection listening now; `opening` while one connects (an end before it listens is open's failure). */
      let client: pg.Client | undefined;
      let opening: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let delayMs = LISTEN_RETRY_MS;
      const open = async () => {
        const next = new pg.Client({ connectionString });
        opening = next;
        next.on('error', (error) => console.warn(`postgres: the LISTEN ${channel} connection ended: ${error.message}`));
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        next.on('end', () => {
          if (stopped || client !== next) return;
          client = undefined;
          onNotify();
          reopen();
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        } finally {
          opening = undefined;
        }
        client = next;
        delayMs = LISTEN_RETRY_MS;
      };
      const reopen = () => {
        retry = setTimeout(() => {
          retry = undefined;
          if (stopped) return;
          open().then(
            // Changes while it was closed were not heard: told as one notification once it listens again.
            () => (stopped ? client?.end().catch(() => undefined) : onNotify()),
            () => {
              delayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
              if (!stopped) reopen();
            },
          );
        }, delayMs);
        retry.unref();
      };
      await open();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await Promise.all([client?.end(), opening?.end()].map((ended) => ended?.catch(() => undefined)));
      };
    },
    close() {
      return pool.end();
    },
  };
}
