// The service against scripted gateway transcripts (test/scriptedGateway.ts): the requests it sends, in order and
// field by field, and what it makes of the recorded answers and events (spec §4, §7, §8, §9).
import { VIDEO_BITRATE_POLL_MS, type VideoRoom } from '@originate/contract';
import { ANSWER, type Exchange, OFFER, ScriptedGateway } from '../test/scriptedGateway';
import { GatewayError } from './gateway';
import type { VideoRoomEvent } from './videoRoomReducer';
import { JOIN_TIMEOUT_MS, VideoRoomService } from './videoRoomService';

const PIN = 'pin-0123456789abcdefghijk';
const ROOM: VideoRoom = {
  id: 1234,
  name: 'Video call APP-1',
  pin: PIN,
  maximumPublishers: 2,
  recording: { enabled: true },
  codecs: { audio: 'opus', video: 'vp8' },
};
const URL = 'ws://127.0.0.1:8188';
const TOKEN = 'call-token-0123456789abcdefghijklmnopqrstu';

const JOIN_AS_AGENT = { request: 'join', ptype: 'publisher', room: 1234, pin: PIN, display: 'Asha Agent' };
const JOINED = {
  videoroom: 'joined',
  room: 1234,
  description: 'Video call APP-1',
  id: 11,
  private_id: 77,
  publishers: [],
};
const PUBLISH: Exchange = {
  handle: 0,
  expect: { request: 'publish', bitrate: 0 },
  withJsep: true,
  events: [{ data: { videoroom: 'event', room: 1234, configured: 'ok' }, jsep: ANSWER }],
};

const gateways: ScriptedGateway[] = [];

function setup(transcript: Exchange[]) {
  const gateway = new ScriptedGateway(transcript);
  gateways.push(gateway);
  let now = Date.parse('2026-11-28T10:00:00.000Z');
  const service = new VideoRoomService({ connect: gateway.connect, url: URL, token: TOKEN, now: () => now });
  const events: VideoRoomEvent[] = [];
  service.on((e) => events.push(e));
  return {
    gateway,
    service,
    events,
    advance: async (ms: number) => {
      now += ms;
      await jest.advanceTimersByTimeAsync(ms);
    },
  };
}

const flush = () => jest.advanceTimersByTimeAsync(1);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  // Every request the client sent was one the transcript expected.
  for (const gateway of gateways.splice(0)) expect(gateway.errors).toEqual([]);
});

describe('room operations (spec §7 list, exists; the server creates, destroys and records rooms)', () => {
  it('unknown or failed room operations reject (spec §8)', async () => {
    const { service } = setup([
      { expect: { request: 'exists', room: 1 }, transportError: '458 No such session (1)' },
      { expect: { request: 'bogus' }, answer: { videoroom: 'event', error_code: 423, error: 'Unknown request' } },
    ]);
    await expect(service.exists(1)).rejects.toMatchObject({ code: 458, reason: 'No such session (1)' });
    // Any request the plugin does not know is refused the same way (the adapter's request path).
    await expect(
      (service as unknown as { controlHandle: () => Promise<{ request: (b: object) => Promise<unknown> }> })
        .controlHandle()
        .then((h) => h.request({ request: 'bogus' })),
    ).rejects.toEqual(new GatewayError(423, 'Unknown request'));
  });

  it('list and exists answer the gateway figures, over a session opened with the call token', async () => {
    const listed = [
      { room: 1234, description: 'Video call APP-1', pin_required: true, max_publishers: 2, num_participants: 1 },
    ];
    const { gateway, service } = setup([
      { expect: { request: 'list' }, answer: { videoroom: 'success', list: listed } },
      { expect: { request: 'exists', room: 1234 }, answer: { videoroom: 'success', room: 1234, exists: true } },
    ]);
    await expect(service.list()).resolves.toEqual(listed);
    await expect(service.exists(1234)).resolves.toBe(true);
    expect(gateway.remaining).toEqual([]);
    expect(gateway.urls).toEqual([URL]);
    expect(gateway.tokens).toEqual([TOKEN]);
  });
});

