// Uploads, downloads and removal of an application's files, and the signature pad's image
// (README "Uploads"), for applicants and staff; the staff document routes of the Docs tab (README "Back
// office": list, delete, metadata, copy, merge). Multipart is parsed only here (@fastify/multipart,
// this plugin's scope). SQL and transactions are in services/documents.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  CopyFileBodySchema,
  DocumentMetadataBodySchema,
  DocumentRefBodySchema,
  MAX_FILE_SIZE_BYTES,
  MergeDocumentBodySchema,
  UPLOAD_KINDS,
  type UploadedDocument,
  type UploadKind,
} from '@originate/shared/node';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { caller, type PluginOptions } from '../context';
import { forbidden, HttpError, invalid, notFound } from '../errors';
import {
  assertMayManageDocuments,
  copyDocument,
  type DocumentMetadata,
  documentsOf,
  mergeDocuments,
  recordUpload,
  removeDocument,
  tooLarge,
  updateMetadata,
} from '../services/documents';
import { publish } from '../services/effects';
import { displayName, extensionOf, FILE_ID_PATTERN, FILE_TYPES, matchesSignature } from '../services/files';
import { loadApplication } from '../services/task-context';
import type { UserRecord } from '../services/users';
import { NOT_YOURS } from './applications';
import { applicationFor, flowOfApplication } from './customer';
import { idString } from './schemas';

const closed = { additionalProperties: false } as const;
const AppId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });
const FileId = Type.String({ pattern: FILE_ID_PATTERN });
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const KEY = /^[A-Za-z0-9_.-]{1,128}$/;
const MAX_SIGNATURE_BYTES = 2 * 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Where an upload goes: the kinds it may be, the document type a staff key names, the staff uploader. */
interface UploadTarget {
  accept: readonly UploadKind[];
  metadata: DocumentMetadata;
  staff: UserRecord | null;
}

