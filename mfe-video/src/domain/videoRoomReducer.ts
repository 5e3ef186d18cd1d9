// The video room's state machine (spec §4 Video): a pure reducer of the room's state and one input (a gateway
// message or the user's intent) into the next state, the effects the service must carry out and the events it
// announces. No React, no I/O, no clock: inputs carry the time they happened at.
import type { VideoJoinRole } from '@originate/contract';
import { decodeDataLine } from './dataMessages';
import type { IceState, Jsep, VideoroomData, VideoroomPublisher } from './gateway';

/** Which plugin handle a gateway message came on: ours that joins and publishes, or one per subscribed feed. */
export type HandleRef = { kind: 'publisher' } | { kind: 'subscriber'; feed: number };

/** Local: what we send (our publisher handle); remote: what we receive (a subscriber handle). */
type LinkDirection = 'local' | 'remote';

export type RoomPhase =
  /** Nothing asked yet. */
  | 'idle'
  /** join sent, waiting for `joined` or an error. */
  | 'joining'
  | 'joined'
  /** We left (or were kicked). */
  | 'left'
  /** The gateway refused the join (spec §8). */
  | 'rejected'
  /** The room was destroyed under us. */
  | 'destroyed'
  /** The gateway does not answer, or the session dropped. */
  | 'unavailable';

/** Why the camera and microphone could not be used. */
export type MediaProblem = 'permissionDenied' | 'noDevice' | 'other';

/** Spec §3 Video stream: temporary, local or remote, with its user, room, mute states and bitrate. */
export interface VideoStream {
  /** 'local', or 'feed-<id>' for a remote publisher. */
  key: string;
  type: 'local' | 'remote';
  /** Spec §4: a stream is temporary; it goes with the call. */
  temporary: true;
  /** The gateway's participant id (null for our own stream until joined). */
  userId: number | null;
  displayName: string;
  room: number;
  muted: { audio: boolean; video: boolean };
  /** Received kbit/s (remote streams, polled); null until measured. */
  bitrate: number | null;
  /** The PeerConnection carrying it is up. */
  connected: boolean;
}

export interface ChatMessage {
  id: number;
  from: string;
  text: string;
  sentAt: string;
  mine: boolean;
}

export interface VideoRoomState {
  phase: RoomPhase;
  room: number | null;
  role: VideoJoinRole | null;
  display: string;
  /** Our participant id and private id once joined. */
  me: { id: number; privateId: number | null } | null;
  publishing: 'no' | 'offering' | 'yes' | 'failed';
  mediaProblem: MediaProblem | null;
  /** Our own stream first (publishers only), then one per remote publisher. */
  streams: VideoStream[];
  /** Other publishers we know of (id → display name): whom we subscribe to. */
  publishers: Record<number, string>;
  /** When a slow link was last reported, per direction; cleared by `tick` after SLOW_LINK_HOLD_MS. */
  slowLink: Record<LinkDirection, number | null>;
  /** An ICE failure (spec §4: connection-failed) not yet recovered. */
  connectionFailed: boolean;
  messages: ChatMessage[];
  /** Our bitrate cap in bit/s (spec §9: 0 is no limit). */
  bitrateLimit: number;
  /** The gateway's last refusal. */
  error: { code: number | null; reason: string } | null;
}

/** What the user (through the service) asks. */
type Intent =
  | { type: 'joinRequested'; room: number; role: VideoJoinRole; display: string; bitrateLimit: number }
  | { type: 'publishRequested' }
  | { type: 'publishFailed'; problem: MediaProblem; reason: string }
  | { type: 'localMuted'; audio: boolean; video: boolean }
  | { type: 'bitrateLimitSet'; bitrate: number }
  | { type: 'chatSent'; text: string; sentAt: string }
  | { type: 'leaveRequested' }
  | { type: 'gatewayUnavailable'; reason: string };

