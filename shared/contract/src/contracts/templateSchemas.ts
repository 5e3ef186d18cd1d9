// Request schemas of the template and letter routes (mock-server modules/templates; templates.ts says what
// the values mean). Closed objects: a field nobody declared is a 400 naming it.
import Type, { type Static } from 'typebox';
import { literalUnion } from './flow';
import { closed, FileId, Id, Nullable } from './primitives';
import {
  LIFECYCLE_EVENTS,
  TEMPLATE_LANGUAGES,
  TEMPLATE_LIMITS,
  TEMPLATE_TYPES,
  type TemplateLanguage,
} from './templates';

export const TemplateTypeSchema = literalUnion(TEMPLATE_TYPES);
export const LifecycleEventSchema = literalUnion(LIFECYCLE_EVENTS);
const TemplateLanguageSchema = literalUnion(TEMPLATE_LANGUAGES);
/** A template version's number (1, 2, …). */
export const VerNum = Type.Integer({ minimum: 1, maximum: 999_999_999 });
export const TemplateName = Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.nameLength });
export const TemplateSubject = Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.subjectLength });
export const TemplateBody = Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.bodyLength });

/** A translation of a template's text: subject (EMAIL, HTML) and body in that language. */
const TemplateTranslationSchema = Type.Object({ subject: Nullable(TemplateSubject), body: TemplateBody }, closed);
/** By language code; a language left out has no translation (the template's own text is sent). */
export const TemplateTranslationsSchema = Type.Object(
  Object.fromEntries(TEMPLATE_LANGUAGES.map((language) => [language, Type.Optional(TemplateTranslationSchema)])),
  closed,
);
type TemplateTranslation = Static<typeof TemplateTranslationSchema>;
export type TemplateTranslations = Partial<Record<TemplateLanguage, TemplateTranslation>>;

/** POST /v3/template/templateListAllVersion: every version of the templates of these types. */
export const TemplateListBodySchema = Type.Object(
  { templateTypesArray: Type.Array(TemplateTypeSchema, { minItems: 1, maxItems: 4, uniqueItems: true }) },
  closed,
);
export type TemplateListBody = Static<typeof TemplateListBodySchema>;

/** GET /backstage/getMailTemplate/:id (?verNum=N: an earlier version; query strings stay strings). */
export const TemplateParamsSchema = Type.Object({ id: Id }, closed);
export const TemplateQuerySchema = Type.Object(
  { verNum: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$' })) },
  closed,
);

/**
 * POST /pdfgenerate/createTemplate: a new version of a template (baseVerNum: the version the editor started
 * from, null for a new template id; another version saved meanwhile → 409).
 */
export const CreateTemplateBodySchema = Type.Object(
  {
    template_id: Id,
    template_name: TemplateName,
    template_type: TemplateTypeSchema,
    subject: Nullable(TemplateSubject),
    body: TemplateBody,
    translations: TemplateTranslationsSchema,
    events: Type.Array(LifecycleEventSchema, { maxItems: LIFECYCLE_EVENTS.length, uniqueItems: true }),
    baseVerNum: Nullable(VerNum),
  },
  closed,
);
export type CreateTemplateBody = Static<typeof CreateTemplateBodySchema>;

/** POST /v3/template/preview: a template text rendered for one application, nothing saved. */
export const PreviewTemplateBodySchema = Type.Object(
  {
    applicationId: Id,
    template_type: TemplateTypeSchema,
    subject: Nullable(TemplateSubject),
    body: TemplateBody,
    language: Type.Optional(TemplateLanguageSchema),
  },
  closed,
);
export type PreviewTemplateBody = Static<typeof PreviewTemplateBodySchema>;

/** POST /pdfgenerate/generatePDF: a PDF template (its current version, or verNum) as a letter in the application's Docs. */
export const GeneratePdfBodySchema = Type.Object(
  {
    applicationId: Id,
    template_id: Id,
    verNum: Type.Optional(VerNum),
    language: Type.Optional(TemplateLanguageSchema),
  },
  closed,
);
export type GeneratePdfBody = Static<typeof GeneratePdfBodySchema>;

/**
 * POST /backstage/sendMailCommon: an EMAIL or SMS template to the application's applicant (the address or
 * mobile on the application, never typed), with documents of its Docs attached (EMAIL only).
 */
export const SendMailCommonBodySchema = Type.Object(
  {
    applicationId: Id,
    template_id: Id,
    verNum: Type.Optional(VerNum),
    attachments: Type.Array(FileId, { maxItems: TEMPLATE_LIMITS.attachments, uniqueItems: true }),
  },
  closed,
);
export type SendMailCommonBody = Static<typeof SendMailCommonBodySchema>;
