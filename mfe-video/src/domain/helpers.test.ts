// The pure helpers: request bodies, data-channel lines, the call plan, error shapes.
import type { VideoCall, VideoRoom } from '@originate/contract';
import { bitrateText, joinLabel, openCallOf, staffActions } from './callPlan';
import { decodeDataLine, encodeChat, encodeMuteState, MAX_CHAT_LENGTH } from './dataMessages';
import { GatewayError, pluginError, transportError } from './gateway';
import {
  configureRequest,
  existsRequest,
  joinPublisherRequest,
  joinSubscriberRequest,
  leaveRequest,
  listRequest,
  publishRequest,
  startRequest,
} from './roomRequests';
import { mediaProblemOf } from './videoRoomService';

const ROOM: VideoRoom = {
  id: 7,
  name: 'Video call APP-7',
  pin: 'p'.repeat(22),
  maximumPublishers: 2,
  recording: { enabled: false },
  codecs: { audio: 'opus', video: 'vp8' },
};

describe('roomRequests (videoroom plugin bodies)', () => {
  it('the requests a browser sends (rooms are created, destroyed and recorded by the server alone)', () => {
    expect(listRequest()).toEqual({ request: 'list' });
    expect(existsRequest(7)).toEqual({ request: 'exists', room: 7 });
    expect(joinPublisherRequest(ROOM, 'Asha')).toEqual({
      request: 'join',
      ptype: 'publisher',
      room: 7,
      pin: 'p'.repeat(22),
      display: 'Asha',
    });
    expect(joinSubscriberRequest(ROOM, 22, null)).toEqual({
      request: 'join',
      ptype: 'subscriber',
      room: 7,
      pin: 'p'.repeat(22),
      streams: [{ feed: 22 }],
    });
    expect(joinSubscriberRequest(ROOM, 22, 5)).toMatchObject({ private_id: 5 });
    expect(publishRequest()).toEqual({ request: 'publish', bitrate: 0 });
    expect(configureRequest({ bitrate: 256000.4 })).toEqual({ request: 'configure', bitrate: 256000 });
    expect(configureRequest({ bitrate: -5 })).toEqual({ request: 'configure', bitrate: 0 });
    expect(configureRequest({})).toEqual({ request: 'configure' });
    expect(configureRequest({ streams: [{ mid: '0', send: false }] })).toEqual({
      request: 'configure',
      streams: [{ mid: '0', send: false }],
    });
    expect(startRequest()).toEqual({ request: 'start' });
    expect(leaveRequest()).toEqual({ request: 'leave' });
  });
});

describe('data-channel lines', () => {
  it('chat: JSON with the sender display name, trimmed and capped on the way in', () => {
    const text = encodeChat('Asha', 'Hello', new Date('2026-11-28T10:00:00.000Z'));
    expect(JSON.parse(text)).toEqual({ kind: 'chat', from: 'Asha', text: 'Hello', sentAt: '2026-11-28T10:00:00.000Z' });
    expect(decodeDataLine(text)).toEqual({
      kind: 'chat',
      from: 'Asha',
      text: 'Hello',
      sentAt: '2026-11-28T10:00:00.000Z',
    });
    const long = decodeDataLine(JSON.stringify({ kind: 'chat', from: 'x', text: 'a'.repeat(5000), sentAt: 't' }));
    expect(long?.kind === 'chat' && long.text.length).toBe(MAX_CHAT_LENGTH);
    expect(decodeDataLine(JSON.stringify({ kind: 'chat', from: 'x', text: '   ', sentAt: 't' }))).toBeNull();
  });

  it('mute states; anything else is not ours', () => {
    expect(decodeDataLine(encodeMuteState('Asha', true, false))).toEqual({
      kind: 'state',
      from: 'Asha',
      audioMuted: true,
      videoMuted: false,
    });
    for (const text of [
      '',
      'null',
      '42',
      '{"kind":"chat"}',
      '{"kind":"state","from":"a","audioMuted":"yes"}',
      '{"kind":"other","from":"a"}',
    ])
      expect(decodeDataLine(text)).toBeNull();
  });
});

const call = (over: Partial<VideoCall> = {}): VideoCall => ({
  callId: '00000000-0000-4000-8000-000000000001',
  applicationId: 'APP-1',
  status: 'WAITING',
  startedBy: { id: 'USR-1', displayName: 'Asha Agent' },
  createdAt: '2026-11-28T10:00:00.000Z',
  endedAt: null,
  recording: false,
  recordings: [],
  ...over,
});

describe('callPlan', () => {
  it('the open call of an application is the newest not ENDED', () => {
    const older = call({ callId: 'a', createdAt: '2026-11-28T09:00:00.000Z', status: 'ACTIVE' });
    const newer = call({ callId: 'b', createdAt: '2026-11-28T10:00:00.000Z' });
    const ended = call({ callId: 'c', createdAt: '2026-11-28T11:00:00.000Z', status: 'ENDED' });
    expect(openCallOf([older, ended, newer])?.callId).toBe('b');
    expect(openCallOf([ended])).toBeNull();
  });

  it('staff actions by role: agent rejoins theirs or starts; a supervisor supervises someone else’s', () => {
    const open = call();
    expect(staffActions('USR-1', ['AGENT'], [open])).toEqual([
      { kind: 'rejoin', call: open },
      { kind: 'start', replaces: open },
    ]);
    expect(staffActions('USR-9', ['SUPERVISOR'], [open])).toEqual([{ kind: 'supervise', call: open }]);
    expect(staffActions('USR-9', ['AGENT', 'SUPERVISOR'], [])).toEqual([{ kind: 'start', replaces: null }]);
    expect(staffActions('USR-9', ['CPA'], [open])).toEqual([{ kind: 'none' }]);
  });

  it('labels', () => {
    expect(joinLabel(call(), 'USR-1')).toBe('Rejoin call');
    expect(joinLabel(call(), 'USR-2')).toBe('Join silently');
    expect(bitrateText(null)).toBe('—');
    expect(bitrateText(312)).toBe('312 kbit/s');
  });
});

describe('gateway errors', () => {
  it('a plugin answer with error_code is the gateway code and reason', () => {
    expect(pluginError({ videoroom: 'event', error_code: 426, error: 'No such room (7)' })).toEqual(
      new GatewayError(426, 'No such room (7)'),
    );
    expect(pluginError({ videoroom: 'success' })).toBeNull();
    expect(pluginError(undefined)).toBeNull();
  });

  it("janus.js' error texts, with or without a code", () => {
    expect(transportError('458 No such session (1)')).toMatchObject({ code: 458, reason: 'No such session (1)' });
    expect(transportError('Ooops: 490 Unknown request')).toMatchObject({ code: 490, reason: 'Unknown request' });
    expect(transportError('Lost connection to the server (is it down?)')).toMatchObject({
      code: null,
      reason: 'Lost connection to the server (is it down?)',
    });
    expect(new GatewayError(433, 'Unauthorized (wrong pin)').message).toBe('433 Unauthorized (wrong pin)');
  });

  it('getUserMedia errors in the screen’s words', () => {
    expect(mediaProblemOf({ name: 'NotAllowedError' })).toBe('permissionDenied');
    expect(mediaProblemOf({ name: 'NotFoundError' })).toBe('noDevice');
    expect(mediaProblemOf({ name: 'NotReadableError' })).toBe('noDevice');
    expect(mediaProblemOf(new Error('x'))).toBe('other');
    expect(mediaProblemOf('x')).toBe('other');
  });
});
