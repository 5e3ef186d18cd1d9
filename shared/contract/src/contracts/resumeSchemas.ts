// Resume links (README "Resume links"): opening a link on a device the application does not know, the
// one-time code that device needs, and the applicant's 'Send me this link'.
import Type, { type Static } from 'typebox';
import { SessionSchema } from './answers/portal';
import { OtpChannelSchema } from './flow';
import { closed, Id } from './primitives';

const TransactionToken = Type.String({ minLength: 1, maxLength: 256 });

/** A verified destination as a device that has not proved itself sees it: its channel and masked value. */
export const ResumeDestinationSchema = Type.Object(
  { channel: OtpChannelSchema, to: Type.String({ minLength: 1, maxLength: 256 }) },
  closed,
);
export type ResumeDestination = Static<typeof ResumeDestinationSchema>;

/** The link opened on the device it belongs to (or after the code): the application, a session, the device's fresh token. */
export const ResumedAnswerSchema = Type.Object(
  {
    data: Type.Object({ application_id: Id }, closed),
    session: SessionSchema,
    resumeToken: TransactionToken,
  },
  closed,
);
export type ResumedAnswer = Static<typeof ResumedAnswerSchema>;

/**
 * The link opened on another device: nothing of the application but where a code can go. `destinations`
 * empty: the application has no verified mobile or e-mail, so only its own device can continue it.
 */
export const ResumeVerifyAnswerSchema = Type.Object(
  { verify: Type.Object({ destinations: Type.Array(ResumeDestinationSchema, { maxItems: 2 }) }, closed) },
  closed,
);
export type ResumeVerifyAnswer = Static<typeof ResumeVerifyAnswerSchema>;

/** POST /v3/external-integration/validate-token. */
export const TokenOpenAnswerSchema = Type.Union([ResumedAnswerSchema, ResumeVerifyAnswerSchema]);
export type TokenOpenAnswer = Static<typeof TokenOpenAnswerSchema>;

export const ResumeSendCodeBodySchema = Type.Object(
  {
    transactionToken: TransactionToken,
    channel: OtpChannelSchema,
    action: Type.Union([Type.Literal('SEND_OTP'), Type.Literal('RESEND_OTP')]),
  },
  closed,
);
export type ResumeSendCodeBody = Static<typeof ResumeSendCodeBodySchema>;

export const ResumeVerifyCodeBodySchema = Type.Object(
  {
    transactionToken: TransactionToken,
    code: Type.String({ pattern: '^[0-9]{6}$' }),
    action: Type.Literal('VERIFY_OTP'),
  },
  closed,
);
export type ResumeVerifyCodeBody = Static<typeof ResumeVerifyCodeBodySchema>;

export const SendResumeLinkBodySchema = Type.Object({ application_id: Id, channel: OtpChannelSchema }, closed);
export type SendResumeLinkBody = Static<typeof SendResumeLinkBodySchema>;

/** The link went (masked destination); the device keeps the new token, the only live one now. */
export const ResumeLinkSentAnswerSchema = Type.Object(
  { sent: Type.Literal(true), channel: OtpChannelSchema, to: Type.String(), resumeToken: TransactionToken },
  closed,
);
export type ResumeLinkSentAnswer = Static<typeof ResumeLinkSentAnswerSchema>;
