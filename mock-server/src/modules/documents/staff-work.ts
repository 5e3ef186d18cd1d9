// Staff document work on an application (README "Back office", documents): the list, uploads' records,
// delete, metadata, replace (earlier versions kept), copy to another application and merge into one PDF.
// Every write needs access to the application(s) and the contract's documentPermission (MANAGE_DOCUMENT); it
// runs in one transaction with its worklog row, then reports applicationChanged. Bytes are blobs
// (modules/documents/blobs.ts): new bytes are received before the transaction (PGlite has one connection) and kept
// under their hash inside it; a copy or an earlier version names the same blob; a removal drops its
// references and the blob goes only when no row names it. Every addition keeps to the application's
// storage quota. The applicant's own removal of their uploads goes through removeDocument too.
import { randomUUID } from 'node:crypto';
import {
  type CopyFileBody,
  type DocumentMetadataBody,
  documentPermission,
  MAX_FILE_SIZE_BYTES,
  type MergeDocumentBody,
  type MetadataAnswer,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { forbidden, HttpError, invalid, notFound } from '../../http/errors';
import type { FileStore, Received, UserRecord } from '../../platform/context';
import type { DocumentWork } from '../../platform/document-work';
import { addWorklog, type Effects, loadApplication, newEffects, recordAudits } from '../applications';
import { assertStorageQuota, withBlobs } from './blobs';
import { displayName, extensionOf } from './files';

/** What a document records besides its file: the answers' metadata. */
export type DocumentMetadata = MetadataAnswer['metadata'];

interface DocumentRow extends Record<string, unknown> {
  file_id: string;
  application_id: string;
  field_key: string;
  file_name: string;
  mime_type: string;
  size: number;
  metadata: DocumentMetadata;
  uploaded_by: string | null;
  display_name: string | null;
  created_at: Date | string;
  /** Null only for a row the start-up migration found no bytes for. */
  blob_hash: string | null;
}

interface VersionRow extends Record<string, unknown> {
  file_id: string;
  document_id: string;
  version: number;
  file_name: string;
  mime_type: string;
  size: number;
  display_name: string | null;
  uploaded_at: Date | string;
  replaced_at: Date | string;
}

const FILE_NOT_FOUND = 'File not found';
/** An applicant may take back what they uploaded, not what the bank's staff added to their application. */
const STAFF_DOCUMENT = "This document was added by the bank's staff: only they may remove it";
/** An application's documents in one answer (the Docs tab shows them all; a loan file has a few dozen). */
const DOCUMENTS_LIMIT = 500;
/** The merged PDF's field key: it belongs to no upload field of the form. */
const MERGED_FIELD_KEY = 'merged_document';

/** 413 naming the file, as uploads answer (README "Errors"). */
export const tooLarge = (what: string, max: number) =>
  new HttpError(413, { code: 413, message: `${what} is larger than ${max} bytes` });

/** 403 unless the caller holds MANAGE_DOCUMENT (the contract's rule, the one the Docs tab offers by). */
export function assertMayManageDocuments(user: UserRecord): void {
  const refused = documentPermission(user.roles);
  if (refused) throw forbidden(`You may not change documents: ${refused}`);
}

/** Access to the application (404 / 403), then the permission (403). */
async function managedApplication(db: Queryable, user: UserRecord, applicationId: string): Promise<void> {
  await loadApplication(db, user, applicationId);
  assertMayManageDocuments(user);
}

const SELECT_DOCUMENT = `SELECT d.file_id, d.application_id, d.field_key, d.file_name, d.mime_type, d.size, d.metadata,
         d.uploaded_by, u.display_name, d.created_at, d.blob_hash
    FROM documents d LEFT JOIN users u ON u.userid = d.uploaded_by`;

async function liveDocument(db: Queryable, applicationId: string, fileId: string): Promise<DocumentRow | null> {
  const [row] = await db.query<DocumentRow>(
    `${SELECT_DOCUMENT} WHERE d.file_id = $1 AND d.application_id = $2 AND d.removed_at IS NULL`,
    [fileId, applicationId],
  );
  return row ?? null;
}

/** A file that is not removed, of whichever application (downloads check who may read it). */
export async function liveFile(db: Queryable, fileId: string) {
  const [row] = await db.query<{
    application_id: string;
    file_name: string;
    mime_type: string;
    blob_hash: string | null;
  }>(
    'SELECT application_id, file_name, mime_type, blob_hash FROM documents WHERE file_id = $1 AND removed_at IS NULL',
    [fileId],
  );
  return row ?? null;
}

const iso = (at: Date | string) => new Date(at).toISOString();

const SELECT_VERSIONS = `SELECT v.file_id, v.document_id, v.version, v.file_name, v.mime_type, v.size, u.display_name,
         v.uploaded_at, v.replaced_at
    FROM document_versions v LEFT JOIN users u ON u.userid = v.uploaded_by`;

/** Earlier versions of these documents, newest first, by document. */
async function versionsOf(db: Queryable, fileIds: readonly string[]): Promise<Map<string, VersionRow[]>> {
  const byDocument = new Map<string, VersionRow[]>();
  if (fileIds.length === 0) return byDocument;
  const rows = await db.query<VersionRow>(
    `${SELECT_VERSIONS} WHERE v.document_id = ANY($1::text[]) ORDER BY v.document_id, v.version DESC`,
    [fileIds],
  );
  for (const row of rows) byDocument.set(row.document_id, [...(byDocument.get(row.document_id) ?? []), row]);
  return byDocument;
}

const toStaffDocument = (r: DocumentRow, earlier: readonly VersionRow[]) => ({
  fileId: r.file_id,
  fileName: r.file_name,
  fieldKey: r.field_key,
  mimeType: r.mime_type,
  size: r.size,
  metadata: r.metadata,
  // null: the applicant uploaded it in the customer flow.
  uploadedBy: r.display_name,
  createdAt: iso(r.created_at),
  // The current file: its version number and when it was uploaded (createdAt until first replaced).
  version: (earlier[0]?.version ?? 0) + 1,
  updatedAt: iso(earlier[0]?.replaced_at ?? r.created_at),
  versions: earlier.map((v) => ({
    version: v.version,
    fileName: v.file_name,
    mimeType: v.mime_type,
    size: v.size,
    uploadedBy: v.display_name,
    uploadedAt: iso(v.uploaded_at),
    replacedAt: iso(v.replaced_at),
  })),
});

/** GET /v3/application/{applicationId}/documents: newest first, removed ones left out, each with its earlier versions. */
export async function documentsOf(db: Queryable, user: UserRecord, applicationId: string) {
  await loadApplication(db, user, applicationId);
  const rows = await db.query<DocumentRow>(
    `${SELECT_DOCUMENT} WHERE d.application_id = $1 AND d.removed_at IS NULL
      ORDER BY d.created_at DESC, d.file_id LIMIT $2`,
    [applicationId, DOCUMENTS_LIMIT],
  );
  const versions = await versionsOf(
    db,
    rows.map((r) => r.file_id),
  );
  return rows.map((r) => toStaffDocument(r, versions.get(r.file_id) ?? []));
}

export interface UploadRecord {
  fileId: string;
  applicationId: string;
  fieldKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  metadata: DocumentMetadata;
  /** The blob holding the bytes (its row locked by this transaction, or referenced by a live row). */
  blobHash: string;
}

/** A document's row naming a stored blob (the reference is counted by the row); `uploadedBy` null: the applicant's. */
export async function insertDocument(
  tx: Queryable,
  record: UploadRecord,
  uploadedBy: string | null,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO documents (file_id, application_id, field_key, file_name, mime_type, size, metadata, uploaded_by, created_at, blob_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
    [
      record.fileId,
      record.applicationId,
      record.fieldKey,
      record.fileName,
      record.mimeType,
      record.size,
      JSON.stringify(record.metadata),
      uploadedBy,
      at,
      record.blobHash,
    ],
  );
}

/** A new document of held bytes (an upload, a signature, a generated PDF): quota, blob and row in one transaction. */
export async function storeDocument(
  db: Db,
  files: FileStore,
  record: Omit<UploadRecord, 'fileId' | 'size' | 'blobHash'>,
  held: Received,
  uploadedBy: string | null,
  now: Date,
  more: (tx: Queryable, fileId: string) => Promise<void> = async () => {},
): Promise<string> {
  const fileId = randomUUID();
  await withBlobs(
    db,
    files,
    async (tx, blobs) => {
      await assertStorageQuota(tx, files, record.applicationId, held.size);
      const blobHash = await blobs.store(held);
      await insertDocument(tx, { ...record, fileId, size: held.size, blobHash }, uploadedBy, now);
      await more(tx, fileId);
    },
    [held],
  );
  return fileId;
}

/**
 * An upload's document. A staff upload records its uploader and a worklog row in the same transaction;
 * an applicant's draft upload is part of filling the form.
 */
export async function recordUpload(
  db: Db,
  files: FileStore,
  record: Omit<UploadRecord, 'fileId' | 'size' | 'blobHash'>,
  held: Received,
  staff: UserRecord | null,
  now: Date,
): Promise<{ fileId: string; effects: Effects }> {
  const effects = newEffects();
  const fileId = await storeDocument(db, files, record, held, staff?.userid ?? null, now, async (tx, fileId) => {
    if (!staff) return;
    await addWorklog(tx, {
      applicationId: record.applicationId,
      taskId: null,
      userId: staff.userid,
      action: 'upload_document',
      detail: { fileId, fileName: record.fileName, fieldKey: record.fieldKey },
      at: now,
    });
    effects.changed.set(record.applicationId, now);
  });
  return { fileId, effects };
}

/**
 * POST /v3/deleteDocument, DELETE /v3/remove/ and POST /upload/removeDocument: the row is marked removed
 * and its earlier versions forgotten, dropping their blob references; a blob no other row names goes. Staff (`user`) need access and MANAGE_DOCUMENT
 * and leave a worklog row; `user` null is the application's applicant (the route has checked the
 * session is theirs), who may remove only what they uploaded. A document of another application, or
 * already removed, is not found.
 */
export async function removeDocument(
  db: Db,
  files: FileStore,
  user: UserRecord | null,
  applicationId: string,
  fileId: string,
  now: Date,
): Promise<{ result: { fileId: string; removed: true }; effects: Effects }> {
  if (user) await managedApplication(db, user, applicationId);
  await withBlobs(db, files, async (tx, blobs) => {
    const [row] = await tx.query<{ uploaded_by: string | null; blob_hash: string | null }>(
      `SELECT uploaded_by, blob_hash FROM documents
        WHERE file_id = $1 AND application_id = $2 AND removed_at IS NULL FOR UPDATE`,
      [fileId, applicationId],
    );
    if (!row) throw notFound(FILE_NOT_FOUND);
    if (!user && row.uploaded_by !== null) throw forbidden(STAFF_DOCUMENT);
    await tx.query('UPDATE documents SET removed_at = $2, blob_hash = NULL WHERE file_id = $1', [fileId, now]);
    const versions = await tx.query<{ blob_hash: string | null }>(
      'DELETE FROM document_versions WHERE document_id = $1 RETURNING blob_hash',
      [fileId],
    );
    if (user) {
      await addWorklog(tx, {
        applicationId,
        taskId: null,
        userId: user.userid,
        action: 'delete_document',
        detail: { fileId },
        at: now,
      });
    }
    await blobs.release([row.blob_hash, ...versions.map((v) => v.blob_hash)].filter((h) => h !== null));
  });
  const effects = newEffects();
  // An applicant's draft upload is part of filling the form, as their uploads are (recordUpload).
  if (user) effects.changed.set(applicationId, now);
  return { result: { fileId, removed: true }, effects };
}

/** POST /v3/document/updatemetadata: the metadata sent replaces the document's (a key left out is cleared). */
export async function updateMetadata(db: Db, user: UserRecord, body: DocumentMetadataBody, now: Date) {
  const { application_id: applicationId, fileId } = body;
  await managedApplication(db, user, applicationId);
  const metadata: DocumentMetadata = {};
  if (body.metadata.docType !== undefined) metadata.docType = body.metadata.docType;
  if (body.metadata.description !== undefined) metadata.description = body.metadata.description;
  await db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE documents SET metadata = $3::jsonb
        WHERE file_id = $1 AND application_id = $2 AND removed_at IS NULL RETURNING file_id`,
      [fileId, applicationId, JSON.stringify(metadata)],
    );
    if (updated.length === 0) throw notFound(FILE_NOT_FOUND);
    await addWorklog(tx, {
      applicationId,
      taskId: null,
      userId: user.userid,
      action: 'update_document_metadata',
      detail: { fileId, metadata },
      at: now,
    });
  });
  const effects = newEffects();
  effects.changed.set(applicationId, now);
  return { result: { fileId, metadata }, effects };
}

/**
 * POST /v3/updateDocument before a byte is read: access (404 / 403), MANAGE_DOCUMENT (403), the live
 * document (404), an application already at its storage quota (413).
 */
export async function documentToReplace(
  db: Queryable,
  files: FileStore,
  user: UserRecord,
  applicationId: string,
  fileId: string,
) {
  const stored = await loadApplication(db, user, applicationId);
  assertMayManageDocuments(user);
  const row = await liveDocument(db, applicationId, fileId);
  if (!row) throw notFound(FILE_NOT_FOUND);
  await assertStorageQuota(db, files, applicationId, 0);
  return { stored, fieldKey: row.field_key };
}

/** The checked new file of a replacement, held until the transaction keeps it. */
export interface Replacement {
  fileName: string;
  mimeType: string;
  held: Received;
}

/**
 * POST /v3/updateDocument: the document takes the new file and keeps its id, field key and metadata;
 * the file it held becomes version n (a row naming the same blob, downloadable by number). All of it
 * runs in one transaction with the row locked, so two replacements never record the same earlier file.
 * The kept version counts against the quota, so the new file's size is what the application adds.
 * Worklog `replace_document` and an audit row of the document's field (old → new file, source
 * document:replace).
 */
export async function replaceDocument(
  db: Db,
  files: FileStore,
  user: UserRecord,
  applicationId: string,
  fileId: string,
  replacement: Replacement,
  now: Date,
) {
  const { fileName, mimeType, held } = replacement;
  const size = held.size;
  const result = await withBlobs(
    db,
    files,
    async (tx, blobs) => {
      const [current] = await tx.query<{
        field_key: string;
        file_name: string;
        mime_type: string;
        size: number;
        uploaded_by: string | null;
        created_at: Date | string;
        blob_hash: string | null;
      }>(
        `SELECT field_key, file_name, mime_type, size, uploaded_by, created_at, blob_hash FROM documents
          WHERE file_id = $1 AND application_id = $2 AND removed_at IS NULL FOR UPDATE`,
        [fileId, applicationId],
      );
      if (!current?.blob_hash) throw notFound(FILE_NOT_FOUND);
      await assertStorageQuota(tx, files, applicationId, size);
      const earlier = await keepAsVersion(tx, fileId, current, user.userid, now);
      const blobHash = await blobs.store(held);
      await tx.query(
        'UPDATE documents SET file_name = $2, mime_type = $3, size = $4, uploaded_by = $5, blob_hash = $6 WHERE file_id = $1',
        [fileId, fileName, mimeType, size, user.userid, blobHash],
      );
      await addWorklog(tx, {
        applicationId,
        taskId: null,
        userId: user.userid,
        action: 'replace_document',
        detail: { fileId, fileName, version: earlier + 1, previousFileName: current.file_name },
        at: now,
      });
      await recordAudits(
        tx,
        applicationId,
        [
          {
            fieldKey: current.field_key,
            oldValue: `${current.file_name} (version ${earlier})`,
            newValue: `${fileName} (version ${earlier + 1})`,
          },
        ],
        { userId: user.userid, source: 'document:replace' },
        now,
      );
      return { fileId, fileName, size, mimeType, version: earlier + 1 };
    },
    [held],
  );
  const effects = newEffects();
  effects.changed.set(applicationId, now);
  return { result, effects };
}

/** A live document's current file as a replacement reads it (under its row lock). */
interface CurrentFile extends Record<string, unknown> {
  file_name: string;
  mime_type: string;
  size: number;
  uploaded_by: string | null;
  created_at: Date | string;
  blob_hash: string | null;
}

/**
 * The document's current file becomes its next earlier version (a row naming the same blob), replaced by
 * `replacedBy` now; answers that version's number (the new file is the one after it).
 */
async function keepAsVersion(
  tx: Queryable,
  fileId: string,
  current: CurrentFile,
  replacedBy: string | null,
  now: Date,
): Promise<number> {
  const [last] = await tx.query<{ version: number | null; replaced_at: Date | string | null }>(
    'SELECT max(version) AS version, max(replaced_at) AS replaced_at FROM document_versions WHERE document_id = $1',
    [fileId],
  );
  const earlier = (last?.version ?? 0) + 1;
  await tx.query(
    `INSERT INTO document_versions
       (file_id, document_id, version, file_name, mime_type, size, uploaded_by, uploaded_at, replaced_by, replaced_at, blob_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      randomUUID(),
      fileId,
      earlier,
      current.file_name,
      current.mime_type,
      current.size,
      current.uploaded_by,
      last?.replaced_at ?? current.created_at,
      replacedBy,
      now,
      current.blob_hash,
    ],
  );
  return earlier;
}

