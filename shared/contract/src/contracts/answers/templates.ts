// Answers of the template and letter routes (mock-server modules/templates).
import Type, { type Static } from 'typebox';
import { literalUnion } from '../flow';
import { closed, FileId, Id, IsoDateTime, Nullable } from '../primitives';
import {
  LifecycleEventSchema,
  TemplateBody,
  TemplateName,
  TemplateSubject,
  TemplateTranslationsSchema,
  TemplateTypeSchema,
  VerNum,
} from '../templateSchemas';
import { SMS_ENCODINGS } from '../templates';

const summaryFields = {
  template_id: Id,
  template_name: TemplateName,
  template_type: TemplateTypeSchema,
  verNum: VerNum,
  subject: Nullable(TemplateSubject),
  events: Type.Array(LifecycleEventSchema),
  /** Languages it has a translation in. */
  languages: Type.Array(Type.String()),
  /** The userid of the operations admin who saved this version. */
  createdBy: Type.String(),
  createdAt: IsoDateTime,
  /** The newest version of its template (what is sent and generated unless a version is named). */
  current: Type.Boolean(),
};

/** A version without its text, as the list answers it. */
const TemplateSummarySchema = Type.Object(summaryFields, closed);
export type TemplateSummary = Static<typeof TemplateSummarySchema>;

/** One version of a template, whole. Versions are never changed once saved. */
export const TemplateVersionSchema = Type.Object(
  { ...summaryFields, body: TemplateBody, translations: TemplateTranslationsSchema },
  closed,
);
export type TemplateVersion = Static<typeof TemplateVersionSchema>;

/** POST templateListAllVersion: every version, grouped by template (by id), newest version first. */
export const TemplateListAnswerSchema = Type.Object({ templates: Type.Array(TemplateSummarySchema) }, closed);
export type TemplateListAnswer = Static<typeof TemplateListAnswerSchema>;

/** POST createTemplate: the version just saved. */
export const CreatedTemplateAnswerSchema = Type.Object({ template_id: Id, verNum: VerNum }, closed);
export type CreatedTemplateAnswer = Static<typeof CreatedTemplateAnswerSchema>;

/** How an SMS text is split into parts as gateways count them. */
const SmsSegmentsSchema = Type.Object(
  {
    encoding: literalUnion(SMS_ENCODINGS),
    /** Septets (GSM-7: an extension character counts 2) or UTF-16 code units (UCS-2). */
    units: Type.Integer({ minimum: 0 }),
    segments: Type.Integer({ minimum: 0 }),
  },
  closed,
);

/** POST preview of an EMAIL, HTML or SMS text (a PDF's preview is the PDF itself). */
export const TemplatePreviewAnswerSchema = Type.Object(
  {
    subject: Nullable(Type.String()),
    /** The plain text (SMS text, the e-mail's text part). */
    text: Type.String(),
    /** EMAIL and HTML: the HTML, every value escaped; SMS: null. */
    html: Nullable(Type.String()),
    /** SMS: how it is split; otherwise null. */
    smsSegments: Nullable(SmsSegmentsSchema),
  },
  closed,
);
export type TemplatePreviewAnswer = Static<typeof TemplatePreviewAnswerSchema>;

/** POST generatePDF: the letter in Docs (a new document, or a new version of the template's earlier letter). */
export const GeneratedLetterAnswerSchema = Type.Object(
  {
    fileId: FileId,
    version: Type.Integer({ minimum: 1 }),
    fileName: Type.String(),
    pageCount: Type.Integer({ minimum: 1 }),
  },
  closed,
);
export type GeneratedLetterAnswer = Static<typeof GeneratedLetterAnswerSchema>;

/** POST sendMailCommon: the message queued for delivery (its status is in the delivery log). */
export const SentMessageAnswerSchema = Type.Object({ messageId: Type.String() }, closed);
export type SentMessageAnswer = Static<typeof SentMessageAnswerSchema>;
