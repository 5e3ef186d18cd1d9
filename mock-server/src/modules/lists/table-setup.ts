// A user's saved filters per table (POST /setup/save_or_update, POST /backstage/getFilter), and the
// bank's products (GET /master_configs/products).
import type { MasterProduct, ProductLimits, SavedFilter, SavedFilterBody } from '@originate/contract';
import type { Queryable } from '../../db';
import { invalid } from '../../http/errors';
import { checkFilters, fieldsOfTable, sortColumn, tableConfig } from './shared-query';

/** Saved filters one user may keep per table: enough for any real use, a bound for a hostile one. */
const MAX_SAVED_FILTERS = 50;

/** Saves (or, under the same name, replaces) a filter once every field, operator and value checks out. */
export async function saveFilter(
  db: Queryable,
  userId: string,
  body: SavedFilterBody,
  now: Date,
): Promise<SavedFilter> {
  const table = await tableConfig(db, body.tableId);
  if (!table) throw invalid('tableId', 'is not a known table');
  checkFilters(table, body.filters);
  if (body.sort) sortColumn(table, fieldsOfTable(table.id), body.sort);
  const value = { filters: body.filters, ...(body.sort ? { sort: body.sort } : {}) };
  // The bound and the write in one statement: a count that a concurrent save could overtake is no bound.
  const rows = await db.query<{ updated_at: Date }>(
    `INSERT INTO saved_filters (user_id, table_id, name, value, updated_at)
     SELECT $1, $2, $3, $4::jsonb, $5
      WHERE EXISTS (SELECT 1 FROM saved_filters WHERE user_id = $1 AND table_id = $2 AND name = $3)
         OR (SELECT count(*) FROM saved_filters WHERE user_id = $1 AND table_id = $2) < $6
     ON CONFLICT (user_id, table_id, name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
     RETURNING updated_at`,
    [userId, body.tableId, body.name, JSON.stringify(value), now, MAX_SAVED_FILTERS],
  );
  if (rows.length === 0) throw invalid('name', `a table keeps at most ${MAX_SAVED_FILTERS} saved filters`);
  return { ...body, updatedAt: now.toISOString() };
}

export async function savedFilters(db: Queryable, userId: string, tableId: string): Promise<SavedFilter[]> {
  const rows = await db.query<{ name: string; value: Pick<SavedFilterBody, 'filters' | 'sort'>; updated_at: Date }>(
    'SELECT name, value, updated_at FROM saved_filters WHERE user_id = $1 AND table_id = $2 ORDER BY name',
    [userId, tableId],
  );
  return rows.map((r) => ({ name: r.name, tableId, ...r.value, updatedAt: new Date(r.updated_at).toISOString() }));
}

/** The Products page: each active product with the limits of its configuration (modules/configs product-limits). */
export async function masterProducts(db: Queryable): Promise<MasterProduct[]> {
  const rows = await db.query<{
    product_code: string;
    product_name: string;
    product_type_code: string;
    limits: ProductLimits | null;
  }>(
    `SELECT m.product_code, m.product_name, m.product_type_code, p.value -> 'limits' AS limits
       FROM master_products m LEFT JOIN products p ON p.product_code = m.product_code
      WHERE m.active ORDER BY m.product_name`,
  );
  return rows.map((r) => ({
    product_code: r.product_code,
    product_name: r.product_name,
    product_type_code: r.product_type_code,
    limits: r.limits ?? {},
  }));
}
