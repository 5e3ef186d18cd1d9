import type { VideoroomData } from './gateway';
import {
  type HandleRef,
  initialRoomState,
  parseBitrate,
  type RoomInput,
  reduceVideoRoom,
  SLOW_LINK_HOLD_MS,
  type Step,
  type VideoRoomState,
} from './videoRoomReducer';

const PUB: HandleRef = { kind: 'publisher' };
const sub = (feed: number): HandleRef => ({ kind: 'subscriber', feed });
const msg = (data: VideoroomData, handle: HandleRef = PUB, jsep?: { type: string; sdp: string }): RoomInput => ({
  type: 'message',
  handle,
  data,
  ...(jsep && { jsep }),
  at: 1_000,
});

/** Runs inputs from a state, collecting every effect and event. */
function run(state: VideoRoomState, ...inputs: RoomInput[]): Step {
  const all: Step = { state, effects: [], events: [] };
  for (const input of inputs) {
    const step = reduceVideoRoom(all.state, input);
    all.state = step.state;
    all.effects.push(...step.effects);
    all.events.push(...step.events);
  }
  return all;
}

const joining = (role: 'publisher' | 'subscriber' = 'publisher') =>
  run(initialRoomState, { type: 'joinRequested', room: 1234, role, display: 'Asha Agent', bitrateLimit: 0 }).state;

const JOINED: VideoroomData = { videoroom: 'joined', room: 1234, id: 11, private_id: 77, publishers: [] };

describe('reduceVideoRoom: joining', () => {
  it('joined (publisher): our temporary local stream, publish, and the publishers already there', () => {
    const step = run(
      joining(),
      msg({
        ...JOINED,
        publishers: [
          { id: 22, display: 'Ravi Applicant' },
          { id: 11, display: 'me again' },
        ],
      }),
    );
    expect(step.state.phase).toBe('joined');
    expect(step.state.me).toEqual({ id: 11, privateId: 77 });
    expect(step.state.publishing).toBe('offering');
    expect(step.state.streams).toEqual([
      {
        key: 'local',
        type: 'local',
        temporary: true,
        userId: 11,
        displayName: 'Asha Agent',
        room: 1234,
        muted: { audio: false, video: false },
        bitrate: null,
        connected: false,
      },
    ]);
    expect(step.effects).toEqual([
      { type: 'publish' },
      { type: 'subscribe', feed: 22, display: 'Ravi Applicant' },
      { type: 'announceMuteState' },
    ]);
    expect(step.events).toEqual([
      { type: 'joined', room: 1234, id: 11, role: 'publisher' },
      { type: 'participantJoined', id: 22, display: 'Ravi Applicant' },
    ]);
  });

  it('joined (silent supervisor): no local stream, no publish, subscribes to both publishers', () => {
    const step = run(
      joining('subscriber'),
      msg({
        ...JOINED,
        publishers: [
          { id: 22, display: 'Ravi' },
          { id: 33, display: 'Asha' },
        ],
      }),
    );
    expect(step.state.streams).toEqual([]);
    expect(step.state.publishing).toBe('no');
    expect(step.effects).toEqual([
      { type: 'subscribe', feed: 22, display: 'Ravi' },
      { type: 'subscribe', feed: 33, display: 'Asha' },
    ]);
  });

  it.each([
    [433, 'Unauthorized (wrong pin)'],
    [426, 'No such room (1234)'],
    [432, 'Maximum number of publishers (2) already reached'],
  ])('an error while joining rejects the join (%i)', (code, reason) => {
    const step = run(joining(), msg({ videoroom: 'event', error_code: code, error: reason }));
    expect(step.state.phase).toBe('rejected');
    expect(step.state.error).toEqual({ code, reason });
    expect(step.events).toEqual([{ type: 'joinRejected', code, reason }]);
  });

  it('ignores a joined that nobody waits for, and messages of other handles', () => {
    expect(run(initialRoomState, msg(JOINED)).state).toBe(initialRoomState);
    const state = joining();
    expect(run(state, msg(JOINED, sub(5))).state).toBe(state);
  });
});

