// Request schemas of the video routes (mock-server modules/video; video.ts says what the values mean).
// Closed objects: a field nobody declared is a 400 naming it.
import Type, { type Static } from 'typebox';
import { closed, Id } from './primitives';
import { VIDEO_RECORDING_PATTERN } from './video';

/** A call's id (a UUID the server issues). */
export const VideoCallId = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  minLength: 36,
  maxLength: 36,
});

/** POST /v3/video/calls: an AGENT starts a call on an application they may access; record or not. */
export const StartVideoCallBodySchema = Type.Object({ applicationId: Id, record: Type.Boolean() }, closed);
export type StartVideoCallBody = Static<typeof StartVideoCallBodySchema>;

/** GET /v3/video/calls?applicationId=: the calls of one application. */
export const VideoCallsQuerySchema = Type.Object({ applicationId: Id }, closed);

/** POST /v3/video/calls/:callId/join and /end. */
export const VideoCallParamsSchema = Type.Object({ callId: VideoCallId }, closed);

/** A recording's file name: one the call's listing names, never a path. */
export const VideoRecordingFileName = Type.String({ pattern: VIDEO_RECORDING_PATTERN, maxLength: 128 });

/** GET /v3/video/calls/:callId/recordings/:fileName. */
export const VideoRecordingParamsSchema = Type.Object(
  { callId: VideoCallId, fileName: VideoRecordingFileName },
  closed,
);

/** POST /v3/portal/video/join: the applicant joins the call waiting on their application. */
export const JoinVideoAsApplicantBodySchema = Type.Object({ callId: VideoCallId }, closed);
