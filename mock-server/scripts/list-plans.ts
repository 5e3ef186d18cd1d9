// EXPLAIN (ANALYZE, BUFFERS) of every statement one list answer runs (the list bench, e2e/bench/lists-bench.ts):
// the server's own list code against a PostgreSQL bank through a database that records what it is asked; the third
// run of each statement is the one printed (the first two warm the caches, as the bench's timed runs are).
// node --import tsx scripts/list-plans.ts '<{"url","who","args","wants"} as JSON>' → a JSON array on stdout.
import pg from 'pg';
import type { Queryable, Row } from '../src/db/types';
import { type ListWants, listApplications } from '../src/modules/lists/task-pages';
import { findUserByName } from '../src/modules/users/directory';

const { url, who, args, wants } = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  who: string;
  args: Parameters<typeof listApplications>[2];
  wants: ListWants;
};
const pool = new pg.Pool({ connectionString: url, max: 1 });
try {
  const asked: { sql: string; params: unknown[] }[] = [];
  const db: Queryable = {
    async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      asked.push({ sql, params });
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
  };
  const user = await findUserByName(db, who);
  if (!user) throw new Error(`no user ${who} in the bench bank`);
  asked.length = 0;
  await listApplications(db, user, args, new Date(), wants);
  const plans: { statement: string; plan: string[] }[] = [];
  for (const { sql, params } of asked) {
    const explain = `EXPLAIN (ANALYZE, BUFFERS) ${sql}`;
    for (let i = 0; i < 2; i++) await pool.query(explain, params);
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(explain, params);
    plans.push({ statement: sql.replace(/\s+/g, ' ').slice(0, 160), plan: rows.map((r) => r['QUERY PLAN']) });
  }
  process.stdout.write(JSON.stringify(plans));
} finally {
  await pool.end();
}
