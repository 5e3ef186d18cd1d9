// The janus.js adapter: the service's GatewaySession and GatewayHandle (domain/gateway.ts) over janus-gateway 1.4
// (npm) and webrtc-adapter 9, against the Janus 1.1 videoroom plugin on a websocket with the subprotocol the
// gateway requires (VIDEO_GATEWAY_PROTOCOL, 'janus-protocol'). Nothing else imports janus.js.
import { VIDEO_GATEWAY_PROTOCOL } from '@originate/contract';
import Janus, { type JanusJS } from 'janus-gateway';
import adapter from 'webrtc-adapter';
import {
  type ConnectGateway,
  type GatewayHandle,
  type GatewaySession,
  type HandleCallbacks,
  type IceState,
  type Jsep,
  pluginError,
  transportError,
  type VideoroomData,
} from '../domain/gateway';

const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';
/** A gateway that accepts the socket but never answers counts as unavailable after this long. */
export const CONNECT_TIMEOUT_MS = 10_000;

let initialised: Promise<void> | null = null;

function initJanus(): Promise<void> {
  initialised ??= new Promise<void>((resolve) => {
    Janus.init({
      debug: false,
      dependencies: Janus.useDefaultDependencies({
        adapter,
        // janus.js news this class; whatever protocol it names, the gateway's is the one asked for.
        WebSocket: class extends WebSocket {
          constructor(server: string | URL) {
            super(server, VIDEO_GATEWAY_PROTOCOL);
          }
        } as unknown as JanusJS.Dependencies['WebSocket'],
      }),
      callback: () => resolve(),
    });
  });
  return initialised;
}

/** Opens a Janus session on the gateway's websocket. */
export const connectJanus: ConnectGateway = async (url, token, onLost) => {
  await initJanus();
  if (!Janus.isWebrtcSupported()) throw transportError('This browser cannot make video calls (no WebRTC)');
  return new Promise<GatewaySession>((resolve, reject) => {
    let connected = false;
    let lost = false;
    const timer = setTimeout(() => {
      if (connected) return;
      reject(transportError('The video gateway did not answer'));
      janus.destroy({ cleanupHandles: true, notifyDestroyed: false });
    }, CONNECT_TIMEOUT_MS);
    const janus = new Janus({
      server: url,
      // Janus token_auth: sent with every request of the session, keepalives included.
      ...(token && { token }),
      destroyOnUnload: true,
      success: () => {
        connected = true;
        clearTimeout(timer);
        resolve(sessionOf(janus));
      },
      error: (error: unknown) => {
        clearTimeout(timer);
        if (!connected) reject(transportError(error));
        else if (!lost) {
          lost = true;
          onLost(transportError(error).message);
        }
      },
    });
  });
};

function sessionOf(janus: JanusJS.Janus): GatewaySession {
  return {
    attach: (callbacks) =>
      new Promise<GatewayHandle>((resolve, reject) => {
        janus.attach({
          plugin: VIDEOROOM_PLUGIN,
          opaqueId: `originate-${Janus.randomString(12)}`,
          success: (handle) => resolve(handleOf(handle)),
          error: (error) => reject(transportError(error)),
          onmessage: (message, jsep) => callbacks.onMessage(message as VideoroomData, jsep as Jsep | undefined),
          iceState: (state) => callbacks.onIceState(state as IceState),
          webrtcState: (up) => callbacks.onWebrtcState(up),
          slowLink: (uplink, lost) => callbacks.onSlowLink(uplink, lost),
          onlocaltrack: (track, on) => callbacks.onLocalTrack(track, on),
          onremotetrack: (track, mid, on) => callbacks.onRemoteTrack(track, mid, on),
          ondata: (data: unknown) => callbacks.onData(typeof data === 'string' ? data : String(data)),
          ondataopen: () => callbacks.onDataOpen(),
        } satisfies JanusJS.PluginOptions & Partial<Record<keyof HandleCallbacks, never>>);
      }),
    destroy: () =>
      new Promise<void>((resolve) => {
        janus.destroy({ cleanupHandles: true, success: () => resolve(), error: () => resolve() });
      }),
  };
}

function handleOf(handle: JanusJS.PluginHandle): GatewayHandle {
  return {
    request: (message) =>
      new Promise<VideoroomData>((resolve, reject) => {
        handle.send({
          message: message as JanusJS.PluginMessage['message'],
          success: (data?: VideoroomData) => {
            const error = pluginError(data);
            if (error) reject(error);
            else if (!data) reject(transportError('The video gateway gave no answer'));
            else resolve(data);
          },
          error: (error) => reject(transportError(error)),
        });
      }),
    message: (message, jsep) =>
      new Promise<void>((resolve, reject) => {
        handle.send({
          message: message as JanusJS.PluginMessage['message'],
          ...(jsep && { jsep: jsep as JanusJS.JSEP }),
          success: (data?: VideoroomData) => {
            const error = pluginError(data);
            if (error) reject(error);
            else resolve();
          },
          error: (error) => reject(transportError(error)),
        });
      }),
    createOffer: (media) =>
      new Promise<Jsep>((resolve, reject) => {
        handle.createOffer({
          tracks: [
            { type: 'audio', capture: media.audio, recv: false },
            { type: 'video', capture: media.video, recv: false },
            { type: 'data', capture: false },
          ],
          success: (jsep) => resolve(jsep as Jsep),
          error: (error) => reject(error),
        });
      }),
    createAnswer: (offer) =>
      new Promise<Jsep>((resolve, reject) => {
        handle.createAnswer({
          jsep: offer as JanusJS.JSEP,
          // Receive only: audio and video as offered, plus the data channel the chat and mute states use.
          tracks: [{ type: 'data', capture: false }],
          success: (jsep) => resolve(jsep as Jsep),
          error: (error) => reject(transportError(error)),
        });
      }),
    handleRemoteJsep: (jsep) =>
      new Promise<void>((resolve, reject) => {
        handle.handleRemoteJsep({
          jsep: jsep as JanusJS.JSEP,
          success: () => resolve(),
          error: (error) => reject(transportError(error)),
        });
      }),
    setAudioMuted: (muted) => (muted ? handle.muteAudio() : handle.unmuteAudio()),
    setVideoMuted: (muted) => (muted ? handle.muteVideo() : handle.unmuteVideo()),
    localMids: () => {
      const tracks = handle.getLocalTracks() ?? [];
      const mid = (kind: string) => tracks.find((t) => t.type === kind)?.mid ?? null;
      return { audio: mid('audio'), video: mid('video') };
    },
    getBitrate: () => handle.getBitrate(),
    sendData: (text) =>
      new Promise<void>((resolve, reject) => {
        handle.data({ data: text, success: () => resolve(), error: (error) => reject(transportError(error)) });
      }),
    hangup: () => handle.hangup(),
    detach: () =>
      new Promise<void>((resolve) => {
        handle.detach({ success: () => resolve(), error: () => resolve() });
      }),
  };
}