describe('a call as the agent (publisher), end to end over a transcript', () => {
  it('joins, publishes, subscribes to the applicant, polls bitrate, chats, mutes, caps bitrate, sees slow links, leaves', async () => {
    const { gateway, service, events, advance } = setup([
      { handle: 0, expect: JOIN_AS_AGENT, events: [{ data: JOINED }] },
      PUBLISH,
    ]);
    const joined = service.joinAsPublisher(ROOM, 'Asha Agent');
    await flush();
    await expect(joined).resolves.toEqual({ room: 1234, id: 11, role: 'publisher' });
    await flush();
    const pub = gateway.handle(0);
    expect(pub.offers).toEqual([{ audio: true, video: true, data: true }]);
    expect(pub.remoteJseps).toEqual([ANSWER]);
    expect(service.getState().publishing).toBe('yes');

    // The applicant publishes: a subscriber handle joins their feed, answers the offer with start.
    gateway.expect(
      {
        handle: 1,
        expect: { request: 'join', ptype: 'subscriber', room: 1234, pin: PIN, streams: [{ feed: 22 }], private_id: 77 },
        events: [
          {
            data: {
              videoroom: 'attached',
              room: 1234,
              streams: [{ mid: '0', type: 'audio', feed_id: 22, feed_display: 'Ravi Applicant' }],
            },
            jsep: OFFER,
          },
        ],
      },
      {
        handle: 1,
        expect: { request: 'start' },
        withJsep: true,
        events: [{ data: { videoroom: 'event', started: 'ok' } }],
      },
    );
    pub.push({ videoroom: 'event', room: 1234, publishers: [{ id: 22, display: 'Ravi Applicant' }] });
    await flush();
    await flush();
    expect(gateway.remaining).toEqual([]);
    expect(gateway.sent.at(-1)?.jsep).toEqual(ANSWER);
    // Our mute states went to the newcomer on the data channel.
    expect(pub.dataSent.map((t) => JSON.parse(t))).toEqual([
      { kind: 'state', from: 'Asha Agent', audioMuted: false, videoMuted: false },
    ]);
    const remote = service.getState().streams.find((s) => s.type === 'remote');
    expect(remote).toMatchObject({ userId: 22, displayName: 'Ravi Applicant', room: 1234, temporary: true });

    // Bitrate: janus.js getBitrate() on the subscription, every VIDEO_BITRATE_POLL_MS (spec §9: 1000 ms).
    expect(VIDEO_BITRATE_POLL_MS).toBe(1000);
    const subHandle = gateway.handle(1);
    subHandle.bitrate = '312 kbits/sec';
    await advance(VIDEO_BITRATE_POLL_MS);
    expect(service.getState().streams[1]?.bitrate).toBe(312);
    const reads = subHandle.bitrateReads;
    subHandle.bitrate = '280 kbits/sec';
    await advance(VIDEO_BITRATE_POLL_MS);
    expect(service.getState().streams[1]?.bitrate).toBe(280);
    expect(subHandle.bitrateReads).toBe(reads + 1);
    await advance(3 * VIDEO_BITRATE_POLL_MS);
    expect(subHandle.bitrateReads).toBe(reads + 4);

    // Chat both ways (data channel JSON with the sender's display name).
    subHandle.callbacks.onData(
      JSON.stringify({
        kind: 'chat',
        from: 'Ravi Applicant',
        text: 'Can you hear me?',
        sentAt: '2026-11-28T10:00:02.000Z',
      }),
    );
    await service.sendMessage('  Yes, clearly.  ');
    expect(JSON.parse(pub.dataSent.at(-1) ?? '')).toEqual({
      kind: 'chat',
      from: 'Asha Agent',
      text: 'Yes, clearly.',
      sentAt: new Date(Date.parse('2026-11-28T10:00:00.000Z') + 5 * VIDEO_BITRATE_POLL_MS).toISOString(),
    });
    expect(service.getState().messages.map((m) => [m.from, m.text, m.mine])).toEqual([
      ['Ravi Applicant', 'Can you hear me?', false],
      ['Asha Agent', 'Yes, clearly.', true],
    ]);
    expect(events.filter((e) => e.type === 'messageReceived')).toHaveLength(1);

    // The applicant mutes: their stream's mute states follow.
    subHandle.callbacks.onData(
      JSON.stringify({ kind: 'state', from: 'Ravi Applicant', audioMuted: true, videoMuted: true }),
    );
    expect(service.getState().streams[1]?.muted).toEqual({ audio: true, video: true });

    // We mute audio and cap the bitrate, then lift the cap (spec §9: 0 removes the limit).
    const configured: Exchange['events'] = [{ data: { videoroom: 'event', configured: 'ok' } }];
    gateway.expect(
      { handle: 0, expect: { request: 'configure', streams: [{ mid: '0', send: false }] }, events: configured },
      { handle: 0, expect: { request: 'configure', bitrate: 128000 }, events: configured },
      { handle: 0, expect: { request: 'configure', bitrate: 0 }, events: configured },
      { handle: 0, expect: { request: 'configure', streams: [{ mid: '1', send: false }] }, events: configured },
    );
    await service.configure({ audioMuted: true });
    expect(pub.audioMuted).toBe(true);
    expect(service.getState().streams[0]?.muted).toEqual({ audio: true, video: false });
    await flush();
    expect(JSON.parse(pub.dataSent.at(-1) ?? '')).toEqual({
      kind: 'state',
      from: 'Asha Agent',
      audioMuted: true,
      videoMuted: false,
    });
    await service.configure({ bitrate: 128000 });
    expect(service.getState().bitrateLimit).toBe(128000);
    await service.configure({ bitrate: 0 });
    expect(service.getState().bitrateLimit).toBe(0);
    await service.configure({ videoMuted: true });
    expect(pub.videoMuted).toBe(true);
    expect(service.getState().streams[0]?.muted).toEqual({ audio: true, video: true });

    // Slow links: the plugin's slow_link on our publisher (local), Janus' slowlink on the subscription (remote).
    pub.push({ videoroom: 'slow_link', 'current-bitrate': 128000 });
    subHandle.callbacks.onSlowLink(false, 31);
    expect(events.filter((e) => e.type === 'slowLink')).toEqual([
      { type: 'slowLink', direction: 'local', lost: null, currentBitrate: 128000 },
      { type: 'slowLink', direction: 'remote', lost: 31, currentBitrate: null },
    ]);
    expect(service.getState().slowLink.local).not.toBeNull();
    await advance(5 * VIDEO_BITRATE_POLL_MS);
    expect(service.getState().slowLink).toEqual({ local: null, remote: null });

    // Leave: the leave request, every handle hung up and detached, the session closed, polling stopped.
    gateway.expect({
      handle: 0,
      expect: { request: 'leave' },
      events: [{ data: { videoroom: 'event', leaving: 'ok' } }],
    });
    await service.leave();
    expect(service.getState().phase).toBe('left');
    expect(gateway.handles.map((h) => [h.hungUp, h.detached])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(gateway.sessionsDestroyed).toBe(1);
    subHandle.bitrate = '999 kbits/sec';
    await advance(3 * VIDEO_BITRATE_POLL_MS);
    expect(gateway.remaining).toEqual([]);
    expect(events.map((e) => e.type)).toEqual([
      'joined',
      'participantJoined',
      'messageReceived',
      'slowLink',
      'slowLink',
      'left',
    ]);
  });

  it('the applicant leaving or unpublishing: participantLeft, their subscription detached', async () => {
    const { gateway, service, events } = setup([
      {
        handle: 0,
        expect: JOIN_AS_AGENT,
        events: [{ data: { ...JOINED, publishers: [{ id: 22, display: 'Ravi Applicant' }] } }],
      },
      PUBLISH,
      { handle: 1, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 22 }] } },
    ]);
    await Promise.all([service.joinAsPublisher(ROOM, 'Asha Agent'), flush()]);
    await flush();
    gateway.handle(0).push({ videoroom: 'event', room: 1234, unpublished: 22 });
    gateway.handle(0).push({ videoroom: 'event', room: 1234, leaving: 22, display: 'Ravi Applicant' });
    await flush();
    expect(events.filter((e) => e.type === 'participantLeft')).toEqual([
      { type: 'participantLeft', id: 22, display: 'Ravi Applicant', reason: 'unpublished' },
    ]);
    expect(gateway.handle(1).detached).toBe(true);
    expect(service.getState().streams.map((s) => s.key)).toEqual(['local']);
  });

  it('the room destroyed under us: left (destroyed), everything torn down', async () => {
    const { gateway, service, events } = setup([
      { handle: 0, expect: JOIN_AS_AGENT, events: [{ data: JOINED }] },
      PUBLISH,
    ]);
    await Promise.all([service.joinAsPublisher(ROOM, 'Asha Agent'), flush()]);
    await flush();
    gateway.handle(0).push({ videoroom: 'destroyed', room: 1234 });
    await flush();
    expect(service.getState().phase).toBe('destroyed');
    expect(events.at(-1)).toEqual({ type: 'left', reason: 'destroyed' });
    expect(gateway.handle(0).detached).toBe(true);
    expect(gateway.sessionsDestroyed).toBe(1);
  });

  it('ICE failed: connection-failed, then reconnect leaves and joins again on a new session', async () => {
    const { gateway, service, events } = setup([
      { handle: 0, expect: JOIN_AS_AGENT, events: [{ data: JOINED }] },
      PUBLISH,
    ]);
    await Promise.all([service.joinAsPublisher(ROOM, 'Asha Agent'), flush()]);
    await flush();
    gateway.handle(0).callbacks.onIceState('failed');
    expect(events.at(-1)).toEqual({ type: 'connectionFailed', direction: 'local' });
    expect(service.getState().connectionFailed).toBe(true);
    gateway.expect(
      { handle: 0, expect: { request: 'leave' } },
      { handle: 1, expect: JOIN_AS_AGENT, events: [{ data: { ...JOINED, id: 12 } }] },
      { ...PUBLISH, handle: 1 },
    );
    const rejoined = service.reconnect();
    await flush();
    await expect(rejoined).resolves.toEqual({ room: 1234, id: 12, role: 'publisher' });
    await flush();
    expect(service.getState().connectionFailed).toBe(false);
    expect(gateway.urls).toEqual([URL, URL]);
    expect(gateway.remaining).toEqual([]);
    // What the old handles report now is ignored.
    gateway.handle(0).push({ videoroom: 'destroyed', room: 1234 });
    expect(service.getState().phase).toBe('joined');
  });

  it('camera refused: joined but not publishing (permission denied); republish tries again', async () => {
    const { gateway, service } = setup([{ handle: 0, expect: JOIN_AS_AGENT, events: [{ data: JOINED }] }]);
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    gateway.mediaError = denied;
    await Promise.all([service.joinAsPublisher(ROOM, 'Asha Agent'), flush()]);
    await flush();
    expect(service.getState()).toMatchObject({
      phase: 'joined',
      publishing: 'failed',
      mediaProblem: 'permissionDenied',
    });
    await expect(service.sendMessage('hello')).rejects.toBeInstanceOf(GatewayError);
    gateway.mediaError = null;
    gateway.expect(PUBLISH);
    await service.republish();
    await flush();
    expect(service.getState().publishing).toBe('yes');
  });
});

