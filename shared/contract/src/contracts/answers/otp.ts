// Answers of the otp module (mock-server modules/otp): a code verified, and the outbox testers read (no
// SMS or e-mail gateway: the messages it would have sent). A code sent answers CodeSentAnswerSchema, as
// the portal's sign-in code does.
import Type, { type Static } from 'typebox';
import { OtpChannelSchema } from '../flow';
import { closed, Id, IsoDateTime, Key } from '../primitives';

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