/** What the gateway reports (janus.js callbacks, and the service's bitrate poll and clock). */
type GatewayInput =
  | { type: 'message'; handle: HandleRef; data: VideoroomData; jsep?: Jsep; at: number }
  | { type: 'iceState'; handle: HandleRef; state: IceState }
  | { type: 'webrtcState'; handle: HandleRef; up: boolean }
  | { type: 'slowLink'; handle: HandleRef; uplink: boolean; lost: number; at: number }
  | { type: 'data'; handle: HandleRef; text: string }
  | { type: 'dataOpen'; handle: HandleRef }
  | { type: 'bitrate'; feed: number; value: string }
  | { type: 'tick'; at: number };

export type RoomInput = Intent | GatewayInput;

/** What the service does after a step. */
export type Effect =
  /** Create an offer (audio, video, data channel) and send `publish` with it. */
  | { type: 'publish' }
  /** Attach a subscriber handle and join it to the feed. */
  | { type: 'subscribe'; feed: number; display: string }
  /** Answer the plugin's offer on that feed's handle and send `start`. */
  | { type: 'answer'; feed: number; jsep: Jsep }
  /** Apply the plugin's answer to our publisher offer. */
  | { type: 'acceptAnswer'; jsep: Jsep }
  /** Hang up and detach that feed's handle. */
  | { type: 'unsubscribe'; feed: number }
  /** Send our mute states on the data channel. */
  | { type: 'announceMuteState' }
  /** Hang up and detach every handle (the call is over for us). */
  | { type: 'teardown' };

/** What the service announces (spec §4 events). */
export type VideoRoomEvent =
  | { type: 'joined'; room: number; id: number; role: VideoJoinRole }
  | { type: 'joinRejected'; code: number | null; reason: string }
  | { type: 'left'; reason: 'left' | 'destroyed' | 'kicked' }
  | { type: 'participantJoined'; id: number; display: string }
  | { type: 'participantLeft'; id: number; display: string; reason: 'leaving' | 'unpublished' | 'kicked' }
  | { type: 'slowLink'; direction: LinkDirection; lost: number | null; currentBitrate: number | null }
  | { type: 'messageReceived'; message: ChatMessage }
  | { type: 'connectionFailed'; direction: LinkDirection }
  | { type: 'gatewayUnavailable'; reason: string }
  | { type: 'requestFailed'; code: number | null; reason: string };

export interface Step {
  state: VideoRoomState;
  effects: Effect[];
  events: VideoRoomEvent[];
}

/** How long a slow-link report keeps the indicator on. */
export const SLOW_LINK_HOLD_MS = 5000;
/** Chat lines kept in the panel. */
const MAX_CHAT_LINES = 200;

export const initialRoomState: VideoRoomState = {
  phase: 'idle',
  room: null,
  role: null,
  display: '',
  me: null,
  publishing: 'no',
  mediaProblem: null,
  streams: [],
  publishers: {},
  slowLink: { local: null, remote: null },
  connectionFailed: false,
  messages: [],
  bitrateLimit: 0,
  error: null,
};

const feedKey = (feed: number) => `feed-${feed}`;
const directionOf = (handle: HandleRef): LinkDirection => (handle.kind === 'publisher' ? 'local' : 'remote');
const ACTIVE: readonly RoomPhase[] = ['joining', 'joined'];

/** janus.js getBitrate() text ('312 kbits/sec') as kbit/s; null for its other answers ('Invalid handle'). */
export function parseBitrate(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?) kbits\/sec$/.exec(value.trim());
  return match ? Math.round(Number(match[1])) : null;
}

