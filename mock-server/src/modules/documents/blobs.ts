// Reference-counted, content-addressed bytes (README "File storage"). Rows of `documents` and
// `document_versions` name a blob by its sha-256 (blob_hash); the migration's triggers keep
// blobs.ref_count in step with them inside the same transaction. A blob's file is created or deleted
// only by a transaction holding its row lock: `store` takes the lock (upsert) before linking the bytes
// in, `release` deletes rows whose count reached 0 and sets their files aside under a trash name that
// is unlinked after the commit and put back if the transaction fails. A content-addressed file written
// again is the same bytes, so putting a file back is always safe; only deleting needs the lock.
import type { Db, Queryable } from '../../db';
import { HttpError } from '../../http/errors';
import type { FileStore, Received } from '../../platform/context';
import { displayName } from './files';

export interface BlobWork {
  /** The held bytes as a blob (row locked, file in place); the caller's rows then name the returned hash. */
  store(received: Received): Promise<string>;
  /** Blobs some of whose references the caller's rows dropped: those left with none go, file and row. */
  release(hashes: Iterable<string>): Promise<void>;
}

/**
 * Runs `work` in one transaction with the blob operations it needs. What it held and did not keep is
 * discarded afterwards; files it created are deleted and files it trashed put back if it fails.
 */
export async function withBlobs<T>(
  db: Db,
  files: FileStore,
  work: (tx: Queryable, blobs: BlobWork) => Promise<T>,
  held: readonly Received[] = [],
): Promise<T> {
  const created: string[] = [];
  const trashed: { name: string; hash: string }[] = [];
  try {
    const result = await db.transaction(async (tx) => {
      const blobs: BlobWork = {
        async store(received) {
          // DO UPDATE (not DO NOTHING) locks the row whether it was there or not; xmax = 0 tells a new one.
          const [row] = await tx.query<{ fresh: boolean }>(
            `INSERT INTO blobs (hash, size) VALUES ($1, $2)
             ON CONFLICT (hash) DO UPDATE SET size = blobs.size RETURNING (xmax = 0) AS fresh`,
            [received.hash, received.size],
          );
          // A file created for a row that existed is a repair, never undone.
          if ((await files.keep(received)) && row?.fresh) created.push(received.hash);
          return received.hash;
        },
        async release(hashes) {
          const gone = await tx.query<{ hash: string }>(
            'DELETE FROM blobs WHERE hash = ANY($1::text[]) AND ref_count = 0 RETURNING hash',
            [[...new Set(hashes)]],
          );
          for (const { hash } of gone) {
            const name = await files.trash(hash);
            if (name) trashed.push({ name, hash });
          }
        },
      };
      try {
        return await work(tx, blobs);
      } catch (error) {
        // Still inside the transaction, locks held: undo this transaction's file changes before it rolls back.
        for (const hash of created) await files.remove(hash);
        for (const { name, hash } of trashed.splice(0)) await files.restore(name, hash);
        throw error;
      }
    });
    for (const { name } of trashed) await files.purge(name);
    return result;
  } catch (error) {
    // The commit itself failed: what was set aside goes back (its rows are back too).
    for (const { name, hash } of trashed) await files.restore(name, hash);
    throw error;
  } finally {
    for (const received of held) await received.discard();
  }
}

/** The logical bytes an application holds: its live documents and their kept versions. */
async function storageUsed(db: Queryable, applicationId: string): Promise<number> {
  const [row] = await db.query<{ used: number }>(
    `SELECT (SELECT coalesce(sum(size), 0) FROM documents WHERE application_id = $1 AND removed_at IS NULL)
          + (SELECT coalesce(sum(v.size), 0) FROM document_versions v JOIN documents d ON d.file_id = v.document_id
              WHERE d.application_id = $1 AND d.removed_at IS NULL) AS used`,
    [applicationId],
  );
  return Number(row?.used ?? 0);
}

const quotaExceeded = (applicationId: string, used: number, adding: number, quota: number) =>
  new HttpError(413, {
    code: 413,
    message:
      adding > 0
        ? `Application ${applicationId} would exceed its storage quota of ${quota} bytes: ${used} bytes in use, this adds ${adding}`
        : `Application ${applicationId} has reached its storage quota of ${quota} bytes: ${used} bytes in use`,
  });

/**
 * 413 when `adding` bytes would take the application past the quota. Inside the transaction that adds
 * them it locks the application row first, so two concurrent additions cannot each pass on the old sum;
 * before a byte is received (`adding` 0) it refuses an application already at its quota.
 */
export async function assertStorageQuota(
  db: Queryable,
  files: FileStore,
  applicationId: string,
  adding: number,
): Promise<void> {
  if (adding > 0) {
    await db.query('SELECT 1 FROM applications WHERE application_id = $1 FOR NO KEY UPDATE', [applicationId]);
  }
  const used = await storageUsed(db, applicationId);
  const full = adding > 0 ? used + adding > files.quotaBytes : used >= files.quotaBytes;
  if (full) throw quotaExceeded(applicationId, used, adding, files.quotaBytes);
}

