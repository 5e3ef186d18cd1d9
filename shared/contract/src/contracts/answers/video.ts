// Answers of the video routes (mock-server modules/video). A room's pin leaves the server only in a join
// answer (start, join, the applicant's join) to a user allowed in that room; its secret, the gateway's admin
// key and the recording folder never (the server alone creates and destroys rooms). Lists never carry a room.
import Type, { type Static } from 'typebox';
import { literalUnion } from '../flow';
import { closed, Id, IsoDateTime, Nullable } from '../primitives';
import { VIDEO_CALL_STATUSES, VIDEO_JOIN_ROLES, VIDEO_MAX_PUBLISHERS } from '../video';
import { VideoCallId, VideoRecordingFileName } from '../videoSchemas';

const Text = Type.String();

/** Spec §3 Video room: what the server creates on the gateway and every joiner enters. */
const VideoRoomSchema = Type.Object(
  {
    /** Janus room id, issued by the server from a sequence. */
    id: Type.Integer({ minimum: 1 }),
    name: Text,
    /** The room's pin (at least 128 random bits): needed to join. */
    pin: Type.String({ minLength: 22 }),
    maximumPublishers: Type.Literal(VIDEO_MAX_PUBLISHERS),
    /** Whether the gateway records the room (into a folder only the server names). */
    recording: Type.Object({ enabled: Type.Boolean() }, closed),
    codecs: Type.Object({ audio: Text, video: Text }, closed),
  },
  closed,
);
export type VideoRoom = Static<typeof VideoRoomSchema>;

/** One file Janus wrote for the call's room (`videoroom-<room>-user-<id>-<ts>-<kind>.mjr`). */
const VideoRecordingSchema = Type.Object(
  { fileName: VideoRecordingFileName, bytes: Type.Integer({ minimum: 0 }), createdAt: IsoDateTime },
  closed,
);
export type VideoRecording = Static<typeof VideoRecordingSchema>;

/** A video call of an application (never its room: lists carry no pin). */
export const VideoCallSchema = Type.Object(
  {
    callId: VideoCallId,
    applicationId: Id,
    status: literalUnion(VIDEO_CALL_STATUSES),
    startedBy: Type.Object({ id: Id, displayName: Text }, closed),
    createdAt: IsoDateTime,
    endedAt: Nullable(IsoDateTime),
    /** The call records (its room was made with record and rec_dir). */
    recording: Type.Boolean(),
    recordings: Type.Array(VideoRecordingSchema),
  },
  closed,
);
export type VideoCall = Static<typeof VideoCallSchema>;

/** Start, join and the applicant's join: the call, its room, how to enter and the name shown to the other side. */
export const VideoJoinSchema = Type.Object(
  {
    call: VideoCallSchema,
    room: VideoRoomSchema,
    role: literalUnion(VIDEO_JOIN_ROLES),
    display: Text,
    /**
     * The call's gateway token (Janus token_auth, stored tokens): the gateway refuses every request of a
     * session without it. Pass it as `token` to janus.js (`new Janus({ server, token })`), which sends it with
     * every request (keepalives included); good for the videoroom plugin only, and only until the call ends.
     */
    gatewayToken: Type.String({ minLength: 1 }),
  },
  closed,
);
export type VideoJoin = Static<typeof VideoJoinSchema>;

/** GET /v3/video/calls?applicationId= and GET /v3/video/calls/open. */
export const VideoCallsAnswerSchema = Type.Object({ calls: Type.Array(VideoCallSchema) }, closed);
export type VideoCalls = Static<typeof VideoCallsAnswerSchema>;

/** GET /v3/portal/video/invitation: the waiting or active call of the applicant's application, or null. */
export const VideoInvitationSchema = Type.Object(
  {
    call: Nullable(
      Type.Object(
        { callId: VideoCallId, startedBy: Type.Object({ displayName: Text }, closed), createdAt: IsoDateTime },
        closed,
      ),
    ),
  },
  closed,
);
export type VideoInvitation = Static<typeof VideoInvitationSchema>;

/** GET /v3/video/gateway: whether the API reached the gateway (`{"janus":"info"}` over its websocket) and when. */
export const VideoGatewayStatusSchema = Type.Object(
  { reachable: Type.Boolean(), checkedAt: IsoDateTime, version: Nullable(Text) },
  closed,
);
export type VideoGatewayStatus = Static<typeof VideoGatewayStatusSchema>;