export function reduceVideoRoom(state: VideoRoomState, input: RoomInput): Step {
  const step: Step = { state, effects: [], events: [] };
  switch (input.type) {
    case 'joinRequested':
      return {
        state: {
          ...initialRoomState,
          phase: 'joining',
          room: input.room,
          role: input.role,
          display: input.display,
          bitrateLimit: input.bitrateLimit,
        },
        effects: [],
        events: [],
      };
    case 'publishRequested':
      if (state.phase !== 'joined' || state.role !== 'publisher' || state.publishing === 'offering') return step;
      return {
        state: { ...state, publishing: 'offering', mediaProblem: null },
        effects: [{ type: 'publish' }],
        events: [],
      };
    case 'publishFailed':
      return { ...step, state: { ...state, publishing: 'failed', mediaProblem: input.problem } };
    case 'localMuted':
      return {
        state: {
          ...state,
          streams: state.streams.map((s) =>
            s.type === 'local' ? { ...s, muted: { audio: input.audio, video: input.video } } : s,
          ),
        },
        effects: [{ type: 'announceMuteState' }],
        events: [],
      };
    case 'bitrateLimitSet':
      return { ...step, state: { ...state, bitrateLimit: Math.max(0, input.bitrate) } };
    case 'chatSent':
      return {
        ...step,
        state: withMessage(state, { from: state.display, text: input.text, sentAt: input.sentAt, mine: true }),
      };
    case 'leaveRequested':
      if (!ACTIVE.includes(state.phase)) return step;
      return {
        state: { ...state, phase: 'left', streams: [], publishers: {}, connectionFailed: false },
        effects: [{ type: 'teardown' }],
        events: [{ type: 'left', reason: 'left' }],
      };
    case 'gatewayUnavailable':
      return {
        state: {
          ...state,
          phase: 'unavailable',
          streams: [],
          publishers: {},
          error: { code: null, reason: input.reason },
        },
        effects: [{ type: 'teardown' }],
        events: [{ type: 'gatewayUnavailable', reason: input.reason }],
      };
    case 'message':
      return onMessage(state, input.handle, input.data, input.jsep, input.at);
    case 'iceState':
      if (input.state === 'failed') {
        return {
          ...step,
          state: { ...state, connectionFailed: true },
          events: [{ type: 'connectionFailed', direction: directionOf(input.handle) }],
        };
      }
      if (input.state === 'connected' || input.state === 'completed')
        return { ...step, state: { ...state, connectionFailed: false } };
      return step;
    case 'webrtcState':
      return {
        ...step,
        state: {
          ...state,
          streams: state.streams.map((s) => (s.key === streamKeyOf(input.handle) ? { ...s, connected: input.up } : s)),
        },
      };
    case 'slowLink': {
      const direction = directionOf(input.handle);
      return {
        ...step,
        state: { ...state, slowLink: { ...state.slowLink, [direction]: input.at } },
        events: [{ type: 'slowLink', direction, lost: input.lost, currentBitrate: null }],
      };
    }
    case 'data':
      return onData(state, input.handle, input.text);
    case 'dataOpen':
      return input.handle.kind === 'publisher' ? { ...step, effects: [{ type: 'announceMuteState' }] } : step;
    case 'bitrate': {
      const bitrate = parseBitrate(input.value);
      return {
        ...step,
        state: { ...state, streams: state.streams.map((s) => (s.key === feedKey(input.feed) ? { ...s, bitrate } : s)) },
      };
    }
    case 'tick': {
      const stale = (at: number | null) => (at !== null && input.at - at >= SLOW_LINK_HOLD_MS ? null : at);
      const slowLink = { local: stale(state.slowLink.local), remote: stale(state.slowLink.remote) };
      if (slowLink.local === state.slowLink.local && slowLink.remote === state.slowLink.remote) return step;
      return { ...step, state: { ...state, slowLink } };
    }
  }
}

function streamKeyOf(handle: HandleRef): string {
  return handle.kind === 'publisher' ? 'local' : feedKey(handle.feed);
}

function withMessage(state: VideoRoomState, message: Omit<ChatMessage, 'id'>): VideoRoomState {
  const id = (state.messages.at(-1)?.id ?? 0) + 1;
  return { ...state, messages: [...state.messages, { ...message, id }].slice(-MAX_CHAT_LINES) };
}

