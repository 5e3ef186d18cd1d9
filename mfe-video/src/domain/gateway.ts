// What the video service needs from a Janus gateway, as plain types: the janus.js adapter (api/janusGateway.ts)
// implements them over a websocket; the tests implement them with a scripted transcript. No React, no I/O.

/** A JSEP offer or answer as Janus and janus.js carry it. */
export interface Jsep {
  type: 'offer' | 'answer' | string;
  sdp?: string;
}

/** One participant as the videoroom plugin lists it in `joined` and `publishers`. */
export interface VideoroomPublisher {
  id: number;
  display?: string;
  streams?: { type: 'audio' | 'video' | 'data'; mid: string; disabled?: boolean; codec?: string }[];
}

/**
 * The `data` of a videoroom plugin message (Janus `plugindata.data`), keyed by its `videoroom` state. Spec §4's
 * gateway message states are joined, destroyed, attached, event and slow_link; a synchronous answer is
 * `success` or `created` (list, exists, create, destroy, enable_recording).
 */
export interface VideoroomData {
  videoroom: 'joined' | 'destroyed' | 'attached' | 'event' | 'slow_link' | 'success' | 'created' | 'updated' | string;
  room?: number;
  id?: number;
  private_id?: number;
  description?: string;
  publishers?: VideoroomPublisher[];
  attendees?: { id: number; display?: string }[];
  joining?: { id: number; display?: string };
  leaving?: number | 'ok';
  unpublished?: number | 'ok';
  kicked?: number;
  display?: string;
  configured?: 'ok';
  started?: 'ok';
  streams?: { mid: string; type: string; feed_id?: number; feed_display?: string }[];
  'current-bitrate'?: number;
  error_code?: number;
  error?: string;
  list?: VideoroomListedRoom[];
  exists?: boolean;
  permanent?: boolean;
  record?: boolean;
  [other: string]: unknown;
}

/** One room of a `list` answer. */
export interface VideoroomListedRoom {
  room: number;
  description?: string;
  pin_required?: boolean;
  is_private?: boolean;
  max_publishers?: number;
  record?: boolean;
  rec_dir?: string;
  num_participants?: number;
  audiocodec?: string;
  videocodec?: string;
}

/** ICE states janus.js reports (iceState callback). */
export type IceState = 'new' | 'checking' | 'connected' | 'completed' | 'failed' | 'disconnected' | 'closed';

/** What a plugin handle reports, as janus.js calls its callbacks. */
export interface HandleCallbacks {
  onMessage(data: VideoroomData, jsep?: Jsep): void;
  onIceState(state: IceState): void;
  onWebrtcState(up: boolean, reason?: string): void;
  /** Janus' core `slowlink`: uplink true means trouble on what this handle sends. */
  onSlowLink(uplink: boolean, lost: number): void;
  onLocalTrack(track: MediaStreamTrack, on: boolean): void;
  onRemoteTrack(track: MediaStreamTrack, mid: string, on: boolean): void;
  onData(data: string): void;
  onDataOpen(): void;
}

/** Media a publisher offers. */
export interface PublishMedia {
  audio: boolean;
  video: boolean;
  /** The data channel the chat and the mute states travel on. */
  data: true;
}

/** One attached videoroom plugin handle. */
export interface GatewayHandle {
  /**
   * A synchronous videoroom request (list, exists, create, destroy, enable_recording): the plugin's answer,
   * or a rejection with a GatewayError (the plugin's error_code and error, or the transport's).
   */
  request(message: Record<string, unknown>): Promise<VideoroomData>;
  /** An asynchronous request (join, publish, configure, start, leave): resolves on the gateway's ack. */
  message(message: Record<string, unknown>, jsep?: Jsep): Promise<void>;
  createOffer(media: PublishMedia): Promise<Jsep>;
  createAnswer(offer: Jsep): Promise<Jsep>;
  handleRemoteJsep(jsep: Jsep): Promise<void>;
  setAudioMuted(muted: boolean): void;
  setVideoMuted(muted: boolean): void;
  /** The mids of what this handle sends (janus.js getLocalTracks()); null while it sends none of that kind. */
  localMids(): { audio: string | null; video: string | null };
  /** janus.js getBitrate(): the received video bitrate, e.g. '312 kbits/sec'. */
  getBitrate(): string;
  sendData(text: string): Promise<void>;
  hangup(): void;
  detach(): Promise<void>;
}

/** One Janus session on the gateway. */
export interface GatewaySession {
  attach(callbacks: HandleCallbacks): Promise<GatewayHandle>;
  destroy(): Promise<void>;
}

/**
 * Opens a session on the gateway at url with the call's token (VideoJoin.gatewayToken: the gateway
 * refuses sessions without one; null for a gateway without token auth); `onLost` is called once if the
 * session later drops.
 */
export type ConnectGateway = (
  url: string,
  token: string | null,
  onLost: (reason: string) => void,
) => Promise<GatewaySession>;

/** Spec §8: a gateway error rejects the operation; code and reason are the gateway's. */
export class GatewayError extends Error {
  readonly code: number | null;
  readonly reason: string;
  constructor(code: number | null, reason: string) {
    super(code === null ? reason : `${code} ${reason}`);
    this.name = 'GatewayError';
    this.code = code;
    this.reason = reason;
  }
}

/** A plugin answer that carries an error, as a GatewayError; null otherwise. */
export function pluginError(data: VideoroomData | undefined): GatewayError | null {
  if (!data) return null;
  if (typeof data.error_code === 'number') return new GatewayError(data.error_code, data.error ?? 'Unknown error');
  if (typeof data.error === 'string') return new GatewayError(null, data.error);
  return null;
}

/**
 * janus.js reports transport errors as 'code reason' text ('458 No such session'), or as plain text ('Lost
 * connection to the server (is it down?)'): the code when there is one.
 */
export function transportError(text: unknown): GatewayError {
  const message = typeof text === 'string' ? text : text instanceof Error ? text.message : String(text);
  const match = /^(?:Ooops: )?(\d{3}) (.*)$/s.exec(message);
  return match ? new GatewayError(Number(match[1]), match[2] ?? '') : new GatewayError(null, message);
}
