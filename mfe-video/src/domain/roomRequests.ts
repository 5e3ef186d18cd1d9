// The videoroom plugin's request bodies made from the contract's VideoRoom (spec §3 Video room, §4, §7, §9).
// Pure: the service sends what these return; the tests assert them field by field.
import {
  VIDEO_MAX_PUBLISHERS,
  VIDEO_NO_BITRATE_LIMIT,
  VIDEO_ROOM_CREATE_OPTIONS,
  type VideoRoom,
} from '@originate/contract';

/** Spec §7 list: rooms the gateway lists (the admin key also lists private ones). */
export function listRequest(adminKey?: string): Record<string, unknown> {
  return { request: 'list', ...(adminKey && { admin_key: adminKey }) };
}

export function existsRequest(roomId: number): Record<string, unknown> {
  return { request: 'exists', room: roomId };
}

/**
 * Spec §4: a room is created permanent with at most 2 publishers (§9), private, behind its pin, its recording
 * state locked to the secret (VIDEO_ROOM_CREATE_OPTIONS); secret and admin key when the server gave them;
 * recording and codecs as the VideoRoom says.
 */
export function createRequest(room: VideoRoom): Record<string, unknown> {
  return {
    request: 'create',
    room: room.id,
    ...VIDEO_ROOM_CREATE_OPTIONS,
    description: room.name,
    pin: room.pin,
    publishers: VIDEO_MAX_PUBLISHERS,
    ...(room.secret && { secret: room.secret }),
    ...(room.adminKey && { admin_key: room.adminKey }),
    record: room.recording.enabled,
    ...(room.recording.enabled && room.recording.directory && { rec_dir: room.recording.directory }),
    audiocodec: room.codecs.audio,
    videocodec: room.codecs.video,
  };
}

/** Destroys the room for good (also from the gateway's config file, as it was created permanent). */
export function destroyRequest(room: Pick<VideoRoom, 'id' | 'secret'>): Record<string, unknown> {
  return { request: 'destroy', room: room.id, permanent: true, ...(room.secret && { secret: room.secret }) };
}

/** Joins as a participant: the agent and the applicant publish; a supervisor joins without ever publishing. */
export function joinPublisherRequest(room: Pick<VideoRoom, 'id' | 'pin'>, display: string): Record<string, unknown> {
  return { request: 'join', ptype: 'publisher', room: room.id, pin: room.pin, display };
}

/** Subscribes one handle to every stream of one publisher (its audio, video and data channel). */
export function joinSubscriberRequest(
  room: Pick<VideoRoom, 'id' | 'pin'>,
  feed: number,
  privateId: number | null,
): Record<string, unknown> {
  return {
    request: 'join',
    ptype: 'subscriber',
    room: room.id,
    pin: room.pin,
    streams: [{ feed }],
    ...(privateId !== null && { private_id: privateId }),
  };
}

/** Starts publishing the offer that goes with it, under the bitrate cap when one is set (bit/s). */
export function publishRequest(bitrate: number = VIDEO_NO_BITRATE_LIMIT): Record<string, unknown> {
  return { request: 'publish', bitrate: Math.max(VIDEO_NO_BITRATE_LIMIT, Math.round(bitrate)) };
}

/** What `configure` changes on a publisher: its bitrate cap, and which of its streams the gateway relays. */
export interface ConfigureChange {
  /** bit/s; spec §9: 0 removes the limit. */
  bitrate?: number;
  /** A muted stream is not relayed (`send: false`), besides its track being disabled in the browser. */
  streams?: { mid: string; send: boolean }[];
}

export function configureRequest(change: ConfigureChange): Record<string, unknown> {
  return {
    request: 'configure',
    ...(change.bitrate !== undefined && { bitrate: Math.max(VIDEO_NO_BITRATE_LIMIT, Math.round(change.bitrate)) }),
    ...(change.streams && change.streams.length > 0 && { streams: change.streams }),
  };
}

/** The subscriber's answer to the plugin's offer (sent with the JSEP answer). */
export function startRequest(): Record<string, unknown> {
  return { request: 'start' };
}

/** Records every participant of the room (or stops); needs the room's secret when it has one. */
export function enableRecordingRequest(
  room: Pick<VideoRoom, 'id' | 'secret'>,
  record: boolean,
): Record<string, unknown> {
  return { request: 'enable_recording', room: room.id, record, ...(room.secret && { secret: room.secret }) };
}

export function leaveRequest(): Record<string, unknown> {
  return { request: 'leave' };
}
