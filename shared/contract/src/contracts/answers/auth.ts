// Answers of the auth module (mock-server modules/auth): the session a login or a token rotation issues,
// the short-lived API token, and the plain acknowledgements. The session schemas are the source of the
// SessionData and LoginResponse types entities.ts exports.
import Type, { type Static } from 'typebox';
import { closed, Id, IsoDateTime } from '../primitives';
import { UserSchema } from './users';

const Token = Type.String({ minLength: 1 });
const Seconds = Type.Integer({ minimum: 1 });

/** A session's tokens (login, refresh-token; an applicant's session too). */
export const SessionDataSchema = Type.Object(
  {
    access_token: Token,
    refresh_token: Token,
    sessionid: Id,
    /** Seconds the access token lives. */
    expires_in: Seconds,
    /** When the access token expires. */
    expiry_time: IsoDateTime,
  },
  closed,
);
/** POST /v3/auth/login: the session and who holds it. */
export const LoginAnswerSchema = Type.Object({ ...SessionDataSchema.properties, user: UserSchema }, closed);

/** A plain acknowledgement: logout, end-session, the password reset request, a push subscription saved. */
export const MessageAnswerSchema = Type.Object({ message: Type.String() }, closed);
export type MessageAnswer = Static<typeof MessageAnswerSchema>;

/** POST /tokenApi/getToken: a short-lived token the team look-ups take in their body. */
export const ShortTokenAnswerSchema = Type.Object(
  { token: Token, expires_in: Seconds, expiry_time: IsoDateTime },
  closed,
);
export type ShortTokenAnswer = Static<typeof ShortTokenAnswerSchema>;