export const documentRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db, files } = ctx;
  await app.register(multipart, {
    // One file and its two fields; the size limit is the spec's 30 MB (checked while streaming).
    limits: { fileSize: MAX_FILE_SIZE_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6, headerPairs: 50 },
  });

  /**
   * An applicant uploads to a file upload field of their application's flow. Staff need access and
   * MANAGE_DOCUMENT; their key is such a field (its kinds apply) or, when it names no field of the flow
   * (or the application has no flow), a document type: any spec §5 kind, recorded as metadata.docType.
   */
  async function uploadTarget(request: FastifyRequest, applicationId: string, fieldKey: string): Promise<UploadTarget> {
    const staff = request.auth?.user ?? null;
    const stored = staff
      ? await loadApplication(db, staff, applicationId)
      : await applicationFor(ctx, request, applicationId);
    if (staff) assertMayManageDocuments(staff);
    const flowCtx = await flowOfApplication(ctx, stored).catch((error: unknown) => {
      // 409: a back-office application without a flow; staff file documents on it by type.
      if (staff && error instanceof HttpError && error.statusCode === 409) return null;
      throw error;
    });
    const fields = [...(flowCtx?.components.values() ?? [])].flatMap((c) => c.fields.filter((f) => f.key === fieldKey));
    const field = fields.find((f) => f.field_type_details.type === 'file_upload');
    if (field) return { accept: field.field_type_details.accept ?? UPLOAD_KINDS, metadata: {}, staff };
    if (staff && fields.length === 0) return { accept: UPLOAD_KINDS, metadata: { docType: fieldKey }, staff };
    throw invalid('fieldKey', `is not a file upload field of flow ${flowCtx?.flow.flowId}`);
  }

  app.post(API_PATHS.uploadDocument, { config: { applicant: true } }, async (request): Promise<UploadedDocument> => {
    if (!request.isMultipart()) throw invalid('content-type', 'must be multipart/form-data');
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'application_id' && part.fieldname !== 'fieldKey') {
          throw invalid(part.fieldname.slice(0, 64), 'is not allowed');
        }
        if (typeof part.value !== 'string') throw invalid(part.fieldname, 'must be text');
        fields[part.fieldname] = part.value;
        continue;
      }
      // The file: its fields came first, so nothing is written before access and type are known.
      const { application_id: applicationId, fieldKey } = fields;
      if (applicationId === undefined || !ID.test(applicationId)) {
        part.file.resume();
        throw invalid('application_id', 'must come before the file and be an application id');
      }
      if (fieldKey === undefined || !KEY.test(fieldKey)) {
        part.file.resume();
        throw invalid('fieldKey', 'must come before the file and be a field key');
      }
      const target = await uploadTarget(request, applicationId, fieldKey).catch((error: unknown) => {
        part.file.resume();
        throw error;
      });
      const fileName = displayName(part.filename);
      const rule = FILE_TYPES[extensionOf(fileName)];
      const accepted = target.accept;
      if (!rule || !accepted.includes(rule.kind)) {
        part.file.resume();
        throw invalid(fileName, `is not an accepted file type (${accepted.join(', ')})`);
      }
      const written = await files.receive(part.file);
      if (written.truncated) {
        await written.discard();
        throw tooLarge(fileName, MAX_FILE_SIZE_BYTES);
      }
      if (written.size === 0 || !matchesSignature(rule, written.head)) {
        await written.discard();
        throw invalid(fileName, `is not a ${rule.kind} file (its content does not match .${extensionOf(fileName)})`);
      }
      const fileId = randomUUID();
      await written.commit(fileId);
      const record = {
        fileId,
        applicationId,
        fieldKey,
        fileName,
        mimeType: rule.mime,
        size: written.size,
        metadata: target.metadata,
      };
      const effects = await recordUpload(db, record, target.staff, ctx.now()).catch(async (error: unknown) => {
        await files.remove(fileId);
        throw error;
      });
      await publish(ctx, effects);
      return { fileId, fileName, size: written.size, mimeType: rule.mime };
    }
    throw invalid('file', 'is required');
  });

  app.post(
    API_PATHS.uploadSignature,
    {
      config: { applicant: true },
      // A 2 MB PNG in base64 is about 2.7 MB of JSON.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        body: Type.Object(
          {
            dataURI: Type.String({ minLength: 1, maxLength: 3 * 1024 * 1024 }),
            app_id: AppId,
          },
          closed,
        ),
      },
    },
    async (request) => {
      const { dataURI, app_id } = request.body;
      const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataURI);
      if (!match?.[1]) throw invalid('dataURI', 'must be a base64 data URI of an image/png');
      const png = Buffer.from(match[1], 'base64');
      if (png.length > MAX_SIGNATURE_BYTES) throw tooLarge('The signature', MAX_SIGNATURE_BYTES);
      if (!PNG.every((b, i) => png[i] === b)) throw invalid('dataURI', 'is not a PNG image');
      await applicationFor(ctx, request, app_id);
      const fileId = randomUUID();
      await files.put(fileId, png);
      await db.query(
        `INSERT INTO documents (file_id, application_id, field_key, file_name, mime_type, size, created_at)
         VALUES ($1, $2, 'signature', 'signature.png', 'image/png', $3, $4)`,
        [fileId, app_id, png.length, ctx.now()],
      );
      return { fileId };
    },
  );

  async function ownedFile(request: FastifyRequest, fileId: string, applicationId?: string) {
    if (applicationId !== undefined && request.applicant && request.applicant.applicationId !== applicationId) {
      throw forbidden(NOT_YOURS);
    }
    const [row] = await db.query<{ application_id: string; file_name: string; mime_type: string }>(
      'SELECT application_id, file_name, mime_type FROM documents WHERE file_id = $1 AND removed_at IS NULL',
      [fileId],
    );
    // An applicant learns nothing about other applications' files: not found and not yours look alike.
    if (!row || (applicationId !== undefined && row.application_id !== applicationId)) throw notFound('File not found');
    if (request.applicant && request.applicant.applicationId !== row.application_id) throw notFound('File not found');
    await applicationFor(ctx, request, row.application_id);
    return row;
  }

  app.get(
    API_PATHS.downloadDocument,
    { config: { applicant: true }, schema: { params: Type.Object({ fileId: FileId }, closed) } },
    async (request, reply) => {
      const row = await ownedFile(request, request.params.fileId);
      const data = await files.read(request.params.fileId);
      if (!data) throw notFound('File not found');
      const ascii = row.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .type(row.mime_type)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
        )
        .send(data);
    },
  );

  app.delete(
    API_PATHS.removeDocument,
    {
      config: { applicant: true },
      schema: { querystring: Type.Object({ fileId: FileId, application_id: AppId }, closed) },
    },
    async (request) => {
      const { fileId, application_id } = request.query;
      if (request.auth) {
        // Staff: the rules of POST /v3/deleteDocument (MANAGE_DOCUMENT, worklog, live lists).
        const { effects } = await removeDocument(db, files, request.auth.user, application_id, fileId, ctx.now());
        await publish(ctx, effects);
        return { removed: true };
      }
      await ownedFile(request, fileId, application_id);
      await db.query('UPDATE documents SET removed_at = $2 WHERE file_id = $1', [fileId, ctx.now()]);
      await files.remove(fileId);
      return { removed: true };
    },
  );

  // The Docs tab (staff only: no applicant flag).
  app.get(
    API_PATHS.applicationDocuments,
    { schema: { params: Type.Object({ applicationId: Type.String(idString) }, closed) } },
    async (request) => ({ data: await documentsOf(db, caller(request).user, request.params.applicationId) }),
  );

  app.post(API_PATHS.deleteDocument, { schema: { body: DocumentRefBodySchema } }, async (request) => {
    const { application_id, fileId } = request.body;
    const { result, effects } = await removeDocument(
      db,
      files,
      caller(request).user,
      application_id,
      fileId,
      ctx.now(),
    );
    await publish(ctx, effects);
    return result;
  });

  app.post(API_PATHS.updateDocumentMetadata, { schema: { body: DocumentMetadataBodySchema } }, async (request) => {
    const { result, effects } = await updateMetadata(db, caller(request).user, request.body, ctx.now());
    await publish(ctx, effects);
    return result;
  });

  app.post(API_PATHS.copyFile, { schema: { body: CopyFileBodySchema } }, async (request) => {
    const { result, effects } = await copyDocument(db, files, caller(request).user, request.body, ctx.now());
    await publish(ctx, effects);
    return result;
  });

  app.post(API_PATHS.mergeDocument, { schema: { body: MergeDocumentBodySchema } }, async (request) => {
    const { result, effects } = await mergeDocuments(db, files, caller(request).user, request.body, ctx.now());
    await publish(ctx, effects);
    return result;
  });
};
