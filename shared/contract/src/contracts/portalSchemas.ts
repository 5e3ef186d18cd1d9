// The applicant portal's own calls beyond the flow ("request info to the user"; README "Applicant
// portal" of mock-server): e-mail sign-in, opening one of the applicant's applications, the requests for
// information staff sent them and their answers. TypeBox schemas: the server's route schema, the type and
// the browser's check in one definition.
import Type, { type Static } from 'typebox';
import { closed, Email, FileId, Id, Nullable } from './primitives';
import { THEME_LOGO_MAX_LENGTH } from './themeLogo';

/** The field key the e-mail sign-in codes are kept under (never a field of a flow: it has no such key). */
export const PORTAL_SIGN_IN_KEY = 'portal_sign_in';

export const PortalSendCodeBodySchema = Type.Object({ email: Email }, closed);

export const PortalVerifyCodeBodySchema = Type.Object(
  { email: Email, code: Type.String({ pattern: '^[0-9]{6}$' }) },
  closed,
);

export const PortalOpenApplicationBodySchema = Type.Object({ application_id: Id }, closed);

/**
 * POST /v3/queries/updateAndResolveQuery. The applicant answers a request for information of their
 * application: text, and the files they uploaded for the requested document fields. Staff answer a
 * query raised to them (and resolve it) with the text alone.
 */
export const AnswerQueryBodySchema = Type.Object(
  {
    subTaskId: Id,
    application_id: Id,
    answer: Type.String({ minLength: 1, maxLength: 2000 }),
    fileIds: Type.Optional(Type.Array(FileId, { maxItems: 10 })),
  },
  closed,
);
export type AnswerQueryBody = Static<typeof AnswerQueryBodySchema>;

/** A field a request asks for: 'document' when it is a file upload field of the application's flow. */
const RequestedFieldSchema = Type.Object(
  { key: Type.String(), label: Type.String(), kind: Type.Union([Type.Literal('document'), Type.Literal('value')]) },
  closed,
);
export type RequestedField = Static<typeof RequestedFieldSchema>;

const AnswerSchema = Type.Object(
  {
    answer: Type.String(),
    files: Type.Array(Type.Object({ fileId: Type.String(), fileName: Type.String() }, closed)),
    answeredAt: Type.String(),
  },
  closed,
);

/** What the applicant sees of a request for information (GET /v3/queries/{application_id}, applicant session). */
const ApplicantRequestSchema = Type.Object(
  {
    subTaskId: Type.String(),
    application_id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    status: Type.Union([Type.Literal('OPEN'), Type.Literal('RESOLVED'), Type.Literal('CLOSED')]),
    askedBy: Type.String(),
    askedAt: Type.String(),
    fields: Type.Array(RequestedFieldSchema),
    answers: Type.Array(AnswerSchema),
  },
  closed,
);
export type ApplicantRequest = Static<typeof ApplicantRequestSchema>;
export const ApplicantRequestsAnswerSchema = Type.Object({ data: Type.Array(ApplicantRequestSchema) }, closed);

/** The bank's logo (Theme/Default `logo`): a PNG, JPEG or WebP data URL; what it must be is themeLogoProblem's. */
export const ThemeLogoSchema = Type.String({ minLength: 1, maxLength: THEME_LOGO_MAX_LENGTH });

/**
 * GET /v3/portal/branding (public): the bank's logo for the portal's header before any session (null when none),
 * and the bank's IANA time zone the portal shows times in.
 */
export const PortalBrandingSchema = Type.Object(
  { logo: Nullable(ThemeLogoSchema), bankTimeZone: Type.String({ minLength: 1, maxLength: 64 }) },
  closed,
);
export type PortalBranding = Static<typeof PortalBrandingSchema>;