describe('reduceVideoRoom: in the call', () => {
  const joined = () => run(joining(), msg(JOINED)).state;
  const withRemote = () =>
    run(
      joined(),
      msg({ videoroom: 'event', room: 1234, publishers: [{ id: 22, display: 'Ravi Applicant' }] }),
      msg({ videoroom: 'attached', room: 1234, streams: [] }, sub(22), { type: 'offer', sdp: 'o' }),
    ).state;

  it('configured with an answer: the answer is applied, we publish', () => {
    const step = run(joined(), msg({ videoroom: 'event', configured: 'ok' }, PUB, { type: 'answer', sdp: 'a' }));
    expect(step.state.publishing).toBe('yes');
    expect(step.effects).toEqual([{ type: 'acceptAnswer', jsep: { type: 'answer', sdp: 'a' } }]);
  });

  it('a new publisher (event): subscribed to; attached with an offer: a remote stream and an answer', () => {
    const step = run(
      joined(),
      msg({ videoroom: 'event', room: 1234, publishers: [{ id: 22, display: 'Ravi Applicant' }] }),
      msg(
        {
          videoroom: 'attached',
          room: 1234,
          streams: [{ mid: '0', type: 'video', feed_id: 22, feed_display: 'Ravi' }],
        },
        sub(22),
        { type: 'offer', sdp: 'o' },
      ),
    );
    expect(step.effects).toEqual([
      { type: 'subscribe', feed: 22, display: 'Ravi Applicant' },
      { type: 'announceMuteState' },
      { type: 'answer', feed: 22, jsep: { type: 'offer', sdp: 'o' } },
    ]);
    expect(step.events).toEqual([{ type: 'participantJoined', id: 22, display: 'Ravi Applicant' }]);
    expect(step.state.streams[1]).toMatchObject({
      key: 'feed-22',
      type: 'remote',
      temporary: true,
      userId: 22,
      displayName: 'Ravi Applicant',
      room: 1234,
      muted: { audio: false, video: false },
      bitrate: null,
    });
  });

  it('a renegotiation offer on a subscription is answered again', () => {
    const step = run(withRemote(), msg({ videoroom: 'updated', room: 1234 }, sub(22), { type: 'offer', sdp: 'o2' }));
    expect(step.effects).toEqual([{ type: 'answer', feed: 22, jsep: { type: 'offer', sdp: 'o2' } }]);
  });

  it.each([
    ['unpublished', { unpublished: 22 }],
    ['leaving', { leaving: 22, display: 'Ravi Applicant' }],
    ['kicked', { kicked: 22 }],
  ] as const)('a participant %s: stream gone, subscription dropped, participantLeft', (reason, fields) => {
    const step = run(withRemote(), msg({ videoroom: 'event', room: 1234, ...fields }));
    expect(step.state.streams.map((s) => s.key)).toEqual(['local']);
    expect(step.state.publishers).toEqual({});
    expect(step.effects).toEqual([{ type: 'unsubscribe', feed: 22 }]);
    expect(step.events).toEqual([{ type: 'participantLeft', id: 22, display: 'Ravi Applicant', reason }]);
  });

  it('a silent participant leaving (a supervisor) says nothing', () => {
    const state = withRemote();
    const step = run(state, msg({ videoroom: 'event', room: 1234, leaving: 99 }));
    expect(step.state).toBe(state);
    expect(step.events).toEqual([]);
  });

  it('a notified joining attendee is announced but not subscribed to', () => {
    const step = run(joined(), msg({ videoroom: 'event', room: 1234, joining: { id: 44, display: 'Lurker' } }));
    expect(step.events).toEqual([{ type: 'participantJoined', id: 44, display: 'Lurker' }]);
    expect(step.effects).toEqual([]);
  });

  it('destroyed: the call is over for everyone, every handle torn down', () => {
    const step = run(withRemote(), msg({ videoroom: 'destroyed', room: 1234 }));
    expect(step.state.phase).toBe('destroyed');
    expect(step.state.streams).toEqual([]);
    expect(step.effects).toEqual([{ type: 'teardown' }]);
    expect(step.events).toEqual([{ type: 'left', reason: 'destroyed' }]);
  });

  it('kicked ourselves: left', () => {
    const step = run(withRemote(), msg({ videoroom: 'event', room: 1234, kicked: 11 }));
    expect(step.state.phase).toBe('left');
    expect(step.events).toEqual([{ type: 'left', reason: 'kicked' }]);
  });

  it('slow_link of the plugin: local on our publisher handle, remote on a subscription', () => {
    const local = run(withRemote(), msg({ videoroom: 'slow_link', 'current-bitrate': 256000 }));
    expect(local.state.slowLink).toEqual({ local: 1_000, remote: null });
    expect(local.events).toEqual([{ type: 'slowLink', direction: 'local', lost: null, currentBitrate: 256000 }]);
    const remote = run(withRemote(), msg({ videoroom: 'slow_link' }, sub(22)));
    expect(remote.events).toEqual([{ type: 'slowLink', direction: 'remote', lost: null, currentBitrate: null }]);
  });

  it("Janus' slowlink (uplink or downlink) is held SLOW_LINK_HOLD_MS, then cleared by the tick", () => {
    const up = run(withRemote(), { type: 'slowLink', handle: PUB, uplink: true, lost: 12, at: 5_000 });
    expect(up.events).toEqual([{ type: 'slowLink', direction: 'local', lost: 12, currentBitrate: null }]);
    const down = run(up.state, { type: 'slowLink', handle: sub(22), uplink: false, lost: 40, at: 6_000 });
    expect(down.state.slowLink).toEqual({ local: 5_000, remote: 6_000 });
    expect(run(down.state, { type: 'tick', at: 5_000 + SLOW_LINK_HOLD_MS }).state.slowLink).toEqual({
      local: null,
      remote: 6_000,
    });
    expect(run(down.state, { type: 'tick', at: 6_000 + SLOW_LINK_HOLD_MS }).state.slowLink).toEqual({
      local: null,
      remote: null,
    });
  });

  it('ICE failed raises connection-failed until ICE connects again', () => {
    const failed = run(withRemote(), { type: 'iceState', handle: sub(22), state: 'failed' });
    expect(failed.state.connectionFailed).toBe(true);
    expect(failed.events).toEqual([{ type: 'connectionFailed', direction: 'remote' }]);
    expect(run(failed.state, { type: 'iceState', handle: sub(22), state: 'connected' }).state.connectionFailed).toBe(
      false,
    );
  });

  it('chat and mute states arrive on the data channel; anything else on it is ignored', () => {
    const chat = JSON.stringify({
      kind: 'chat',
      from: 'Ravi Applicant',
      text: ' Hello ',
      sentAt: '2026-11-28T10:00:00.000Z',
    });
    const step = run(
      withRemote(),
      { type: 'data', handle: sub(22), text: chat },
      {
        type: 'data',
        handle: sub(22),
        text: JSON.stringify({ kind: 'state', from: 'Ravi', audioMuted: true, videoMuted: false }),
      },
      { type: 'data', handle: sub(22), text: 'not json' },
      { type: 'data', handle: sub(22), text: JSON.stringify({ kind: 'chat', from: 'x' }) },
    );
    const message = { id: 1, from: 'Ravi Applicant', text: 'Hello', sentAt: '2026-11-28T10:00:00.000Z', mine: false };
    expect(step.state.messages).toEqual([message]);
    expect(step.events).toEqual([{ type: 'messageReceived', message }]);
    expect(step.state.streams.find((s) => s.key === 'feed-22')?.muted).toEqual({ audio: true, video: false });
  });

  it('our chat lines and mute toggles; the data channel opening announces our mute states', () => {
    const step = run(
      withRemote(),
      { type: 'chatSent', text: 'Hi', sentAt: '2026-11-28T10:00:01.000Z' },
      { type: 'localMuted', audio: true, video: true },
      { type: 'dataOpen', handle: PUB },
    );
    expect(step.state.messages).toEqual([
      { id: 1, from: 'Asha Agent', text: 'Hi', sentAt: '2026-11-28T10:00:01.000Z', mine: true },
    ]);
    expect(step.state.streams[0]?.muted).toEqual({ audio: true, video: true });
    expect(step.effects).toEqual([{ type: 'announceMuteState' }, { type: 'announceMuteState' }]);
  });

  it('bitrate readings (janus.js getBitrate) land on the remote stream as kbit/s', () => {
    const step = run(withRemote(), { type: 'bitrate', feed: 22, value: '312 kbits/sec' });
    expect(step.state.streams.find((s) => s.key === 'feed-22')?.bitrate).toBe(312);
    const none = run(step.state, { type: 'bitrate', feed: 22, value: 'Invalid PeerConnection' });
    expect(none.state.streams.find((s) => s.key === 'feed-22')?.bitrate).toBeNull();
  });

  it('webrtc up and down mark the stream connected', () => {
    const up = run(withRemote(), { type: 'webrtcState', handle: sub(22), up: true });
    expect(up.state.streams.find((s) => s.key === 'feed-22')?.connected).toBe(true);
  });

  it('a refused subscription drops that feed; a refused publish marks publishing failed', () => {
    const refused = run(
      withRemote(),
      msg({ videoroom: 'event', error_code: 428, error: 'No such feed (22)' }, sub(22)),
    );
    expect(refused.effects).toEqual([{ type: 'unsubscribe', feed: 22 }]);
    expect(refused.events).toEqual([{ type: 'requestFailed', code: 428, reason: 'No such feed (22)' }]);
    expect(refused.state.streams.map((s) => s.key)).toEqual(['local']);
    const full = run(
      joined(),
      msg({ videoroom: 'event', error_code: 432, error: 'Maximum number of publishers (2) already reached' }),
    );
    expect(full.state.publishing).toBe('failed');
    expect(full.state.phase).toBe('joined');
  });

  it('leave: left once, torn down; leaving again does nothing', () => {
    const left = run(withRemote(), { type: 'leaveRequested' });
    expect(left.state.phase).toBe('left');
    expect(left.effects).toEqual([{ type: 'teardown' }]);
    expect(left.events).toEqual([{ type: 'left', reason: 'left' }]);
    expect(run(left.state, { type: 'leaveRequested' }).events).toEqual([]);
  });

  it('the gateway going away: unavailable, torn down', () => {
    const step = run(withRemote(), {
      type: 'gatewayUnavailable',
      reason: 'Lost connection to the server (is it down?)',
    });
    expect(step.state.phase).toBe('unavailable');
    expect(step.events).toEqual([
      { type: 'gatewayUnavailable', reason: 'Lost connection to the server (is it down?)' },
    ]);
    expect(step.effects).toEqual([{ type: 'teardown' }]);
  });

  it('camera refused: publishing failed with the reason', () => {
    const step = run(joined(), { type: 'publishFailed', problem: 'permissionDenied', reason: 'NotAllowedError' });
    expect(step.state.publishing).toBe('failed');
    expect(step.state.mediaProblem).toBe('permissionDenied');
  });
});

describe('parseBitrate', () => {
  it('reads janus.js getBitrate() text', () => {
    expect(parseBitrate('312 kbits/sec')).toBe(312);
    expect(parseBitrate('0 kbits/sec')).toBe(0);
    expect(parseBitrate('Invalid handle')).toBeNull();
  });
});
