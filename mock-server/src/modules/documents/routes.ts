// Uploads, downloads and removal of an application's files, and the signature pad's image
// (README "Uploads"), for applicants and staff; the staff document routes of the Docs tab (README "Back
// office": list, delete, metadata, replace and earlier versions, copy, merge). Multipart is parsed only
// here (@fastify/multipart, this plugin's scope). SQL and transactions are in modules/documents/documents.
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, MAX_FILE_SIZE_BYTES, type UploadedDocument, type UploadKind } from '@originate/contract';
import {
  CopiedFileAnswerSchema,
  CopyFileBodySchema,
  closed,
  DeletedDocumentAnswerSchema,
  DocumentMetadataBodySchema,
  DocumentRefBodySchema,
  DocumentsAnswerSchema,
  DocumentVersionParamsSchema,
  ERROR_ANSWERS,
  FileBytesAnswerSchema,
  FileId,
  Id,
  Key,
  MergeDocumentBodySchema,
  MergedDocumentAnswerSchema,
  MetadataAnswerSchema,
  RemovedUploadAnswerSchema,
  ReplacedDocumentAnswerSchema,
  SignatureAnswerSchema,
  schemaIssues,
  UPLOAD_KINDS,
  UploadAnswerSchema,
  UploadNicAnswerSchema,
  UploadNicBodySchema,
} from '@originate/contract/schemas';
import type { FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { attachment } from '../../http/attachment';
import { checked, contractValidator } from '../../http/bodies';
import { HttpError, invalid, notFound } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { caller, type PluginOptions } from '../../platform/context';
import type { StoredApplication } from '../applications';
import { applicationFor, flowOfApplication, loadApplication, publish } from '../applications';
import { assertStorageQuota } from './blobs';
import { displayName, extensionOf, FILE_TYPES, isTextType, matchesSignature } from './files';
import {
  assertMayManageDocuments,
  copyDocument,
  type DocumentMetadata,
  documentsOf,
  documentToReplace,
  documentVersion,
  fileNicDocument,
  liveFile,
  mergeDocuments,
  recordUpload,
  removeDocument,
  replaceDocument,
  tooLarge,
  updateMetadata,
} from './staff-work';

const fits = (schema: TSchema, value: string | undefined) => schemaIssues(schema, value).length === 0;
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

  /** The application's flow and the fields `fieldKey` names in it (none when the application has no flow, for staff). */
  async function flowFields(stored: StoredApplication, fieldKey: string, staff: boolean) {
    const flowCtx = await flowOfApplication(ctx, stored).catch((error: unknown) => {
      // 409: a back-office application without a flow; staff file documents on it by type.
      if (staff && error instanceof HttpError && error.statusCode === 409) return null;
      throw error;
    });
    const fields = [...(flowCtx?.components.values() ?? [])].flatMap((c) => c.fields.filter((f) => f.key === fieldKey));
    const upload = fields.find((f) => f.field_type_details.type === 'file_upload');
    return { flowId: flowCtx?.flow.flowId, fields, upload };
  }

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
    await assertStorageQuota(db, files, applicationId, 0);
    const { flowId, fields, upload } = await flowFields(stored, fieldKey, staff !== null);
    if (upload) return { accept: upload.field_type_details.accept ?? UPLOAD_KINDS, metadata: {}, staff };
    if (staff && fields.length === 0) return { accept: UPLOAD_KINDS, metadata: { docType: fieldKey }, staff };
    throw invalid('fieldKey', `is not a file upload field of flow ${flowId}`);
  }

  /**
   * Multipart with text fields (only `allowed`) before one file: `handle` gets the fields and the file,
   * whose stream is drained if it refuses, so the request ends cleanly.
   */
  async function fieldsThenFile<T>(
    request: FastifyRequest,
    allowed: readonly string[],
    handle: (fields: Record<string, string>, file: MultipartFile) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart()) throw invalid('content-type', 'must be multipart/form-data');
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        return handle(fields, part).catch((error: unknown) => {
          part.file.resume();
          throw error;
        });
      }
      if (!allowed.includes(part.fieldname)) throw invalid(part.fieldname.slice(0, 64), 'is not allowed');
      if (typeof part.value !== 'string') throw invalid(part.fieldname, 'must be text');
      fields[part.fieldname] = part.value;
    }
    throw invalid('file', 'is required');
  }

  /**
   * The file's type by extension (one of `accept`), then its bytes into a temporary place (413 over
   * 30 MB) and its content against the type (a signature, or the whole text as UTF-8); the service
   * keeps what was held or discards it.
   */
  async function receiveChecked(part: MultipartFile, accept: readonly UploadKind[]) {
    const fileName = displayName(part.filename);
    const rule = FILE_TYPES[extensionOf(fileName)];
    if (!rule || !accept.includes(rule.kind)) {
      throw invalid(fileName, `is not an accepted file type (${accept.join(', ')})`);
    }
    const written = await files.receive(part.file);
    if (written.truncated) {
      await written.discard();
      throw tooLarge(fileName, MAX_FILE_SIZE_BYTES);
    }
    if (written.size === 0 || (!isTextType(rule) && !matchesSignature(rule, written.head))) {
      await written.discard();
      throw invalid(fileName, `is not a ${rule.kind} file (its content does not match .${extensionOf(fileName)})`);
    }
    if (isTextType(rule) && !written.text) {
      await written.discard();
      throw invalid(
        fileName,
        `is not UTF-8 text (.${extensionOf(fileName)} files must be UTF-8 without NUL characters)`,
      );
    }
    return { fileName, mimeType: rule.mime, written };
  }

  app.post(
    API_PATHS.uploadDocument,
    { config: { applicant: true }, schema: { response: { 200: UploadAnswerSchema, ...ERROR_ANSWERS } } },
    (request) =>
      fieldsThenFile(request, ['application_id', 'fieldKey'], async (fields, part): Promise<UploadedDocument> => {
        // The fields came first, so nothing is written before access and type are known.
        const { application_id: applicationId, fieldKey } = fields;
        if (applicationId === undefined || !fits(Id, applicationId)) {
          throw invalid('application_id', 'must come before the file and be an application id');
        }
        if (fieldKey === undefined || !fits(Key, fieldKey)) {
          throw invalid('fieldKey', 'must come before the file and be a field key');
        }
        const target = await uploadTarget(request, applicationId, fieldKey);
        const { fileName, mimeType, written } = await receiveChecked(part, target.accept);
        const record = { applicationId, fieldKey, fileName, mimeType, metadata: target.metadata };
        const { fileId, effects } = await recordUpload(db, files, record, written, target.staff, ctx.now());
        await publish(ctx, effects);
        return { fileId, fileName, size: written.size, mimeType };
      }),
  );

  // Staff only: a document's new file, with the kinds its upload field takes (any kind for a document type).
  app.post(
    API_PATHS.updateDocument,
    { schema: { response: { 200: ReplacedDocumentAnswerSchema, ...ERROR_ANSWERS } } },
    (request) =>
      fieldsThenFile(request, ['application_id', 'fileId'], async (fields, part) => {
        const user = caller(request).user;
        const { application_id: applicationId, fileId } = checked(DocumentRefBodySchema, fields);
        const { stored, fieldKey } = await documentToReplace(db, files, user, applicationId, fileId);
        const { upload } = await flowFields(stored, fieldKey, true);
        const { fileName, mimeType, written } = await receiveChecked(
          part,
          upload?.field_type_details.accept ?? UPLOAD_KINDS,
        );
        const replacement = { fileName, mimeType, held: written };
        const { result, effects } = await replaceDocument(
          db,
          files,
          user,
          applicationId,
          fileId,
          replacement,
          ctx.now(),
        );
        await publish(ctx, effects);
        return result;
      }),
  );

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
            app_id: Id,
          },
          closed,
        ),
        response: { 200: SignatureAnswerSchema, ...ERROR_ANSWERS },
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
      const record = {
        applicationId: app_id,
        fieldKey: 'signature',
        fileName: 'signature.png',
        mimeType: 'image/png',
        metadata: {},
      };
      const { fileId } = await recordUpload(db, files, record, await files.hold(png), null, ctx.now());
      return { fileId };
    },
  );

  /** A live file the caller may read: its applicant, or staff with access to its application. */
  async function ownedFile(request: FastifyRequest, fileId: string) {
    const row = await liveFile(db, fileId);
    // An applicant learns nothing about other applications' files: not found and not yours look alike.
    if (!row || (request.applicant && request.applicant.applicationId !== row.application_id)) {
      throw notFound('File not found');
    }
    await applicationFor(ctx, request, row.application_id);
    return row;
  }

  app.get(
    API_PATHS.downloadDocument,
    {
      config: { applicant: true },
      schema: {
        params: Type.Object({ fileId: FileId }, closed),
        response: { 200: FileBytesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const row = await ownedFile(request, request.params.fileId);
      const data = row.blob_hash ? await files.read(row.blob_hash) : null;
      if (!data) throw notFound('File not found');
      return attachment(reply, data, row.file_name, row.mime_type);
    },
  );

  app.get(
    API_PATHS.documentVersion,
    { schema: { params: DocumentVersionParamsSchema, response: { 200: FileBytesAnswerSchema, ...ERROR_ANSWERS } } },
    async (request, reply) => {
      const { fileId, version } = request.params;
      const found = await documentVersion(db, caller(request).user, fileId, Number(version));
      const data = found.blobHash ? await files.read(found.blobHash) : null;
      if (!data) throw notFound('Version not found');
      return attachment(reply, data, found.fileName, found.mimeType);
    },
  );

  /**
   * DELETE /v3/remove/ and POST /upload/removeDocument: staff by the rules of POST /v3/deleteDocument
   * (MANAGE_DOCUMENT, worklog, live lists); an applicant session only on its own application (403
   * otherwise), and only the files it uploaded there.
   */
  async function removeUpload(request: FastifyRequest, applicationId: string, fileId: string) {
    const staff = request.auth?.user ?? null;
    if (!staff) await applicationFor(ctx, request, applicationId);
    const { effects } = await removeDocument(db, files, staff, applicationId, fileId, ctx.now());
    await publish(ctx, effects);
    return { removed: true as const };
  }

  app.delete(
    API_PATHS.removeDocument,
    {
      config: { applicant: true },
      schema: {
        querystring: Type.Object({ fileId: FileId, application_id: Id }, closed),
        response: { 200: RemovedUploadAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => removeUpload(request, request.query.application_id, request.query.fileId),
  );

  app.post(
    API_PATHS.removeUploadedDocument,
    {
      config: { applicant: true },
      schema: { body: DocumentRefBodySchema, response: { 200: RemovedUploadAnswerSchema, ...ERROR_ANSWERS } },
    },
    (request) => removeUpload(request, request.body.application_id, request.body.fileId),
  );

  // The Docs tab (staff only: no applicant flag).
  app.get(
    API_PATHS.applicationDocuments,
    {
      schema: {
        params: Type.Object({ applicationId: Id }, closed),
        response: { 200: DocumentsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => ({ data: await documentsOf(db, caller(request).user, request.params.applicationId) }),
  );

  app.post(
    API_PATHS.deleteDocument,
    { schema: { body: DocumentRefBodySchema, response: { 200: DeletedDocumentAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
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
    },
  );

  app.post(
    API_PATHS.updateDocumentMetadata,
    { schema: { body: DocumentMetadataBodySchema, response: { 200: MetadataAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { result, effects } = await updateMetadata(db, caller(request).user, request.body, ctx.now());
      await publish(ctx, effects);
      return result;
    },
  );

  app.post(
    API_PATHS.copyFile,
    { schema: { body: CopyFileBodySchema, response: { 200: CopiedFileAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { result, effects } = await copyDocument(db, files, caller(request).user, request.body, ctx.now());
      await publish(ctx, effects);
      return result;
    },
  );

  app.post(
    API_PATHS.mergeDocument,
    { schema: { body: MergeDocumentBodySchema, response: { 200: MergedDocumentAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { result, effects } = await mergeDocuments(
        db,
        files,
        ctx.documentWork,
        caller(request).user,
        request.body,
        ctx.now(),
      );
      await publish(ctx, effects);
      return result;
    },
  );

  app.post(
    API_PATHS.uploadNic,
    {
      schema: { body: UploadNicBodySchema, response: { 200: UploadNicAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { app_id, filename, filePath, docType } = request.body;
      // The schema holds filePath to /v3/document/{fileId}: the id is all that is read of it.
      const fileId = filePath.slice(filePath.lastIndexOf('/') + 1);
      const { result, effects } = await fileNicDocument(
        db,
        files,
        caller(request).user,
        { app_id, filename, fileId, docType },
        ctx.now(),
      );
      await publish(ctx, effects);
      return result;
    },
  );
};
