// Answers of the auth module (mock-server modules/auth): the session a login or a token rotation issues
// (SessionSchema, the one every sign-in answers), the short-lived API token, and the plain
// acknowledgements. The login answer is the source of the LoginResponse type entities.ts exports.
import Type, { type Static } from 'typebox';
import { closed, IsoDateTime } from '../primitives';
import { SessionSchema } from './portal';
import { UserSchema } from './users';

const Token = Type.String({ minLength: 1 });
const Seconds = Type.Integer({ minimum: 1 });

/** POST /v3/auth/login: the session (refresh-token answers it alone) and who holds it. */
export const LoginAnswerSchema = Type.Object({ ...SessionSchema.properties, user: UserSchema }, closed);

/** A plain acknowledgement: logout, end-session, the password reset request, a push subscription saved. */
export const MessageAnswerSchema = Type.Object({ message: Type.String() }, closed);
export type MessageAnswer = Static<typeof MessageAnswerSchema>;

/** POST /tokenApi/getToken: a short-lived token the team look-ups take in their body. */
export const ShortTokenAnswerSchema = Type.Object(
  { token: Token, expires_in: Seconds, expiry_time: IsoDateTime },
  closed,
);
export type ShortTokenAnswer = Static<typeof ShortTokenAnswerSchema>;