function remoteStream(state: VideoRoomState, feed: number, display: string): VideoStream {
  return {
    key: feedKey(feed),
    type: 'remote',
    temporary: true,
    userId: feed,
    displayName: display,
    room: state.room ?? 0,
    muted: { audio: false, video: false },
    bitrate: null,
    connected: false,
  };
}

/** New publishers: remembered, subscribed to, announced (ourselves and known ones left out). */
function addPublishers(state: VideoRoomState, list: readonly VideoroomPublisher[], step: Step): VideoRoomState {
  let next = state;
  for (const p of list) {
    if (p.id === state.me?.id || next.publishers[p.id] !== undefined) continue;
    const display = p.display ?? `Participant ${p.id}`;
    next = { ...next, publishers: { ...next.publishers, [p.id]: display } };
    step.effects.push({ type: 'subscribe', feed: p.id, display });
    step.events.push({ type: 'participantJoined', id: p.id, display });
  }
  if (next !== state && state.role === 'publisher') step.effects.push({ type: 'announceMuteState' });
  return next;
}

/** A participant is gone: its stream and subscription too. Unknown ids (a silent supervisor) say nothing. */
function removeParticipant(
  state: VideoRoomState,
  id: number,
  reason: 'leaving' | 'unpublished' | 'kicked',
  step: Step,
): VideoRoomState {
  const display = state.publishers[id];
  if (display === undefined) return state;
  const { [id]: _gone, ...publishers } = state.publishers;
  step.effects.push({ type: 'unsubscribe', feed: id });
  step.events.push({ type: 'participantLeft', id, display, reason });
  return { ...state, publishers, streams: state.streams.filter((s) => s.key !== feedKey(id)) };
}

function over(state: VideoRoomState, phase: RoomPhase, reason: 'left' | 'destroyed' | 'kicked', step: Step): Step {
  step.effects.push({ type: 'teardown' });
  step.events.push({ type: 'left', reason });
  return { ...step, state: { ...state, phase, streams: [], publishers: {}, connectionFailed: false } };
}

function onMessage(
  state: VideoRoomState,
  handle: HandleRef,
  data: VideoroomData,
  jsep: Jsep | undefined,
  at: number,
): Step {
  const step: Step = { state, effects: [], events: [] };
  // A refusal (spec §8): of the join while joining; otherwise of one request (publish, configure, a subscription).
  if (typeof data.error_code === 'number' || typeof data.error === 'string') {
    const error = {
      code: typeof data.error_code === 'number' ? data.error_code : null,
      reason: data.error ?? 'Unknown error',
    };
    if (handle.kind === 'publisher' && state.phase === 'joining') {
      step.events.push({ type: 'joinRejected', ...error });
      return { ...step, state: { ...state, phase: 'rejected', error } };
    }
    step.events.push({ type: 'requestFailed', ...error });
    if (handle.kind === 'subscriber') {
      step.effects.push({ type: 'unsubscribe', feed: handle.feed });
      return {
        ...step,
        state: { ...state, error, streams: state.streams.filter((s) => s.key !== feedKey(handle.feed)) },
      };
    }
    return {
      ...step,
      state: { ...state, error, publishing: state.publishing === 'offering' ? 'failed' : state.publishing },
    };
  }

  switch (data.videoroom) {
    case 'joined': {
      if (handle.kind !== 'publisher' || state.phase !== 'joining' || typeof data.id !== 'number') return step;
      const room = typeof data.room === 'number' ? data.room : (state.room ?? 0);
      let next: VideoRoomState = {
        ...state,
        phase: 'joined',
        room,
        me: { id: data.id, privateId: typeof data.private_id === 'number' ? data.private_id : null },
        error: null,
      };
      step.events.push({ type: 'joined', room, id: data.id, role: state.role ?? 'publisher' });
      if (state.role === 'publisher') {
        next = {
          ...next,
          publishing: 'offering',
          streams: [
            {
              key: 'local',
              type: 'local',
              temporary: true,
              userId: data.id,
              displayName: state.display,
              room,
              muted: { audio: false, video: false },
              bitrate: null,
              connected: false,
            },
          ],
        };
        step.effects.push({ type: 'publish' });
      }
      next = addPublishers(next, data.publishers ?? [], step);
      return { ...step, state: next };
    }
    case 'attached': {
      if (handle.kind !== 'subscriber' || !ACTIVE.includes(state.phase)) return step;
      const display =
        state.publishers[handle.feed] ?? data.streams?.find((s) => s.feed_id === handle.feed)?.feed_display ?? '';
      const streams = state.streams.some((s) => s.key === feedKey(handle.feed))
        ? state.streams
        : [...state.streams, remoteStream(state, handle.feed, display)];
      if (jsep) step.effects.push({ type: 'answer', feed: handle.feed, jsep });
      return { ...step, state: { ...state, streams } };
    }
    case 'destroyed':
      if (!ACTIVE.includes(state.phase)) return step;
      return over(state, 'destroyed', 'destroyed', step);
    case 'slow_link': {
      const direction = directionOf(handle);
      const current = data['current-bitrate'];
      step.events.push({
        type: 'slowLink',
        direction,
        lost: null,
        currentBitrate: typeof current === 'number' ? current : null,
      });
      return { ...step, state: { ...state, slowLink: { ...state.slowLink, [direction]: at } } };
    }
    case 'event':
    case 'updated':
      return onEvent(state, handle, data, jsep, step);
    default:
      return step;
  }
}

