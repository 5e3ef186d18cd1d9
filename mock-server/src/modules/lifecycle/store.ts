// Lifecycle versions (migration 024): read the latest or a given version of a product's lifecycle, save a new
// one with the optimistic check on the version the editor started from, and what a lifecycle may name.
import {
  diffLifecycles,
  type Lifecycle,
  type LifecycleBody,
  type LifecycleKnown,
  type LifecycleRef,
  type LifecycleSaved,
  lifecycleProblems,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, invalid, notFound, ValidationError } from '../../http/errors';

interface VersionRow extends Record<string, unknown> {
  ver_num: number;
  doc: LifecycleBody;
  created_at: Date | string;
  created_by: string | null;
}

const toLifecycle = (row: VersionRow): Lifecycle => ({
  ...row.doc,
  verNum: row.ver_num,
  updatedAt: new Date(row.created_at).toISOString(),
  ...(row.created_by ? { updatedBy: row.created_by } : {}),
});

/**
 * Versions never change once saved, so each is read once per process (an application's tasks open from its
 * version on every completed step). Bounded: the oldest entry leaves when the map is full.
 */
const versions = new Map<string, Lifecycle>();
const CACHED_VERSIONS = 500;

/** One version of a product's lifecycle, or null when there is none. */
async function lifecycleVersion(db: Queryable, productCode: string, verNum: number): Promise<Lifecycle | null> {
  const key = `${productCode}\n${verNum}`;
  const cached = versions.get(key);
  if (cached) return cached;
  const [row] = await db.query<VersionRow>(
    'SELECT ver_num, doc, created_at, created_by FROM lifecycle_versions WHERE product_code = $1 AND ver_num = $2',
    [productCode, verNum],
  );
  if (!row) return null;
  const lifecycle = toLifecycle(row);
  if (versions.size >= CACHED_VERSIONS) versions.delete(versions.keys().next().value as string);
  versions.set(key, lifecycle);
  return lifecycle;
}

/** The latest version of a product's lifecycle, or null when the product has none. */
export async function latestLifecycle(db: Queryable, productCode: string): Promise<Lifecycle | null> {
  const [row] = await db.query<VersionRow>(
    `SELECT ver_num, doc, created_at, created_by FROM lifecycle_versions WHERE product_code = $1
      ORDER BY ver_num DESC LIMIT 1`,
    [productCode],
  );
  return row ? toLifecycle(row) : null;
}

/**
 * The lifecycle an application walks: the version it recorded; one from before lifecycles were recorded
 * walks its product's first version (the steps every application had then).
 */
export async function lifecycleOf(
  db: Queryable,
  productCode: string,
  ref: Partial<LifecycleRef> | null | undefined,
): Promise<Lifecycle | null> {
  return lifecycleVersion(db, productCode, typeof ref?.verNum === 'number' ? ref.verNum : 1);
}

/** Every team, the departments among them, every user: what a lifecycle may name. */
async function lifecycleKnown(db: Queryable): Promise<LifecycleKnown> {
  const [teams, users] = await Promise.all([
    db.query<{ id: string; type: string }>('SELECT id, type FROM teams'),
    db.query<{ userid: string }>('SELECT userid FROM users'),
  ]);
  return {
    teams: teams.map((t) => t.id),
    departments: teams.filter((t) => t.type === 'DEPT').map((t) => t.id),
    users: users.map((u) => u.userid),
  };
}

/** 404 unless the product exists (a lifecycle belongs to a product of master_products). */
async function checkProduct(db: Queryable, productCode: string): Promise<void> {
  const [row] = await db.query('SELECT 1 FROM master_products WHERE product_code = $1', [productCode]);
  if (!row) throw notFound(`No product ${productCode}`);
}

/** GET: the latest version, or `verNum`. 404 when there is none. */
export async function readLifecycle(db: Queryable, productCode: string, verNum?: number): Promise<Lifecycle> {
  await checkProduct(db, productCode);
  const found =
    verNum === undefined ? await latestLifecycle(db, productCode) : await lifecycleVersion(db, productCode, verNum);
  if (!found) {
    throw notFound(
      verNum === undefined
        ? `Product ${productCode} has no lifecycle`
        : `Product ${productCode} has no lifecycle version ${verNum}`,
    );
  }
  return found;
}

/**
 * POST: `body` becomes the product's next version when it names this product, has no problem (400 naming
 * the step and the reason) and was edited from the latest version (409 otherwise; 0 when there is none yet).
 * Answers the saved version with what changed against the one before.
 */
export async function saveLifecycle(
  db: Db,
  productCode: string,
  body: LifecycleBody,
  by: string,
  now: Date,
): Promise<LifecycleSaved> {
  if (body.product_code !== productCode) {
    throw invalid('product_code', `must be ${productCode}, the product of this lifecycle`);
  }
  await checkProduct(db, productCode);
  const problems = lifecycleProblems(body, await lifecycleKnown(db));
  if (problems.length > 0) throw new ValidationError(problems.map((p) => ({ label: p.field, reason: p.reason })));
  return db.transaction(async (tx) => {
    // The product's row serialises two saves: the second reads the first's version and is refused.
    await tx.query('SELECT 1 FROM master_products WHERE product_code = $1 FOR UPDATE', [productCode]);
    const previous = await latestLifecycle(tx, productCode);
    const latest = previous?.verNum ?? 0;
    if (body.verNum !== latest) {
      throw conflict(
        `Lifecycle ${productCode} was saved as version ${latest} since version ${body.verNum} was read; reload it and edit again`,
      );
    }
    const verNum = latest + 1;
    const { verNum: _from, ...doc } = body;
    await tx.query(
      `INSERT INTO lifecycle_versions (product_code, ver_num, doc, created_at, created_by) VALUES ($1, $2, $3::jsonb, $4, $5)`,
      [productCode, verNum, JSON.stringify(doc), now, by],
    );
    return {
      ...doc,
      verNum,
      updatedAt: now.toISOString(),
      updatedBy: by,
      diff: previous ? diffLifecycles(previous, body) : [],
    };
  });
}
