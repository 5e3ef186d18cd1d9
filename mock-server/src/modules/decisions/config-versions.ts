// The version history of a product's decision (the editor's list): each version's number, who saved it and when.
// The versions are never changed (migration 033's trigger), so the list is the decision's audit trail.
import type { DecisionVersionsAnswer } from '@originate/contract';
import type { Queryable } from '../../db';
import { notFound } from '../../http/errors';

interface Row extends Record<string, unknown> {
  ver_num: number;
  created_by: string;
  display_name: string | null;
  created_at: Date;
}

/** Newest first; 404 when the product is unknown or has no such decision. */
export async function decisionVersions(db: Queryable, product: string, name: string): Promise<DecisionVersionsAnswer> {
  const [known] = await db.query('SELECT 1 FROM master_products WHERE product_code = $1', [product]);
  if (!known) throw notFound(`No product ${product}`);
  const rows = await db.query<Row>(
    `SELECT d.ver_num, d.created_by, u.display_name, d.created_at
       FROM decision_tables d LEFT JOIN users u ON u.userid = d.created_by
      WHERE d.product_code = $1 AND d.name = $2 ORDER BY d.ver_num DESC`,
    [product, name],
  );
  if (rows.length === 0) throw notFound(`Product ${product} has no decision ${name}`);
  return {
    data: rows.map((r) => ({
      verNum: r.ver_num,
      createdBy: r.created_by,
      // 'system' wrote the seeded versions; a removed user keeps their id.
      createdByName: r.display_name ?? r.created_by,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
