// Answers of the portal module (mock-server modules/portal): the applicant's e-mail sign-in and a session
// for another application of that e-mail. The session is the one every sign-in answers (entities.ts
// exports its Static as SessionData).
import Type, { type Static } from 'typebox';
import { closed, Email, Id, IsoDateTime } from '../primitives';

/** What login, refresh and the applicant's sessions answer; the XSRF token goes in a cookie only. */
export const SessionSchema = Type.Object(
  {
    access_token: Type.String({ minLength: 1 }),
    refresh_token: Type.String({ minLength: 1 }),
    sessionid: Type.String({ minLength: 1 }),
    /** Seconds the access token lives. */
    expires_in: Type.Integer({ minimum: 1 }),
    /** When it expires (ISO 8601). */
    expiry_time: IsoDateTime,
  },
  closed,
);

/**
 * A one-time code was sent (POST /v3/portal/signIn/sendOtp; an OTP field's code answers the same): when it
 * may be sent again and how long it lives, in seconds.
 */
export const CodeSentAnswerSchema = Type.Object(
  {
    sent: Type.Boolean(),
    resendAfterSeconds: Type.Integer({ minimum: 0 }),
    expiresInSeconds: Type.Integer({ minimum: 0 }),
  },
  closed,
);
export type CodeSentAnswer = Static<typeof CodeSentAnswerSchema>;

/** A portal session answer (signIn/verifyOtp, openApplication): the applicant session, its application, the e-mail. */
export const PortalSessionAnswerSchema = Type.Object(
  { application_id: Id, session: SessionSchema, email: Email },
  closed,
);
export type PortalSessionAnswer = Static<typeof PortalSessionAnswerSchema>;
