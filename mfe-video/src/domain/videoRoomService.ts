// The one typed video service (spec §4 Video, §7 Video gateway, §8, §9): the room operations as promises over a
// gateway session, the pure reducer (videoRoomReducer.ts) for everything the gateway reports, and the effects
// it asks for carried out here. The gateway itself is injected (ConnectGateway): janus.js in the browser
// (api/janusGateway.ts), a scripted transcript in the tests. No React.
import { VIDEO_BITRATE_POLL_MS, VIDEO_NO_BITRATE_LIMIT, type VideoJoinRole, type VideoRoom } from '@originate/contract';
import { encodeChat, encodeMuteState, MAX_CHAT_LENGTH } from './dataMessages';
import {
  type ConnectGateway,
  GatewayError,
  type GatewayHandle,
  type GatewaySession,
  type HandleCallbacks,
  type VideoroomListedRoom,
} from './gateway';
import {
  type ConfigureChange,
  configureRequest,
  existsRequest,
  joinPublisherRequest,
  joinSubscriberRequest,
  leaveRequest,
  listRequest,
  publishRequest,
  startRequest,
} from './roomRequests';
import {
  type Effect,
  type HandleRef,
  initialRoomState,
  type MediaProblem,
  type RoomInput,
  reduceVideoRoom,
  type VideoRoomEvent,
  type VideoRoomState,
} from './videoRoomReducer';

/** How long a join may wait for the gateway's `joined` or refusal. */
export const JOIN_TIMEOUT_MS = 15_000;

export interface VideoRoomServiceOptions {
  /** Opens the gateway session (janus.js, or a test's scripted gateway). */
  connect: ConnectGateway;
  /** The gateway's websocket URL (env.json videoGatewayUrl). */
  url: string;
  /** The call's gateway token (VideoJoin.gatewayToken); null for a gateway without token auth. */
  token: string | null;
  /** Spec §9: bitrate polling period, VIDEO_BITRATE_POLL_MS by default. */
  pollMs?: number;
  now?: () => number;
}

/** What a join answers once the gateway said `joined`. */
export interface JoinedRoom {
  room: number;
  id: number;
  role: VideoJoinRole;
}

/** Spec §4: mute audio or video, and the bitrate cap (bit/s; spec §9: 0 removes the limit). */
export interface ConfigureOptions {
  audioMuted?: boolean;
  videoMuted?: boolean;
  bitrate?: number;
}

type Listener<T> = (value: T) => void;