/** Rows of the layout before blobs, migrated in batches of this many. */
const LEGACY_BATCH = 200;
const NAMES_CLEANED = 'file_names_cleaned';

/** Moves one table's unmigrated rows to blobs: the bytes of uploads/<file_id> linked in under their hash. */
async function migrateLegacyRows(db: Db, files: FileStore, table: 'documents' | 'document_versions') {
  const live = table === 'documents' ? 'AND removed_at IS NULL' : '';
  // Rows whose file is gone stay unmigrated (nothing to download, as before); skip them on later batches.
  const missing: string[] = [];
  for (;;) {
    const rows = await db.query<{ file_id: string }>(
      `SELECT file_id FROM ${table} WHERE blob_hash IS NULL ${live} AND NOT (file_id = ANY($1::text[]))
        ORDER BY file_id LIMIT $2`,
      [missing, LEGACY_BATCH],
    );
    if (rows.length === 0) return;
    for (const { file_id: fileId } of rows) {
      const held = await files.holdLegacy(fileId);
      if (!held) {
        missing.push(fileId);
        continue;
      }
      await withBlobs(
        db,
        files,
        async (tx, blobs) => {
          const hash = await blobs.store(held);
          await tx.query(`UPDATE ${table} SET blob_hash = $2 WHERE file_id = $1 AND blob_hash IS NULL`, [fileId, hash]);
        },
        [held],
      );
      await files.removeLegacy(fileId);
    }
  }
}

/**
 * Start-up (README "File storage"): trash a killed process left is unlinked or put back as the blob's
 * row says, rows of the layout before blobs are migrated (idempotent: a row moves with its bytes in one
 * transaction, its old file goes after), files no row needs are removed, and stored file names lose the
 * control and format characters displayName strips (once per database).
 */
export async function reconcileFileStore(db: Db, files: FileStore): Promise<void> {
  const before = await files.scan();
  for (const { name, hash } of before.trash) {
    await db.transaction(async (tx) => {
      // Waits for a transaction of another server that still holds the row, then judges by what it left.
      const [row] = await tx.query<{ ref_count: number }>('SELECT ref_count FROM blobs WHERE hash = $1 FOR UPDATE', [
        hash,
      ]);
      if (row && row.ref_count > 0) await files.restore(name, hash);
      else await files.purge(name);
    });
  }
  await files.sweepPartials();
  await migrateLegacyRows(db, files, 'documents');
  await migrateLegacyRows(db, files, 'document_versions');

  const after = await files.scan();
  // An old file whose row is migrated, removed or gone: its bytes are a blob now, or nobody's.
  const wanted = new Set(
    (
      await db.query<{ file_id: string }>(
        `SELECT file_id FROM documents WHERE blob_hash IS NULL AND removed_at IS NULL AND file_id = ANY($1::text[])
         UNION SELECT file_id FROM document_versions WHERE blob_hash IS NULL AND file_id = ANY($1::text[])`,
        [after.legacy],
      )
    ).map((r) => r.file_id),
  );
  for (const fileId of after.legacy) if (!wanted.has(fileId)) await files.removeLegacy(fileId);

  // A blob file without a row (its creating transaction failed to commit), and rows no reference holds.
  const known = new Set(
    (await db.query<{ hash: string }>('SELECT hash FROM blobs WHERE hash = ANY($1::text[])', [after.blobs])).map(
      (r) => r.hash,
    ),
  );
  const unreferenced = (await db.query<{ hash: string }>('SELECT hash FROM blobs WHERE ref_count = 0')).map(
    (r) => r.hash,
  );
  for (const hash of [...after.blobs.filter((h) => !known.has(h)), ...unreferenced]) {
    await withBlobs(db, files, async (tx, blobs) => {
      // A row to lock: an upload of the same bytes on another server either holds it already or waits.
      await tx.query('INSERT INTO blobs (hash, size) VALUES ($1, 0) ON CONFLICT (hash) DO NOTHING', [hash]);
      await blobs.release([hash]);
    });
  }
  await cleanStoredNames(db);
}

/** Names stored before displayName stripped format characters (a right-to-left override spoofing `.exe` as `.pdf`). */
async function cleanStoredNames(db: Db): Promise<void> {
  if ((await db.query('SELECT 1 FROM meta WHERE key = $1', [NAMES_CLEANED])).length > 0) return;
  await db.transaction(async (tx) => {
    for (const table of ['documents', 'document_versions'] as const) {
      // Only names with a character outside printable ASCII can change.
      const rows = await tx.query<{ file_id: string; file_name: string }>(
        `SELECT file_id, file_name FROM ${table} WHERE file_name ~ '[^ -~]'`,
      );
      for (const row of rows) {
        const clean = displayName(row.file_name);
        if (clean !== row.file_name) {
          await tx.query(`UPDATE ${table} SET file_name = $2 WHERE file_id = $1`, [row.file_id, clean]);
        }
      }
    }
    await tx.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      NAMES_CLEANED,
      new Date().toISOString(),
    ]);
  });
}
