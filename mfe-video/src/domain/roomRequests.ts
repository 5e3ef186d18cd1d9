// The videoroom plugin's request bodies made from the contract's VideoRoom (spec §3 Video room, §4, §7, §9).
// Pure: the service sends what these return; the tests assert them field by field. Rooms are created,
// destroyed and recorded by the server alone (mock-server modules/video/gateway-admin.ts), never from here.
import { VIDEO_NO_BITRATE_LIMIT, type VideoRoom } from '@originate/contract';

/** Spec §7 list: rooms the gateway lists (not the private ones). */
export function listRequest(): Record<string, unknown> {
  return { request: 'list' };
}

export function existsRequest(roomId: number): Record<string, unknown> {
  return { request: 'exists', room: roomId };
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

export function leaveRequest(): Record<string, unknown> {
  return { request: 'leave' };
}
