// A product's decision tables as versioned setup configuration (type Decision, name = product code): the latest
// version or an older one for staff, a new version by an operations admin, checked before it is kept.
import {
  DECISION_TABLE_OUTPUTS,
  type DecisionConfigAnswer,
  type DecisionConfigBody,
  type DecisionDocument,
  ltvBandProblems,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, notFound, ValidationError } from '../../http/errors';
import { latestLifecycle } from '../lifecycle';
import { tableProblems } from './engine';

/** The decision a product's tables go by when the caller names none. */
export const DEFAULT_DECISION = 'credit';

interface VersionRow extends Record<string, unknown> {
  ver_num: number;
  document: DecisionDocument;
  created_by: string;
  created_at: Date;
}

export interface DecisionVersion {
  product: string;
  name: string;
  verNum: number;
  document: DecisionDocument;
}

type StoredVersion = DecisionVersion & { createdBy: string; createdAt: string };

/**
 * Versions are written once (migration 033's trigger refuses changes), so each is read once per process and kept:
 * every server sharing the database sees a saved version by its number, and only which number is the latest is
 * asked each time (the primary key answers it). Bounded: the oldest entry leaves when the map is full.
 */
const versions = new Map<string, StoredVersion>();
const CACHED_VERSIONS = 500;

async function storedVersion(db: Queryable, product: string, name: string, verNum: number) {
  const key = `${product}\u0000${name}\u0000${verNum}`;
  const cached = versions.get(key);
  if (cached) return cached;
  const [row] = await db.query<VersionRow>(
    `SELECT ver_num, document, created_by, created_at FROM decision_tables
      WHERE product_code = $1 AND name = $2 AND ver_num = $3`,
    [product, name, verNum],
  );
  if (!row) return null;
  const version: StoredVersion = {
    product,
    name,
    verNum: row.ver_num,
    document: row.document,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (versions.size >= CACHED_VERSIONS) versions.delete(versions.keys().next().value as string);
  versions.set(key, version);
  return version;
}

/** The latest version of a product's decision, or `verNum`; null when there is none. */
export async function decisionVersion(
  db: Queryable,
  product: string,
  name: string,
  verNum?: number,
): Promise<StoredVersion | null> {
  if (verNum !== undefined) return storedVersion(db, product, name, verNum);
  const [latest] = await db.query<{ ver_num: number | null }>(
    'SELECT max(ver_num) AS ver_num FROM decision_tables WHERE product_code = $1 AND name = $2',
    [product, name],
  );
  return latest?.ver_num ? storedVersion(db, product, name, latest.ver_num) : null;
}

async function versionsOf(db: Queryable, product: string, name: string): Promise<number[]> {
  const rows = await db.query<{ ver_num: number }>(
    'SELECT ver_num FROM decision_tables WHERE product_code = $1 AND name = $2 ORDER BY ver_num DESC',
    [product, name],
  );
  return rows.map((r) => r.ver_num);
}

async function checkProduct(db: Queryable, product: string): Promise<void> {
  const [row] = await db.query('SELECT 1 FROM master_products WHERE product_code = $1', [product]);
  if (!row) throw notFound(`No product ${product}`);
}

/** GET: the latest version or `verNum` with every version's number; 404 when there is none. */
export async function readDecisionTables(
  db: Queryable,
  product: string,
  name: string,
  verNum?: number,
): Promise<DecisionConfigAnswer> {
  await checkProduct(db, product);
  const found = await decisionVersion(db, product, name, verNum);
  if (!found) {
    throw notFound(
      verNum === undefined
        ? `Product ${product} has no decision ${name}`
        : `Decision ${product}/${name} has no version ${verNum}`,
    );
  }
  return { ...found, versions: await versionsOf(db, product, name) };
}

/**
 * What is wrong with a document, each {label, reason}: its tables' columns, rows and cells, and deviations naming
 * an approval level the product's current lifecycle does not have.
 */
async function documentProblems(db: Queryable, product: string, document: DecisionDocument) {
  const problems = [
    ...tableProblems('document.pricing', document.pricing, DECISION_TABLE_OUTPUTS.pricing),
    ...tableProblems('document.eligibility', document.eligibility, DECISION_TABLE_OUTPUTS.eligibility),
    ...tableProblems('document.deviations', document.deviations, DECISION_TABLE_OUTPUTS.deviations),
  ];
  if (document.ltvCaps) problems.push(...ltvBandProblems('document.ltvCaps', document.ltvCaps));
  if (!document.fields.tenureMonths && !document.fields.tenureYears) {
    problems.push({
      label: 'document.fields',
      reason: 'needs tenureMonths or tenureYears: the field the tenure is in',
    });
  }
  const levelColumn = document.deviations.outputs.find((c) => c.field === 'approvalLevel')?.id;
  if (levelColumn) {
    const lifecycle = await latestLifecycle(db, product);
    const names = new Set(lifecycle?.approvalMatrix.levels.map((l) => l.name) ?? []);
    document.deviations.rules.forEach((rule, r) => {
      const cell = rule[levelColumn];
      const name = cell ? /^\s*"([^"]*)"\s*$/.exec(cell)?.[1] : undefined;
      if (cell === undefined) return;
      if (name === undefined || !names.has(name)) {
        problems.push({
          label: `document.deviations.rules[${r}].${levelColumn}`,
          reason: `must be the quoted name of a level of ${product}'s approval matrix (${[...names].join(', ') || 'none: save a lifecycle first'})`,
        });
      }
    });
  }
  return problems;
}

/** POST: a new version, when `verNum` is the latest (0 for the first); 409 when another was saved since. */
export async function saveDecisionTables(
  db: Db,
  product: string,
  body: DecisionConfigBody,
  userId: string,
  now: Date,
): Promise<DecisionConfigAnswer> {
  await checkProduct(db, product);
  const problems = await documentProblems(db, product, body.document);
  if (problems.length > 0) throw new ValidationError(problems.slice(0, 50));
  const verNum = await db.transaction(async (tx) => {
    // The product's row serialises two saves: the second reads the first's version and is refused.
    await tx.query('SELECT 1 FROM master_products WHERE product_code = $1 FOR UPDATE', [product]);
    const [latest = 0] = await versionsOf(tx, product, body.name);
    if (latest !== body.verNum) {
      throw conflict(
        `Decision ${product}/${body.name} was saved as version ${latest} since version ${body.verNum} was read; reload it and edit again`,
      );
    }
    await tx.query(
      `INSERT INTO decision_tables (product_code, name, ver_num, document, created_by, created_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
      [product, body.name, latest + 1, JSON.stringify(body.document), userId, now],
    );
    return latest + 1;
  });
  return readDecisionTables(db, product, body.name, verNum);
}

/** A seeded version (the demo bank's products): written once, as version 1 by 'system'. */
export async function seedDecisionTables(
  db: Queryable,
  product: string,
  name: string,
  document: DecisionDocument,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO decision_tables (product_code, name, ver_num, document, created_by, created_at)
     VALUES ($1, $2, 1, $3::jsonb, 'system', $4) ON CONFLICT DO NOTHING`,
    [product, name, JSON.stringify(document), at],
  );
}