describe('joining refused (spec §8: a gateway error on join rejects the join)', () => {
  it.each([
    [433, 'Unauthorized (wrong pin)'],
    [426, 'No such room (1234)'],
  ])('%i rejects with the gateway code and reason; handles and session are closed', async (code, reason) => {
    const { gateway, service, events } = setup([
      { handle: 0, expect: JOIN_AS_AGENT, events: [{ data: { videoroom: 'event', error_code: code, error: reason } }] },
    ]);
    const joined = service.joinAsPublisher(ROOM, 'Asha Agent');
    const outcome = expect(joined).rejects.toEqual(new GatewayError(code, reason));
    await flush();
    await outcome;
    expect(service.getState()).toMatchObject({ phase: 'rejected', error: { code, reason } });
    expect(events).toEqual([{ type: 'joinRejected', code, reason }]);
    expect(gateway.handle(0).detached).toBe(true);
    expect(gateway.sessionsDestroyed).toBe(1);
  });

  it('a refusal given as the request answer rejects the same way', async () => {
    const { service } = setup([
      {
        handle: 0,
        expect: JOIN_AS_AGENT,
        answer: { videoroom: 'event', error_code: 429, error: 'Missing element (pin)' },
      },
    ]);
    await expect(service.joinAsPublisher(ROOM, 'Asha Agent')).rejects.toEqual(
      new GatewayError(429, 'Missing element (pin)'),
    );
    expect(service.getState().phase).toBe('rejected');
  });

  it('a gateway that never answers the join: rejected after JOIN_TIMEOUT_MS', async () => {
    const { service } = setup([{ handle: 0, expect: JOIN_AS_AGENT }]);
    const joined = service.joinAsPublisher(ROOM, 'Asha Agent');
    const outcome = expect(joined).rejects.toMatchObject({ reason: 'The video gateway did not answer the join' });
    await jest.advanceTimersByTimeAsync(JOIN_TIMEOUT_MS);
    await outcome;
  });

  it('a second join while in a call is refused', async () => {
    const { service } = setup([{ handle: 0, expect: JOIN_AS_AGENT, events: [{ data: JOINED }] }, PUBLISH]);
    await Promise.all([service.joinAsPublisher(ROOM, 'Asha Agent'), flush()]);
    await expect(service.joinAsPublisher(ROOM, 'Asha Agent')).rejects.toMatchObject({ reason: 'Already in a call' });
  });
});

