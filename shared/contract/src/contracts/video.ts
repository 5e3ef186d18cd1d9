// One-to-one video through a Janus gateway (spec §3 Video room and Video stream, §4 Video, §6
// conference roles, §7 Video gateway, §9). What the words mean; the wire shapes are videoSchemas.ts
// (requests) and answers/video.ts. Conference roles are Roles.AGENT and Roles.SUPERVISOR (constants.ts).

/** Spec §9: a video room holds 2 publishers (the agent and the applicant). */
export const VIDEO_MAX_PUBLISHERS = 2;
/** Spec §9: bitrate polling every 1000 ms by default. */
export const VIDEO_BITRATE_POLL_MS = 1000;
/** Spec §9: bitrate 0 removes the limit. */
export const VIDEO_NO_BITRATE_LIMIT = 0;

/**
 * A call's life: WAITING once an agent starts it (nobody else joined yet), ACTIVE once the applicant or a
 * supervisor joined, ENDED when the agent ends it or starts another on the same application.
 */
export const VIDEO_CALL_STATUSES = ['WAITING', 'ACTIVE', 'ENDED'] as const;
export type VideoCallStatus = (typeof VIDEO_CALL_STATUSES)[number];

/** How a joiner enters the room: the agent and the applicant publish, a supervisor only subscribes. */
export const VIDEO_JOIN_ROLES = ['publisher', 'subscriber'] as const;
export type VideoJoinRole = (typeof VIDEO_JOIN_ROLES)[number];

/**
 * The server creates every room with these besides what VideoRoom says: `lock_record` keeps a publisher from
 * starting, stopping or naming a recording without the room's secret (which only the server holds).
 */
export const VIDEO_ROOM_CREATE_OPTIONS = { permanent: true, is_private: true, lock_record: true } as const;

/** The codecs every room is created with (Janus videoroom `audiocodec` / `videocodec`). */
export const VIDEO_CODECS = { audio: 'opus', video: 'vp8' } as const;

/** Websocket subprotocol the gateway requires (any other, or none, is refused). */
export const VIDEO_GATEWAY_PROTOCOL = 'janus-protocol';

/**
 * The API's relay of the gateway's websocket (mock-server README "Video calls"): browsers reach Janus only
 * here, where only messages carrying an open call's gatewayToken pass (Janus answers `info` to anyone).
 */
export const VIDEO_GATEWAY_RELAY_PATH = '/v3/video/gateway/socket';

/** The gateway URL browsers use when /env.json names none: the relay of the API on its default port. */
export const DEFAULT_VIDEO_GATEWAY_URL = `ws://127.0.0.1:4000${VIDEO_GATEWAY_RELAY_PATH}`;

/**
 * The names Janus 1.1 gives a room's recordings: `videoroom-<room>-user-<id>-<ts>-<audio|video|data>-<mindex>.mjr`
 * (one file per stream; older Janus left out `-<mindex>`): the only file names the recordings route lists and serves.
 */
export const VIDEO_RECORDING_PATTERN =
  '^videoroom-[0-9]{1,20}-user-[0-9]{1,20}-[0-9]{1,20}-(audio|video|data)(-[0-9]{1,3})?\\.mjr$';
