// A real PostgreSQL through a pg Pool (DATABASE_URL).
import pg from 'pg';
import type { Db, Queryable, Row } from './types';

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can end under the pool (a database restart or failover, an administrator's
  // terminate): pg then emits 'error' on the pool, which unhandled would crash the server. The pool has
  // dropped that client already; the next query opens a new connection.
  pool.on('error', (error) => console.warn(`postgres: an idle connection ended: ${error.message}`));
  // Fail at start, not at the first request, when the database does not answer.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          query: async <R extends Row = Row>(sql: string, params: unknown[] = []) =>
            (await client.query(sql, params)).rows as R[],
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
        client.release();
      }
    },
    async listen(channel: string, onNotify: () => void) {
      // A connection of its own, outside the pool: LISTEN holds it for as long as the process listens.
      const client = new pg.Client({ connectionString });
      client.on('error', (error) => console.warn(`postgres: the LISTEN ${channel} connection ended: ${error.message}`));
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    close() {
      return pool.end();
    },
  };
}
