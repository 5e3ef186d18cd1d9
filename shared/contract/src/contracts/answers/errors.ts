// The one error answer: what the server's error handler (mock-server src/errors.ts) sends for every 4xx
// and 5xx — the catalogue's code and message, and the fields at fault when there are any.
import Type from 'typebox';
import { closed } from '../primitives';

const ErrorItemSchema = Type.Object({ label: Type.Optional(Type.String()), reason: Type.String() }, closed);

const ErrorAnswerSchema = Type.Object(
  { code: Type.Integer(), message: Type.String(), errors: Type.Optional(Type.Array(ErrorItemSchema)) },
  closed,
);

/** A route's error answers by status class (Fastify's '4xx' / '5xx' keys): every one is the error answer. */
export const ERROR_ANSWERS = { '4xx': ErrorAnswerSchema, '5xx': ErrorAnswerSchema } as const;
