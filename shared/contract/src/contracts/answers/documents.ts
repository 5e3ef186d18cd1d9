// Answers of the documents module (mock-server modules/documents): uploads, the signature, removals,
// downloads and the Docs tab's list, metadata, replacement, copy and merge.
import Type, { type Static } from 'typebox';
import { UploadedDocumentSchema } from '../flow';
import { closed, FileId, Id, IsoDateTime, Nullable } from '../primitives';

const Text = Type.String();
const Size = Type.Integer({ minimum: 0 });

/** A download: the file's bytes as an attachment of its MIME type (never serialized as JSON). */
export const FileBytesAnswerSchema = Type.String({ format: 'binary' });

/** POST /api/uploadLocalFiletoS3: the stored file, as a file upload field's value holds it. */
export const UploadAnswerSchema = UploadedDocumentSchema;
/** POST /v3/updateDocument: the document's new file and its version number. */
export const ReplacedDocumentAnswerSchema = Type.Object(
  { ...UploadedDocumentSchema.properties, version: Type.Integer({ minimum: 2 }) },
  closed,
);
export type ReplacedDocumentAnswer = Static<typeof ReplacedDocumentAnswerSchema>;
/** POST /api/uploadSignaturetoS3. */
export const SignatureAnswerSchema = Type.Object({ fileId: FileId }, closed);
export type SignatureAnswer = Static<typeof SignatureAnswerSchema>;
/** DELETE /v3/remove/ and POST /upload/removeDocument. */
export const RemovedUploadAnswerSchema = Type.Object({ removed: Type.Literal(true) }, closed);
export type RemovedUploadAnswer = Static<typeof RemovedUploadAnswerSchema>;
/** POST /v3/deleteDocument. */
export const DeletedDocumentAnswerSchema = Type.Object({ fileId: FileId, removed: Type.Literal(true) }, closed);
export type DeletedDocumentAnswer = Static<typeof DeletedDocumentAnswerSchema>;

const DocumentMetadataSchema = Type.Object({ docType: Type.Optional(Text), description: Type.Optional(Text) }, closed);
/** POST /v3/document/updatemetadata: the document's metadata as it now is. */
export const MetadataAnswerSchema = Type.Object({ fileId: FileId, metadata: DocumentMetadataSchema }, closed);
export type MetadataAnswer = Static<typeof MetadataAnswerSchema>;
/** POST /v3/copyFile: the copy, on the other application. */
export const CopiedFileAnswerSchema = Type.Object(
  { fileId: FileId, application_id: Id, fileName: Text, size: Size },
  closed,
);
export type CopiedFileAnswer = Static<typeof CopiedFileAnswerSchema>;
/** POST /v3/mergeDocument: the merged PDF. */
export const MergedDocumentAnswerSchema = Type.Object(
  {
    ...UploadedDocumentSchema.properties,
    mimeType: Type.Literal('application/pdf'),
    pageCount: Type.Integer({ minimum: 1 }),
  },
  closed,
);
export type MergedDocumentAnswer = Static<typeof MergedDocumentAnswerSchema>;

/** An earlier file of a document, kept when it was replaced. */
const DocumentVersionSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    fileName: Text,
    mimeType: Text,
    size: Size,
    uploadedBy: Nullable(Text),
    uploadedAt: IsoDateTime,
    replacedAt: IsoDateTime,
  },
  closed,
);
/** A document of the Docs tab (GET /v3/application/{id}/documents), newest first. */
const StaffDocumentSchema = Type.Object(
  {
    fileId: FileId,
    fileName: Text,
    fieldKey: Text,
    mimeType: Text,
    size: Size,
    metadata: DocumentMetadataSchema,
    /** Who uploaded the current file (null: the applicant). */
    uploadedBy: Nullable(Text),
    createdAt: IsoDateTime,
    /** The current file's number and upload time; `versions` are the earlier files, newest first. */
    version: Type.Integer({ minimum: 1 }),
    updatedAt: IsoDateTime,
    versions: Type.Array(DocumentVersionSchema),
  },
  closed,
);
export type StaffDocument = Static<typeof StaffDocumentSchema>;
export const DocumentsAnswerSchema = Type.Object({ data: Type.Array(StaffDocumentSchema) }, closed);