describe('the gateway unavailable', () => {
  it('no answer at connect: the join rejects, gatewayUnavailable, state unavailable', async () => {
    const { gateway, service, events } = setup([]);
    gateway.refuseConnect = 'Error connecting to the Janus WebSockets server: Is the server down?';
    await expect(service.joinAsPublisher(ROOM, 'Asha Agent')).rejects.toMatchObject({
      reason: 'Error connecting to the Janus WebSockets server: Is the server down?',
    });
    expect(service.getState().phase).toBe('unavailable');
    expect(events).toContainEqual({
      type: 'gatewayUnavailable',
      reason: 'Error connecting to the Janus WebSockets server: Is the server down?',
    });
  });

  it('the session lost mid-call: gatewayUnavailable, everything torn down', async () => {
    const { gateway, service, events } = setup([
      { handle: 0, expect: JOIN_AS_AGENT, events: [{ data: JOINED }] },
      PUBLISH,
    ]);
    await Promise.all([service.joinAsPublisher(ROOM, 'Asha Agent'), flush()]);
    await flush();
    gateway.loseSession('Lost connection to the server (is it down?)');
    await flush();
    expect(service.getState().phase).toBe('unavailable');
    expect(events.at(-1)).toEqual({
      type: 'gatewayUnavailable',
      reason: 'Lost connection to the server (is it down?)',
    });
    expect(gateway.handle(0).detached).toBe(true);
  });
});

