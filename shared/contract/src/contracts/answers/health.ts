// Answers of the health module (mock-server modules/health): what a load balancer's or an orchestrator's
// probes read. Not the error envelope: a probe reads the status, and the reasons are for the operator.
import Type, { type Static } from 'typebox';
import { closed } from '../primitives';

/** GET /healthz: the process serves HTTP (liveness). */
export const LiveAnswerSchema = Type.Object({ status: Type.Literal('ok') }, closed);
export type LiveAnswer = Static<typeof LiveAnswerSchema>;

/** GET /readyz, 200: the database and Redis answer, and the process is not draining. */
export const ReadyAnswerSchema = Type.Object({ status: Type.Literal('ready') }, closed);
export type ReadyAnswer = Static<typeof ReadyAnswerSchema>;

/** What keeps a server from taking traffic: its database or Redis does not answer, or it is draining. */
const NotReadyReasonSchema = Type.Union([Type.Literal('database'), Type.Literal('redis'), Type.Literal('draining')]);
export type NotReadyReason = Static<typeof NotReadyReasonSchema>;

/** GET /readyz, 503: each reason once. */
export const NotReadyAnswerSchema = Type.Object(
  { status: Type.Literal('not-ready'), reasons: Type.Array(NotReadyReasonSchema, { minItems: 1, uniqueItems: true }) },
  closed,
);
export type NotReadyAnswer = Static<typeof NotReadyAnswerSchema>;
