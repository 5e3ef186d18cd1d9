// The janus.js adapter against a stand-in for janus.js (the real one needs a browser's WebRTC; it was run
// against Janus 1.1.2 in Chromium, README): the session options, the websocket subprotocol, the plugin, and
// how answers, acks and errors become resolutions and GatewayErrors.
import { VIDEO_GATEWAY_PROTOCOL } from '@originate/contract';
import { GatewayError, type HandleCallbacks } from '../domain/gateway';

interface FakeJanusOptions {
  server: string;
  token?: string;
  success: () => void;
  error: (e: unknown) => void;
}

const fake = {
  instances: [] as { options: FakeJanusOptions; attached: Record<string, unknown>[]; destroyed: boolean }[],
  init: jest.fn(),
  sendReply: null as
    | null
    | ((message: {
        message: Record<string, unknown>;
        success: (d?: unknown) => void;
        error: (e: string) => void;
      }) => void),
  handle: null as null | Record<string, jest.Mock>,
};

jest.mock('webrtc-adapter', () => ({ __esModule: true, default: { browserDetails: { browser: 'chrome' } } }));
jest.mock('janus-gateway', () => {
  class Janus {
    static init(options: { dependencies: unknown; callback: () => void }) {
      fake.init(options);
      options.callback();
    }
    static useDefaultDependencies(deps: unknown) {
      return deps;
    }
    static isWebrtcSupported() {
      return true;
    }
    static randomString(n: number) {
      return 'x'.repeat(n);
    }
    private readonly record: (typeof fake.instances)[number];
    constructor(options: FakeJanusOptions) {
      this.record = { options, attached: [], destroyed: false };
      fake.instances.push(this.record);
    }
    attach(options: Record<string, unknown> & { success: (h: unknown) => void }) {
      this.record.attached.push(options);
      const handle = {
        send: jest.fn((m) => fake.sendReply?.(m)),
        muteAudio: jest.fn(),
        unmuteAudio: jest.fn(),
        muteVideo: jest.fn(),
        unmuteVideo: jest.fn(),
        getBitrate: jest.fn(() => '120 kbits/sec'),
        getLocalTracks: jest.fn(() => [
          { mid: '0', type: 'audio' },
          { mid: '1', type: 'video' },
        ]),
        data: jest.fn((p: { success: () => void }) => p.success()),
        hangup: jest.fn(),
        detach: jest.fn((p: { success: () => void }) => p.success()),
      };
      fake.handle = handle;
      options.success(handle);
    }
    destroy(options: { success?: () => void }) {
      this.record.destroyed = true;
      options.success?.();
    }
  }
  return { __esModule: true, default: Janus };
});

import { CONNECT_TIMEOUT_MS, connectJanus } from './janusGateway';

const callbacks = (): HandleCallbacks => ({
  onMessage: jest.fn(),
  onIceState: jest.fn(),
  onWebrtcState: jest.fn(),
  onSlowLink: jest.fn(),
  onLocalTrack: jest.fn(),
  onRemoteTrack: jest.fn(),
  onData: jest.fn(),
  onDataOpen: jest.fn(),
});

async function connected(token: string | null = 'signed-token') {
  const onLost = jest.fn();
  const pending = connectJanus('ws://127.0.0.1:8188', token, onLost);
  await Promise.resolve();
  await Promise.resolve();
  const instance = fake.instances.at(-1);
  if (!instance) throw new Error('no Janus made');
  instance.options.success();
  return { session: await pending, instance, onLost };
}

/** What each websocket was made with (the browser's WebSocket stands in, recording its arguments). */
const sockets: unknown[][] = [];
const browserWebSocket = globalThis.WebSocket;
beforeAll(() => {
  globalThis.WebSocket = class {
    constructor(...args: unknown[]) {
      sockets.push(args);
    }
  } as unknown as typeof WebSocket;
});
afterAll(() => {
  globalThis.WebSocket = browserWebSocket;
});