/** The camera/microphone error of getUserMedia, in the screen's words. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'permissionDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noDevice';
  return 'other';
}

export class VideoRoomService {
  private state: VideoRoomState = initialRoomState;
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<Listener<VideoRoomEvent>>();
  private readonly connectGateway: ConnectGateway;
  private readonly url: string;
  private readonly token: string | null;
  private readonly pollMs: number;
  private readonly now: () => number;
  private session: Promise<GatewaySession> | null = null;
  private control: Promise<GatewayHandle> | null = null;
  private readonly subscribers = new Map<number, Promise<GatewayHandle>>();
  private readonly media = new Map<string, MediaStream>();
  private room: VideoRoom | null = null;
  private lastJoin: { room: VideoRoom; display: string; role: VideoJoinRole; bitrate: number } | null = null;
  private pendingJoin: { resolve: (joined: JoinedRoom) => void; reject: (error: Error) => void } | null = null;
  private poll: ReturnType<typeof setInterval> | null = null;
  private generation = 0;
  private teardownDone: Promise<void> = Promise.resolve();

  constructor(options: VideoRoomServiceOptions) {
    this.connectGateway = options.connect;
    this.url = options.url;
    this.token = options.token;
    this.pollMs = options.pollMs ?? VIDEO_BITRATE_POLL_MS;
    this.now = options.now ?? Date.now;
  }

  // ---- reading ---------------------------------------------------------------------------------------------

  getState = (): VideoRoomState => this.state;

  /** Called after every state change (useSyncExternalStore). */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Spec §4 events: joined, left, participantJoined/Left, slowLink, messageReceived, connectionFailed, gatewayUnavailable. */
  on(listener: Listener<VideoRoomEvent>): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** The media of a stream ('local' or 'feed-<id>'), once its tracks arrived. */
  mediaOf(key: string): MediaStream | null {
    return this.media.get(key) ?? null;
  }

  // ---- room operations (spec §7) ---------------------------------------------------------------------------

  /** Rooms the gateway lists (never the private ones: every call's room is private). */
  async list(): Promise<VideoroomListedRoom[]> {
    const answer = await (await this.controlHandle()).request(listRequest());
    return answer.list ?? [];
  }

  async exists(roomId: number): Promise<boolean> {
    const answer = await (await this.controlHandle()).request(existsRequest(roomId));
    return answer.exists === true;
  }

  /** Joins and publishes camera, microphone and the chat channel (the agent, the applicant). */
  joinAsPublisher(room: VideoRoom, display: string, options: { bitrate?: number } = {}): Promise<JoinedRoom> {
    return this.join(room, display, 'publisher', options.bitrate ?? VIDEO_NO_BITRATE_LIMIT);
  }

  /** Joins silently (never publishing) and subscribes to both publishers (a supervisor). */
  joinAsSubscriber(room: VideoRoom, display: string): Promise<JoinedRoom> {
    return this.join(room, display, 'subscriber', VIDEO_NO_BITRATE_LIMIT);
  }

  /** Spec §4/§9: mutes or unmutes our audio and video (the other side is told on the data channel); caps the bitrate. */
  async configure(options: ConfigureOptions): Promise<void> {
    if (this.state.phase !== 'joined' || this.state.role !== 'publisher')
      throw new GatewayError(null, 'Not publishing in a call');
    const handle = await this.controlHandle();
    const local = this.state.streams.find((s) => s.type === 'local');
    const audio = options.audioMuted ?? local?.muted.audio ?? false;
    const video = options.videoMuted ?? local?.muted.video ?? false;
    const change: ConfigureChange = { streams: [] };
    const mids = handle.localMids();
    if (options.audioMuted !== undefined) {
      handle.setAudioMuted(audio);
      if (mids.audio !== null) change.streams?.push({ mid: mids.audio, send: !audio });
    }
    if (options.videoMuted !== undefined) {
      handle.setVideoMuted(video);
      if (mids.video !== null) change.streams?.push({ mid: mids.video, send: !video });
    }
    if (options.audioMuted !== undefined || options.videoMuted !== undefined)
      this.dispatch({ type: 'localMuted', audio, video });
    if (options.bitrate !== undefined) {
      change.bitrate = options.bitrate;
      this.dispatch({ type: 'bitrateLimitSet', bitrate: options.bitrate });
    }
    // Refusals come back as plugin events (requestFailed).
    if (change.bitrate !== undefined || (change.streams?.length ?? 0) > 0)
      await handle.message(configureRequest(change));
  }

  /** A chat line on the data channel, with our display name (spec §7). */
  async sendMessage(text: string): Promise<void> {
    const line = text.trim().slice(0, MAX_CHAT_LENGTH);
    if (!line) return;
    if (this.state.phase !== 'joined' || this.state.publishing !== 'yes')
      throw new GatewayError(null, 'Chat needs a published call');
    const at = new Date(this.now());
    await (await this.controlHandle()).sendData(encodeChat(this.state.display, line, at));
    this.dispatch({ type: 'chatSent', text: line, sentAt: at.toISOString() });
  }

  /** Tries the camera and microphone again after they were refused. */
  async republish(): Promise<void> {
    if (this.state.phase !== 'joined' || this.state.role !== 'publisher') return;
    this.dispatch({ type: 'publishRequested' });
  }

  /** Leaves the room; every handle is hung up and the session closed. */
  async leave(): Promise<void> {
    if (this.state.phase !== 'joining' && this.state.phase !== 'joined') {
      await this.teardown();
      return;
    }
    const control = this.control;
    if (control) {
      try {
        await (await control).message(leaveRequest());
      } catch {
        // The gateway may be gone already; leaving locally is what matters.
      }
    }
    this.dispatch({ type: 'leaveRequested' });
    await this.teardown();
  }

  /** Spec §4: after connection-failed, the same join again on a new session. */
  async reconnect(): Promise<JoinedRoom> {
    const last = this.lastJoin;
    if (!last) throw new GatewayError(null, 'Nothing to reconnect to');
    await this.leave();
    return this.join(last.room, last.display, last.role, last.bitrate);
  }

  // ---- internals -------------------------------------------------------------------------------------------

  private async join(room: VideoRoom, display: string, role: VideoJoinRole, bitrate: number): Promise<JoinedRoom> {
    if (this.state.phase === 'joining' || this.state.phase === 'joined')
      throw new GatewayError(null, 'Already in a call');
    this.room = room;
    this.lastJoin = { room, display, role, bitrate };
    const handle = await this.controlHandle();
    const joined = new Promise<JoinedRoom>((resolve, reject) => {
      this.pendingJoin = { resolve, reject };
    });
    // Settled before it is awaited when the join request itself is refused: handled below, never unhandled.
    joined.catch(() => undefined);
    const timer = setTimeout(
      () => this.settleJoin(new GatewayError(null, 'The video gateway did not answer the join')),
      JOIN_TIMEOUT_MS,
    );
    this.dispatch({ type: 'joinRequested', room: room.id, role, display, bitrateLimit: bitrate });
    try {
      await handle.message(joinPublisherRequest(room, display));
      return await joined;
    } catch (error) {
      const refusal = error instanceof GatewayError ? error : new GatewayError(null, String(error));
      this.settleJoin(refusal);
      // A refusal the gateway gave as the request's answer (not as an event) rejects the join all the same.
      if (this.getState().phase === 'joining') {
        const data = {
          videoroom: 'event',
          error: refusal.reason,
          ...(refusal.code !== null && { error_code: refusal.code }),
        };
        this.dispatch({ type: 'message', handle: { kind: 'publisher' }, data, at: this.now() });
      }
      await this.teardown();
      throw refusal;
    } finally {
      clearTimeout(timer);
    }
  }

  private settleJoin(outcome: JoinedRoom | Error): void {
    const pending = this.pendingJoin;
    if (!pending) return;
    this.pendingJoin = null;
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome);
  }

  private sessionOf(): Promise<GatewaySession> {
    if (!this.session) {
      const generation = this.generation;
      const session = this.connectGateway(this.url, this.token, (reason) => {
        if (generation === this.generation) this.unavailable(reason);
      });
      this.session = session;
      session.catch((error: unknown) => {
        if (this.session === session) this.session = null;
        if (generation === this.generation) this.unavailable(error instanceof Error ? error.message : String(error));
      });
    }
    return this.session;
  }

  private unavailable(reason: string): void {
    this.settleJoin(new GatewayError(null, reason));
    this.dispatch({ type: 'gatewayUnavailable', reason });
  }

  private controlHandle(): Promise<GatewayHandle> {
    if (!this.control) {
      const handle = this.sessionOf().then((session) => session.attach(this.callbacks({ kind: 'publisher' })));
      this.control = handle;
      handle.catch(() => {
        if (this.control === handle) this.control = null;
      });
    }
    return this.control;
  }

  private callbacks(handle: HandleRef): HandleCallbacks {
    const generation = this.generation;
    const live = () => generation === this.generation;
    const key = handle.kind === 'publisher' ? 'local' : `feed-${handle.feed}`;
    return {
      onMessage: (data, jsep) => live() && this.dispatch({ type: 'message', handle, data, jsep, at: this.now() }),
      onIceState: (state) => live() && this.dispatch({ type: 'iceState', handle, state }),
      onWebrtcState: (up) => live() && this.dispatch({ type: 'webrtcState', handle, up }),
      onSlowLink: (uplink, lost) => live() && this.dispatch({ type: 'slowLink', handle, uplink, lost, at: this.now() }),
      onLocalTrack: (track, on) => live() && this.track(key, track, on),
      onRemoteTrack: (track, _mid, on) => live() && this.track(key, track, on),
      onData: (text) => live() && this.dispatch({ type: 'data', handle, text }),
      onDataOpen: () => live() && this.dispatch({ type: 'dataOpen', handle }),
    };
  }

  private track(key: string, track: MediaStreamTrack, on: boolean): void {
    if (typeof MediaStream === 'undefined') return;
    let stream = this.media.get(key);
    if (on) {
      if (!stream) {
        stream = new MediaStream();
        this.media.set(key, stream);
      }
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
    } else if (stream) {
      stream.removeTrack(track);
    }
    // A new MediaStream object tells the video element to re-read it.
    if (stream) this.media.set(key, new MediaStream(stream.getTracks()));
    this.notify();
  }

  private dispatch(input: RoomInput): void {
    const step = reduceVideoRoom(this.state, input);
    const changed = step.state !== this.state;
    this.state = step.state;
    const generation = this.generation;
    for (const event of step.events) {
      if (event.type === 'joined') {
        this.settleJoin({ room: event.room, id: event.id, role: event.role });
        this.startPolling();
      }
      if (event.type === 'joinRejected') this.settleJoin(new GatewayError(event.code, event.reason));
    }
    if (changed) this.notify();
    for (const event of step.events) for (const listener of this.eventListeners) listener(event);
    for (const effect of step.effects) void this.run(effect, generation);
  }

  private notify(): void {
    for (const listener of this.stateListeners) listener();
  }

  private fail(error: unknown): void {
    const e =
      error instanceof GatewayError
        ? error
        : new GatewayError(null, error instanceof Error ? error.message : String(error));
    for (const listener of this.eventListeners) listener({ type: 'requestFailed', code: e.code, reason: e.reason });
  }

  /** Carries out one effect of the reducer; a failure is announced as requestFailed, never thrown. */
  private async run(effect: Effect, generation: number): Promise<void> {
    if (generation !== this.generation) return;
    try {
      switch (effect.type) {
        case 'publish': {
          const handle = await this.controlHandle();
          let offer: Awaited<ReturnType<GatewayHandle['createOffer']>>;
          try {
            offer = await handle.createOffer({ audio: true, video: true, data: true });
          } catch (error) {
            this.dispatch({ type: 'publishFailed', problem: mediaProblemOf(error), reason: String(error) });
            return;
          }
          await handle.message(publishRequest(this.state.bitrateLimit), offer);
          return;
        }
        case 'subscribe': {
          const room = this.room;
          if (!room || this.subscribers.has(effect.feed)) return;
          const handle = this.sessionOf().then((session) =>
            session.attach(this.callbacks({ kind: 'subscriber', feed: effect.feed })),
          );
          this.subscribers.set(effect.feed, handle);
          await (await handle).message(joinSubscriberRequest(room, effect.feed, this.state.me?.privateId ?? null));
          return;
        }
        case 'answer': {
          const handle = this.subscribers.get(effect.feed);
          if (!handle) return;
          const h = await handle;
          const answer = await h.createAnswer(effect.jsep);
          await h.message(startRequest(), answer);
          return;
        }
        case 'acceptAnswer':
          await (await this.controlHandle()).handleRemoteJsep(effect.jsep);
          return;
        case 'unsubscribe': {
          const handle = this.subscribers.get(effect.feed);
          this.subscribers.delete(effect.feed);
          if (this.media.delete(`feed-${effect.feed}`)) this.notify();
          if (handle) await detach(handle);
          return;
        }
        case 'announceMuteState': {
          if (this.state.role !== 'publisher' || this.state.publishing !== 'yes' || !this.control) return;
          const local = this.state.streams.find((s) => s.type === 'local');
          if (!local) return;
          await (await this.control).sendData(
            encodeMuteState(this.state.display, local.muted.audio, local.muted.video),
          );
          return;
        }
        case 'teardown':
          await this.teardown();
          return;
      }
    } catch (error) {
      if (generation === this.generation) this.fail(error);
    }
  }

  private startPolling(): void {
    if (this.poll) return;
    this.poll = setInterval(() => {
      for (const [feed, handle] of this.subscribers) {
        void handle.then(
          (h) => this.dispatch({ type: 'bitrate', feed, value: h.getBitrate() }),
          () => undefined,
        );
      }
      this.dispatch({ type: 'tick', at: this.now() });
    }, this.pollMs);
  }

  /** Hangs up every handle and closes the session; what the old session still reports is ignored. Resolves
   * once every teardown so far is done (an effect's and the caller's alike). */
  private teardown(): Promise<void> {
    this.generation += 1;
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    const handles = [...this.subscribers.values(), ...(this.control ? [this.control] : [])];
    const session = this.session;
    this.subscribers.clear();
    this.control = null;
    this.session = null;
    if (this.media.size > 0) {
      for (const stream of this.media.values()) for (const track of stream.getTracks()) track.stop();
      this.media.clear();
      this.notify();
    }
    const work = Promise.all(handles.map(detach)).then(() => session?.then((s) => s.destroy()).catch(() => undefined));
    this.teardownDone = Promise.all([this.teardownDone, work]).then(() => undefined);
    return this.teardownDone;
  }
}

async function detach(handle: Promise<GatewayHandle>): Promise<void> {
  try {
    const h = await handle;
    h.hangup();
    await h.detach();
  } catch {
    // Already gone.
  }
}
