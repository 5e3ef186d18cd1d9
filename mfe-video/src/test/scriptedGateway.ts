// Test support: a gateway that replays a recorded Janus videoroom transcript. Each exchange names what the
// client must send next (a partial match of the request body, on which handle) and what the gateway answered:
// a synchronous answer or error, and the plugin events that followed. Unsolicited events (a participant
// leaving, ICE failing, a slow link) are pushed by the test. Used by the jest tests only.
import {
  type ConnectGateway,
  GatewayError,
  type GatewayHandle,
  type GatewaySession,
  type HandleCallbacks,
  type Jsep,
  type PublishMedia,
  pluginError,
  transportError,
  type VideoroomData,
} from '../domain/gateway';

export interface Exchange {
  /** Which attached handle (0 = the first) the request must come on; any when absent. */
  handle?: number;
  /** The request body must contain these fields with these values. */
  expect: Record<string, unknown>;
  /** A JSEP must (true) or must not (false) come with it; unchecked when absent. */
  withJsep?: boolean;
  /** Synchronous answer (plugindata.data); an error_code in it rejects the request as Janus does. */
  answer?: VideoroomData;
  /** A transport error ('458 No such session') instead of any answer. */
  transportError?: string;
  /** Plugin events the gateway sent after the ack, on the same handle. */
  events?: { data: VideoroomData; jsep?: Jsep }[];
}

export interface SentRequest {
  handle: number;
  body: Record<string, unknown>;
  jsep?: Jsep;
}

export const OFFER: Jsep = { type: 'offer', sdp: 'v=0 scripted offer' };
export const ANSWER: Jsep = { type: 'answer', sdp: 'v=0 scripted answer' };

export class ScriptedHandle implements GatewayHandle {
  readonly index: number;
  readonly callbacks: HandleCallbacks;
  private readonly gateway: ScriptedGateway;
  detached = false;
  hungUp = false;
  audioMuted = false;
  videoMuted = false;
  bitrate = '0 kbits/sec';
  bitrateReads = 0;
  readonly dataSent: string[] = [];
  readonly remoteJseps: Jsep[] = [];
  readonly offers: PublishMedia[] = [];

  constructor(gateway: ScriptedGateway, index: number, callbacks: HandleCallbacks) {
    this.gateway = gateway;
    this.index = index;
    this.callbacks = callbacks;
  }

  request(message: Record<string, unknown>): Promise<VideoroomData> {
    return this.gateway.exchange(this, message, undefined, true) as Promise<VideoroomData>;
  }

  async message(message: Record<string, unknown>, jsep?: Jsep): Promise<void> {
    await this.gateway.exchange(this, message, jsep, false);
  }

  async createOffer(media: PublishMedia): Promise<Jsep> {
    this.offers.push(media);
    const refusal = this.gateway.mediaError;
    if (refusal) throw refusal;
    return OFFER;
  }

  async createAnswer(offer: Jsep): Promise<Jsep> {
    if (offer.type !== 'offer') throw new Error('createAnswer needs an offer');
    return ANSWER;
  }

  async handleRemoteJsep(jsep: Jsep): Promise<void> {
    this.remoteJseps.push(jsep);
  }

  setAudioMuted(muted: boolean): void {
    this.audioMuted = muted;
  }

  setVideoMuted(muted: boolean): void {
    this.videoMuted = muted;
  }

  localMids(): { audio: string | null; video: string | null } {
    return this.offers.length > 0 ? { audio: '0', video: '1' } : { audio: null, video: null };
  }

  getBitrate(): string {
    this.bitrateReads += 1;
    return this.bitrate;
  }

  async sendData(text: string): Promise<void> {
    this.dataSent.push(text);
  }

  hangup(): void {
    this.hungUp = true;
  }

  async detach(): Promise<void> {
    this.detached = true;
  }

  /** The gateway pushes a plugin event on this handle. */
  push(data: VideoroomData, jsep?: Jsep): void {
    this.callbacks.onMessage(data, jsep);
  }
}

export class ScriptedGateway {
  private readonly transcript: Exchange[];
  readonly sent: SentRequest[] = [];
  readonly handles: ScriptedHandle[] = [];
  readonly urls: string[] = [];
  readonly tokens: (string | null)[] = [];
  /** Requests the transcript did not expect (a test asserts there are none). */
  readonly errors: string[] = [];
  sessionsDestroyed = 0;
  /** Set to refuse the next sessions (the gateway does not answer). */
  refuseConnect: string | null = null;
  /** Set to make createOffer fail as getUserMedia does (e.g. a DOMException named NotAllowedError). */
  mediaError: Error | null = null;
  private lost: ((reason: string) => void) | null = null;

  constructor(transcript: Exchange[]) {
    this.transcript = [...transcript];
  }

  /** Appends exchanges the client is expected to make later. */
  expect(...more: Exchange[]): void {
    this.transcript.push(...more);
  }

  get remaining(): readonly Exchange[] {
    return this.transcript;
  }

  connect: ConnectGateway = async (url, token, onLost) => {
    this.urls.push(url);
    this.tokens.push(token);
    if (this.refuseConnect) throw new GatewayError(null, this.refuseConnect);
    this.lost = onLost;
    const session: GatewaySession = {
      attach: async (callbacks) => {
        const handle = new ScriptedHandle(this, this.handles.length, callbacks);
        this.handles.push(handle);
        return handle;
      },
      destroy: async () => {
        this.sessionsDestroyed += 1;
      },
    };
    return session;
  };

  /** The websocket dropped. */
  loseSession(reason: string): void {
    this.lost?.(reason);
  }

  handle(index: number): ScriptedHandle {
    const handle = this.handles[index];
    if (!handle) throw new Error(`No handle ${index} was attached (attached: ${this.handles.length})`);
    return handle;
  }

  exchange(
    handle: ScriptedHandle,
    body: Record<string, unknown>,
    jsep: Jsep | undefined,
    sync: boolean,
  ): Promise<VideoroomData | undefined> {
    this.sent.push({ handle: handle.index, body, ...(jsep && { jsep }) });
    const where = `request ${JSON.stringify(body)} on handle ${handle.index}`;
    // In order; only requests on different handles (concurrent in the client) may come interleaved.
    const matches = (e: Exchange) =>
      (e.handle === undefined || e.handle === handle.index) &&
      Object.entries(e.expect).every(([k, v]) => JSON.stringify(body[k]) === JSON.stringify(v)) &&
      (e.withJsep === undefined || e.withJsep === (jsep !== undefined));
    const index = this.transcript.findIndex(matches);
    const skipped = index < 0 ? this.transcript : this.transcript.slice(0, index);
    if (index < 0 || skipped.some((e) => e.handle === undefined || e.handle === handle.index)) {
      const error = new Error(
        `Transcript expected ${JSON.stringify(this.transcript[0] ?? 'nothing more')}, but the client sent ${where}`,
      );
      this.errors.push(error.message);
      return Promise.reject(error);
    }
    const [next] = this.transcript.splice(index, 1) as [Exchange];
    if (next.transportError) return Promise.reject(transportError(next.transportError));
    for (const event of next.events ?? []) setTimeout(() => handle.push(event.data, event.jsep), 0);
    const error = pluginError(next.answer);
    if (error) return Promise.reject(error);
    return Promise.resolve(sync ? (next.answer ?? { videoroom: 'success' }) : undefined);
  }
}
