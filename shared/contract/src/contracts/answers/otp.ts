// Answers of the otp module (mock-server modules/otp): a code sent, a code verified, and the outbox
// testers read (no SMS or e-mail gateway: the messages it would have sent).
import Type, { type Static } from 'typebox';
import { closed, Id, IsoDateTime, Key } from '../primitives';

const Seconds = Type.Integer({ minimum: 1 });

/** How a code reaches the applicant. */
export const OtpChannelSchema = Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')]);

/** POST /v3/otp/send: sent; when a new one may be asked for and how long this one lives. */
export const OtpSentAnswerSchema = Type.Object(
  { sent: Type.Literal(true), resendAfterSeconds: Seconds, expiresInSeconds: Seconds },
  closed,
);
export type OtpSentAnswer = Static<typeof OtpSentAnswerSchema>;
/** POST /v3/otp/verify: a wrong code is a 400, so the answer is always verified. */
export const OtpVerifiedAnswerSchema = Type.Object({ isVerified: Type.Literal(true) }, closed);
export type OtpVerifiedAnswer = Static<typeof OtpVerifiedAnswerSchema>;

/** One message of the outbox, as an SMS or e-mail gateway would have sent it. */
const OutboxMessageSchema = Type.Object(
  {
    application_id: Id,
    fieldKey: Key,
    type: OtpChannelSchema,
    recipient: Type.String(),
    message: Type.String(),
    sentAt: IsoDateTime,
  },
  closed,
);
export type OutboxMessage = Static<typeof OutboxMessageSchema>;
/** GET /v3/otp/outbox: the newest messages first. */
export const OtpOutboxAnswerSchema = Type.Array(OutboxMessageSchema);