beforeEach(() => {
  fake.instances = [];
  fake.sendReply = null;
});

it('opens the session on the gateway URL with the call token; the websocket asks for janus-protocol', async () => {
  const { instance } = await connected();
  expect(instance.options.server).toBe('ws://127.0.0.1:8188');
  expect(instance.options.token).toBe('signed-token');
  // janus.js news the dependency's WebSocket class with its own protocol argument: ours asks for the gateway's.
  const deps = fake.init.mock.calls[0]?.[0].dependencies as { WebSocket: new (url: string, p?: string) => unknown };
  new deps.WebSocket('ws://127.0.0.1:8188', 'something-else');
  expect(sockets.at(-1)).toEqual(['ws://127.0.0.1:8188', 'janus-protocol']);
  expect(VIDEO_GATEWAY_PROTOCOL).toBe('janus-protocol');
  const { instance: noToken } = await connected(null);
  expect(noToken.options).not.toHaveProperty('token');
});

it('attaches the videoroom plugin and passes its callbacks on', async () => {
  const { session, instance } = await connected();
  const cb = callbacks();
  await session.attach(cb);
  const options = instance.attached[0] as Record<string, (...args: unknown[]) => void> & { plugin: string };
  expect(options.plugin).toBe('janus.plugin.videoroom');
  options.onmessage?.({ videoroom: 'joined', id: 1 }, { type: 'answer', sdp: 'a' });
  options.iceState?.('failed');
  options.slowLink?.(true, 7, '0');
  options.ondata?.('{"kind":"chat"}');
  expect(cb.onMessage).toHaveBeenCalledWith({ videoroom: 'joined', id: 1 }, { type: 'answer', sdp: 'a' });
  expect(cb.onIceState).toHaveBeenCalledWith('failed');
  expect(cb.onSlowLink).toHaveBeenCalledWith(true, 7);
  expect(cb.onData).toHaveBeenCalledWith('{"kind":"chat"}');
});

it('a synchronous answer resolves; an error_code in it, or a transport error, rejects with the code and reason', async () => {
  const { session } = await connected();
  const handle = await session.attach(callbacks());
  fake.sendReply = (m) => m.success({ videoroom: 'success', room: 7, exists: true });
  await expect(handle.request({ request: 'exists', room: 7 })).resolves.toEqual({
    videoroom: 'success',
    room: 7,
    exists: true,
  });
  fake.sendReply = (m) => m.success({ videoroom: 'event', error_code: 426, error: 'No such room (7)' });
  await expect(handle.request({ request: 'destroy', room: 7 })).rejects.toEqual(
    new GatewayError(426, 'No such room (7)'),
  );
  fake.sendReply = (m) => m.error('458 No such session (1)');
  await expect(handle.request({ request: 'list' })).rejects.toMatchObject({ code: 458, reason: 'No such session (1)' });
  // An asynchronous request resolves on the ack (janus.js calls success without data).
  fake.sendReply = (m) => m.success();
  await expect(handle.message({ request: 'join' })).resolves.toBeUndefined();
  expect(handle.getBitrate()).toBe('120 kbits/sec');
  expect(handle.localMids()).toEqual({ audio: '0', video: '1' });
});

it('a gateway that never answers is unavailable after CONNECT_TIMEOUT_MS; a drop after success calls onLost once', async () => {
  jest.useFakeTimers();
  try {
    const pending = connectJanus('ws://127.0.0.1:9', 'token', jest.fn());
    const outcome = expect(pending).rejects.toMatchObject({ reason: 'The video gateway did not answer' });
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    await outcome;
    expect(fake.instances.at(-1)?.destroyed).toBe(true);
  } finally {
    jest.useRealTimers();
  }
  const { instance, onLost } = await connected();
  instance.options.error('Lost connection to the server (is it down?)');
  instance.options.error('Lost connection to the server (is it down?)');
  expect(onLost).toHaveBeenCalledTimes(1);
  expect(onLost).toHaveBeenCalledWith('Lost connection to the server (is it down?)');
});
