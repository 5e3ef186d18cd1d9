// Schemas of the messages routes (paths in API_PATHS): an application's delivery log, and the
// password reset link's two public calls (check the link, set the new password).
import Type, { type Static } from 'typebox';
import { closed, Id, IsoDateTime, Nullable } from './primitives';

/** GET applicationMessages. */
export const ApplicationMessagesParamsSchema = Type.Object({ applicationId: Id }, closed);

const MessageStatusSchema = Type.Union([
  Type.Literal('QUEUED'),
  Type.Literal('SENDING'),
  Type.Literal('SENT'),
  Type.Literal('RETRYING'),
  Type.Literal('FAILED'),
]);
export type MessageStatus = Static<typeof MessageStatusSchema>;

/** One message of the delivery log: what, to whom, when, and how its delivery went; never an OTP's text. */
const MessageLogEntrySchema = Type.Object(
  {
    messageId: Type.String({ minLength: 1 }),
    channel: Type.Union([Type.Literal('EMAIL'), Type.Literal('SMS')]),
    kind: Type.Union([
      Type.Literal('OTP'),
      Type.Literal('PASSWORD_RESET'),
      Type.Literal('TEMPLATE'),
      Type.Literal('LIFECYCLE'),
      Type.Literal('RESUME_LINK'),
    ]),
    to: Type.String(),
    subject: Nullable(Type.String()),
    template: Nullable(
      Type.Object(
        { template_id: Type.String(), template_name: Type.String(), verNum: Type.Integer({ minimum: 1 }) },
        closed,
      ),
    ),
    status: MessageStatusSchema,
    attempts: Type.Integer({ minimum: 0 }),
    /** Why the last attempt failed, or why it waits (no mail server configured). */
    lastError: Nullable(Type.String()),
    createdAt: IsoDateTime,
    sentAt: Nullable(IsoDateTime),
    /** The staff user who sent it; null for the system. */
    createdBy: Nullable(Type.String()),
    attachments: Type.Array(Type.Object({ fileId: Type.String(), fileName: Type.String() }, closed)),
  },
  closed,
);
export type MessageLogEntry = Static<typeof MessageLogEntrySchema>;

/** GET applicationMessages: newest first. */
export const ApplicationMessagesAnswerSchema = Type.Object({ messages: Type.Array(MessageLogEntrySchema) }, closed);
export type ApplicationMessagesAnswer = Static<typeof ApplicationMessagesAnswerSchema>;

/** A reset link's token as mailed (64 URL-safe characters); anything else is not a link of ours. */
const ResetToken = Type.String({ minLength: 1, maxLength: 256 });

/** GET resetPasswordCheck ?token=. */
export const ResetPasswordCheckQuerySchema = Type.Object({ token: ResetToken }, closed);
/** The link may be used: whose password it sets. */
export const ResetPasswordCheckAnswerSchema = Type.Object(
  { valid: Type.Literal(true), username: Type.String() },
  closed,
);
export type ResetPasswordCheckAnswer = Static<typeof ResetPasswordCheckAnswerSchema>;

/** POST resetPassword. The password is checked against the policy (rules/passwords.ts) by the route. */
export const ResetPasswordBodySchema = Type.Object(
  { token: ResetToken, newPassword: Type.String({ minLength: 1, maxLength: 4096 }) },
  closed,
);
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;