/**
 * A generated file (a letter) filed under its field key: the next version of the application's live document
 * with that key (its file kept as an earlier version), else a new document (version 1). Quota, blob, rows and
 * `more` in one transaction; the document's row lock keeps two generations from recording the same version.
 */
export async function storeGeneratedDocument(
  db: Db,
  files: FileStore,
  record: Omit<UploadRecord, 'fileId' | 'size' | 'blobHash'>,
  held: Received,
  by: string | null,
  now: Date,
  more: (tx: Queryable, stored: { fileId: string; version: number }) => Promise<void>,
): Promise<{ fileId: string; version: number }> {
  return withBlobs(
    db,
    files,
    async (tx, blobs) => {
      await assertStorageQuota(tx, files, record.applicationId, held.size);
      const [current] = await tx.query<CurrentFile & { file_id: string }>(
        `SELECT file_id, file_name, mime_type, size, uploaded_by, created_at, blob_hash FROM documents
          WHERE application_id = $1 AND field_key = $2 AND removed_at IS NULL AND blob_hash IS NOT NULL
          ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [record.applicationId, record.fieldKey],
      );
      const blobHash = await blobs.store(held);
      let stored: { fileId: string; version: number };
      if (current) {
        const earlier = await keepAsVersion(tx, current.file_id, current, by, now);
        await tx.query(
          `UPDATE documents SET file_name = $2, mime_type = $3, size = $4, uploaded_by = $5, blob_hash = $6,
                  metadata = $7::jsonb WHERE file_id = $1`,
          [current.file_id, record.fileName, record.mimeType, held.size, by, blobHash, JSON.stringify(record.metadata)],
        );
        stored = { fileId: current.file_id, version: earlier + 1 };
      } else {
        const fileId = randomUUID();
        await insertDocument(tx, { ...record, fileId, size: held.size, blobHash }, by, now);
        stored = { fileId, version: 1 };
      }
      await more(tx, stored);
      return stored;
    },
    [held],
  );
}

/** GET /v3/document/{fileId}/version/{version}: an earlier version of a live document, for staff with access. */
export async function documentVersion(db: Queryable, user: UserRecord, fileId: string, version: number) {
  const [row] = await db.query<{
    blob_hash: string | null;
    file_name: string;
    mime_type: string;
    application_id: string;
  }>(
    `SELECT v.blob_hash, v.file_name, v.mime_type, d.application_id
       FROM document_versions v JOIN documents d ON d.file_id = v.document_id
      WHERE v.document_id = $1 AND v.version = $2 AND d.removed_at IS NULL`,
    [fileId, version],
  );
  if (!row) throw notFound('Version not found');
  await loadApplication(db, user, row.application_id);
  return { blobHash: row.blob_hash, fileName: row.file_name, mimeType: row.mime_type };
}

/**
 * POST /v3/copyFile: a new document (its own id, the same blob) on another application the caller may
 * manage documents of, with the same name, field key and metadata, within the target's storage quota;
 * worklog rows on both applications.
 */
export async function copyDocument(db: Db, files: FileStore, user: UserRecord, body: CopyFileBody, now: Date) {
  const { application_id: applicationId, fileId, toApplicationId } = body;
  if (toApplicationId === applicationId) throw invalid('toApplicationId', 'must be another application');
  await managedApplication(db, user, applicationId);
  await loadApplication(db, user, toApplicationId).catch((error: unknown) => {
    // Name the target: the caller may well have access to the source.
    if (error instanceof HttpError && error.statusCode === 403) {
      throw forbidden(`You do not have access to application ${toApplicationId}`);
    }
    if (error instanceof HttpError && error.statusCode === 404)
      throw invalid('toApplicationId', 'is not an application');
    throw error;
  });
  const newId = randomUUID();
  const source = await db.transaction(async (tx) => {
    // FOR SHARE: a concurrent removal waits, so the blob stays while this row comes to name it.
    const [row] = await tx.query<DocumentRow>(
      `${SELECT_DOCUMENT} WHERE d.file_id = $1 AND d.application_id = $2 AND d.removed_at IS NULL FOR SHARE OF d`,
      [fileId, applicationId],
    );
    if (!row?.blob_hash) throw notFound(FILE_NOT_FOUND);
    await assertStorageQuota(tx, files, toApplicationId, row.size);
    await insertDocument(
      tx,
      {
        fileId: newId,
        applicationId: toApplicationId,
        fieldKey: row.field_key,
        fileName: row.file_name,
        mimeType: row.mime_type,
        size: row.size,
        metadata: row.metadata,
        blobHash: row.blob_hash,
      },
      user.userid,
      now,
    );
    await addWorklog(tx, {
      applicationId,
      taskId: null,
      userId: user.userid,
      action: 'copy_document',
      detail: { fileId, toApplicationId, copyFileId: newId },
      at: now,
    });
    await addWorklog(tx, {
      applicationId: toApplicationId,
      taskId: null,
      userId: user.userid,
      action: 'add_document_copy',
      detail: { fileId: newId, fromApplicationId: applicationId, sourceFileId: fileId },
      at: now,
    });
    return row;
  });
  const effects = newEffects();
  effects.changed.set(applicationId, now);
  effects.changed.set(toApplicationId, now);
  return {
    result: { fileId: newId, application_id: toApplicationId, fileName: source.file_name, size: source.size },
    effects,
  };
}

const MERGEABLE = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** The merged file's name: the caller's, cleaned, ending in .pdf. */
function pdfName(raw: string): string {
  const name = displayName(raw);
  return extensionOf(name) === 'pdf' ? name : `${name.slice(0, 251)}.pdf`;
}

/**
 * POST /v3/mergeDocument: the listed documents of the application (PDFs, PNG and JPEG images), in the
 * order given, into one new PDF document of that application; the originals stay. Anything else, or a
 * file not of this application, is refused naming fileIds[i]; a result over 30 MB answers 413. The merge
 * runs in the document worker pool within its limits (pages, decompressed bytes, pixels, time, memory).
 */
export async function mergeDocuments(
  db: Db,
  files: FileStore,
  work: DocumentWork,
  user: UserRecord,
  body: MergeDocumentBody,
  now: Date,
) {
  const { application_id: applicationId, fileIds } = body;
  await managedApplication(db, user, applicationId);
  const rows = await db.query<DocumentRow>(
    `${SELECT_DOCUMENT} WHERE d.file_id = ANY($1::text[]) AND d.application_id = $2 AND d.removed_at IS NULL`,
    [fileIds, applicationId],
  );
  const byId = new Map(rows.map((r) => [r.file_id, r]));
  const sources = fileIds.map((fileId, i) => {
    const label = `fileIds[${i}]`;
    const row = byId.get(fileId);
    if (!row) throw invalid(label, `is not a document of application ${applicationId}`);
    if (!MERGEABLE.has(row.mime_type)) {
      throw invalid(label, `is ${row.mime_type}: only PDF, PNG and JPEG documents can be merged`);
    }
    return { label, row };
  });
  const fileName = pdfName(body.fileName);
  // The inputs' sizes bound the result's (pages are copied, images embedded as they are): refuse early.
  const total = sources.reduce((sum, s) => sum + s.row.size, 0);
  if (total > MAX_FILE_SIZE_BYTES) throw tooLarge(fileName, MAX_FILE_SIZE_BYTES);
  const parts = [];
  for (const { label, row } of sources) {
    const data = row.blob_hash ? await files.read(row.blob_hash) : null;
    if (!data) throw invalid(label, 'has no stored content');
    parts.push({ label, fileName: row.file_name, mimeType: row.mime_type, data });
  }
  const { bytes, pageCount } = await work.merge(parts);
  if (bytes.length > MAX_FILE_SIZE_BYTES) throw tooLarge(fileName, MAX_FILE_SIZE_BYTES);
  const description = `Merged from ${sources.map((s) => s.row.file_name).join(', ')}`.slice(0, 500);
  const record = {
    applicationId,
    fieldKey: MERGED_FIELD_KEY,
    fileName,
    mimeType: 'application/pdf',
    metadata: { description },
  };
  const mergedId = await storeDocument(db, files, record, await files.hold(bytes), user.userid, now, (tx, newId) =>
    addWorklog(tx, {
      applicationId,
      taskId: null,
      userId: user.userid,
      action: 'merge_documents',
      detail: { fileIds, fileId: newId, fileName, pageCount },
      at: now,
    }),
  );
  const effects = newEffects();
  effects.changed.set(applicationId, now);
  return {
    result: { fileId: mergedId, fileName, size: bytes.length, mimeType: 'application/pdf' as const, pageCount },
    effects,
  };
}

/** The NIC upload's field key: an identity document filed from a file the application already holds. */
const NIC_FIELD_KEY = 'nic_document';

/**
 * POST /api/uploadNICtos3 {app_id, filename, filePath, docType}: a file the application already holds
 * (filePath: its download path, /v3/document/{fileId}) filed again as an identity document of that
 * application under `filename` (which keeps the file's type) with `docType` as its metadata. The bytes are the
 * same blob; only the server's own storage is read, never a path the client names.
 */
export async function fileNicDocument(
  db: Db,
  files: FileStore,
  user: UserRecord,
  body: { app_id: string; filename: string; fileId: string; docType: string },
  now: Date,
) {
  await managedApplication(db, user, body.app_id);
  const name = displayName(body.filename);
  const newId = randomUUID();
  const source = await db.transaction(async (tx) => {
    const [row] = await tx.query<DocumentRow>(
      `${SELECT_DOCUMENT} WHERE d.file_id = $1 AND d.application_id = $2 AND d.removed_at IS NULL FOR SHARE OF d`,
      [body.fileId, body.app_id],
    );
    if (!row?.blob_hash) throw invalid('filePath', 'is not a file of this application');
    if (extensionOf(name) !== extensionOf(row.file_name)) {
      throw invalid('filename', `must keep the file's type (.${extensionOf(row.file_name)})`);
    }
    await assertStorageQuota(tx, files, body.app_id, row.size);
    await insertDocument(
      tx,
      {
        fileId: newId,
        applicationId: body.app_id,
        fieldKey: NIC_FIELD_KEY,
        fileName: name,
        mimeType: row.mime_type,
        size: row.size,
        metadata: { docType: body.docType, description: `Filed from ${row.file_name}` },
        blobHash: row.blob_hash,
      },
      user.userid,
      now,
    );
    await addWorklog(tx, {
      applicationId: body.app_id,
      taskId: null,
      userId: user.userid,
      action: 'upload_document',
      detail: { fileId: newId, fileName: name, fieldKey: NIC_FIELD_KEY, sourceFileId: body.fileId },
      at: now,
    });
    return row;
  });
  const effects = newEffects();
  effects.changed.set(body.app_id, now);
  return { result: { fileId: newId, fileName: name, size: source.size, mimeType: source.mime_type }, effects };
}