function onEvent(
  state: VideoRoomState,
  handle: HandleRef,
  data: VideoroomData,
  jsep: Jsep | undefined,
  step: Step,
): Step {
  let next = state;
  if (handle.kind === 'subscriber') {
    // A renegotiation of the subscription: answer it as the first offer.
    if (jsep?.type === 'offer') step.effects.push({ type: 'answer', feed: handle.feed, jsep });
    return { ...step, state: next };
  }
  if (data.publishers) next = addPublishers(next, data.publishers, step);
  if (data.joining && data.joining.id !== state.me?.id) {
    step.events.push({
      type: 'participantJoined',
      id: data.joining.id,
      display: data.joining.display ?? `Participant ${data.joining.id}`,
    });
  }
  if (typeof data.unpublished === 'number') next = removeParticipant(next, data.unpublished, 'unpublished', step);
  if (data.unpublished === 'ok') next = { ...next, publishing: 'no' };
  if (typeof data.leaving === 'number') next = removeParticipant(next, data.leaving, 'leaving', step);
  if (data.leaving === 'ok' && ACTIVE.includes(next.phase)) return over(next, 'left', 'left', step);
  if (typeof data.kicked === 'number') {
    if (data.kicked === state.me?.id) return over(next, 'left', 'kicked', step);
    next = removeParticipant(next, data.kicked, 'kicked', step);
  }
  if (jsep?.type === 'answer') {
    step.effects.push({ type: 'acceptAnswer', jsep });
    if (next.publishing === 'offering') next = { ...next, publishing: 'yes' };
  }
  return { ...step, state: next };
}

function onData(state: VideoRoomState, handle: HandleRef, text: string): Step {
  const line = decodeDataLine(text);
  const step: Step = { state, effects: [], events: [] };
  if (!line || !ACTIVE.includes(state.phase)) return step;
  if (line.kind === 'chat') {
    const next = withMessage(state, { from: line.from, text: line.text, sentAt: line.sentAt, mine: false });
    const message = next.messages.at(-1) as ChatMessage;
    return { ...step, state: next, events: [{ type: 'messageReceived', message }] };
  }
  if (handle.kind !== 'subscriber') return step;
  return {
    ...step,
    state: {
      ...state,
      streams: state.streams.map((s) =>
        s.key === feedKey(handle.feed) ? { ...s, muted: { audio: line.audioMuted, video: line.videoMuted } } : s,
      ),
    },
  };
}
