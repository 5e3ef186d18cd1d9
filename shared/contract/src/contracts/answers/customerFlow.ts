// Answers of the customer-flow module (mock-server modules/customer-flow): saves, the copy, the resume
// token, the captcha, the mandatory-validation queue and microflows. The application they carry is the
// one GET /v3/application/{id} answers (an applicant's without appLifeCycle and initiatedBy).
import Type, { type Static } from 'typebox';
import { FormValuesSchema } from '../flow';
import { AnyKey, Code, closed, FileId, Id, IsoDateTime, Key } from '../primitives';
import { ApplicationSchema } from './applications';
import { SessionSchema } from './portal';

/** A resume link's token; null once the save submitted the application (its links are over). */
const ResumeTokenSchema = Type.Union([Type.String({ minLength: 1, maxLength: 256 }), Type.Null()]);

/**
 * POST /v3/application/consumer/save_or_update: the application and its resume token; the first save
 * (made without a session, it creates the application) also answers an applicant session for it. One
 * object rather than a union: the serializer picks a union's branch by validating the whole application.
 */
export const ConsumerSaveAnswerSchema = Type.Object(
  { application: ApplicationSchema, session: Type.Optional(SessionSchema), resumeToken: ResumeTokenSchema },
  closed,
);
export type ConsumerSaveAnswer = Static<typeof ConsumerSaveAnswerSchema>;

/** Staff saves (user/save_or_update, /v3/application/save) and the copy (GET /v3/application/copy/{id}). */
export const ApplicationAnswerSchema = Type.Object({ application: ApplicationSchema }, closed);
export type ApplicationAnswer = Static<typeof ApplicationAnswerSchema>;

/**
 * GET /v3/captcha/challenge: an ALTCHA (v2) proof-of-work challenge, in the widget's format. The signature
 * is an HMAC over every parameter altcha-lib sets, so the parameters object stays open: a key it adds in a
 * later version must reach the widget, or the solution no longer verifies.
 */
export const CaptchaChallengeAnswerSchema = Type.Object(
  {
    parameters: Type.Object(
      {
        algorithm: Type.String({ minLength: 1 }),
        nonce: Type.String({ minLength: 1 }),
        salt: Type.String({ minLength: 1 }),
        cost: Type.Integer({ minimum: 1 }),
        keyLength: Type.Integer({ minimum: 1 }),
        keyPrefix: Type.String(),
        /** Seconds since the epoch. */
        expiresAt: Type.Integer(),
      },
      { additionalProperties: true },
    ),
    signature: Type.String({ minLength: 1 }),
  },
  closed,
);
export type CaptchaChallengeAnswer = Static<typeof CaptchaChallengeAnswerSchema>;

/** POST /v3/captcha/validateCaptcha: whether the solution is good (it is used up by the first save). */
export const CaptchaVerifiedAnswerSchema = Type.Object({ verified: Type.Boolean() }, closed);

/** POST /validations/addMandatoryValidations: the fields whose mandatory validation is pending. */
export const MandatoryQueuedAnswerSchema = Type.Object({ queued: Type.Boolean(), pending: Type.Array(Key) }, closed);
export type MandatoryQueuedAnswer = Static<typeof MandatoryQueuedAnswerSchema>;

const MandatoryResultSchema = Type.Object(
  { key: Key, valid: Type.Boolean(), reason: Type.Optional(Type.String()) },
  closed,
);
export type MandatoryResult = Static<typeof MandatoryResultSchema>;
/** POST /validations/updateMandatoryValidations: each asked field, valid or why not. */
export const MandatoryResultsAnswerSchema = Type.Object({ results: Type.Array(MandatoryResultSchema) }, closed);
export type MandatoryResultsAnswer = Static<typeof MandatoryResultsAnswerSchema>;

const FileActionFields = { fileId: FileId, fileName: Type.String({ minLength: 1, maxLength: 255 }) };
/** What a microflow asks the portal to do: set values, mark fields verified, preview or download a file. */
const MicroflowActionSchema = Type.Union([
  Type.Object({ type: Type.Literal('LOOKUP'), values: Type.Record(AnyKey, Type.String()) }, closed),
  Type.Object(
    {
      type: Type.Literal('APPLICATION_UPDATE'),
      values: Type.Record(AnyKey, Type.Union([Type.String(), Type.Number()])),
    },
    closed,
  ),
  Type.Object({ type: Type.Literal('PREVIEW_FILE'), ...FileActionFields }, closed),
  Type.Object({ type: Type.Literal('VERIFY_FIELDS'), keys: Type.Array(Key), isVerified: Type.Boolean() }, closed),
  Type.Object({ type: Type.Literal('DOWNLOAD_FILE'), ...FileActionFields }, closed),
]);
export type MicroflowAction = Static<typeof MicroflowActionSchema>;
/** POST /v3/microflow/execute/{id}: the microflow's actions, in order. */
export const MicroflowAnswerSchema = Type.Object({ actions: Type.Array(MicroflowActionSchema) }, closed);
export type MicroflowAnswer = Static<typeof MicroflowAnswerSchema>;

/**
 * POST /v3/application/create (staff): a new application of the product, started by the caller (source
 * BRANCH), its customer-flow task theirs. `customFields` are values known beforehand (a lead's details),
 * checked as a staff save checks them.
 */
export const StartApplicationBodySchema = Type.Object(
  { product_code: Code, customFields: Type.Optional(FormValuesSchema) },
  closed,
);
export type StartApplicationBody = Static<typeof StartApplicationBodySchema>;

/** POST /v3/application/resume-link (staff): the application whose applicant gets a resume link. */
export const ResumeLinkBodySchema = Type.Object({ application_id: Id }, closed);

/** The link the applicant opens (`<portal origin>/dynamic-resume?transactionToken=…`) and when it stops working. */
export const ResumeLinkAnswerSchema = Type.Object(
  { application_id: Id, link: Type.String({ minLength: 1, maxLength: 2048 }), expiresAt: IsoDateTime },
  closed,
);
export type ResumeLinkAnswer = Static<typeof ResumeLinkAnswerSchema>;