describe('a supervisor (silent subscriber)', () => {
  it('joins without publishing and subscribes to both publishers; cannot chat or configure', async () => {
    const { gateway, service, events } = setup([
      {
        handle: 0,
        expect: { request: 'join', ptype: 'publisher', room: 1234, pin: PIN, display: 'Sam Supervisor' },
        events: [
          {
            data: {
              ...JOINED,
              id: 33,
              private_id: 88,
              publishers: [
                { id: 11, display: 'Asha Agent' },
                { id: 22, display: 'Ravi Applicant' },
              ],
            },
          },
        ],
      },
      { handle: 1, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 11 }], private_id: 88 } },
      { handle: 2, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 22 }], private_id: 88 } },
    ]);
    await Promise.all([service.joinAsSubscriber(ROOM, 'Sam Supervisor'), flush()]);
    await flush();
    expect(gateway.remaining).toEqual([]);
    expect(gateway.handle(0).offers).toEqual([]);
    expect(service.getState().streams).toEqual([]);
    gateway.handle(1).push({ videoroom: 'attached', room: 1234, streams: [] }, OFFER);
    gateway.handle(2).push({ videoroom: 'attached', room: 1234, streams: [] }, OFFER);
    gateway.expect(
      { handle: 1, expect: { request: 'start' }, withJsep: true },
      { handle: 2, expect: { request: 'start' }, withJsep: true },
    );
    await flush();
    expect(service.getState().streams.map((s) => [s.type, s.displayName])).toEqual([
      ['remote', 'Asha Agent'],
      ['remote', 'Ravi Applicant'],
    ]);
    expect(events[0]).toEqual({ type: 'joined', room: 1234, id: 33, role: 'subscriber' });
    await expect(service.sendMessage('hi')).rejects.toBeInstanceOf(GatewayError);
    await expect(service.configure({ audioMuted: true })).rejects.toBeInstanceOf(GatewayError);
  });
});
