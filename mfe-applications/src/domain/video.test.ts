import { VIDEO_CALL_STATUSES, type VideoCall } from '@originate/contract';
import { callsNewestFirst, canJoinVideoCall, recordingSize, VIDEO_STATUS_LABELS } from './video';

const call = (callId: string, createdAt: string): VideoCall => ({
  callId,
  applicationId: 'APP-7',
  status: 'ENDED',
  startedBy: { id: 'USR-1', displayName: 'Olive Officer' },
  createdAt,
  endedAt: null,
  recording: false,
  recordings: [],
});

describe('canJoinVideoCall', () => {
  it('offers the call to AGENT and SUPERVISOR only', () => {
    expect(canJoinVideoCall({ roles: ['AGENT'] })).toBe(true);
    expect(canJoinVideoCall({ roles: ['CPA', 'SUPERVISOR'] })).toBe(true);
    expect(canJoinVideoCall({ roles: ['CPA', 'BH', 'NOTIFICATION'] })).toBe(false);
    expect(canJoinVideoCall({ roles: [] })).toBe(false);
  });
});

describe('the call list', () => {
  it('labels every status', () => {
    expect(Object.keys(VIDEO_STATUS_LABELS)).toEqual([...VIDEO_CALL_STATUSES]);
    expect(VIDEO_STATUS_LABELS.WAITING).toBe('Waiting for the applicant');
  });

  it('reads a recording size in KB or MB', () => {
    expect(recordingSize(0)).toBe('1 KB');
    expect(recordingSize(2048)).toBe('2 KB');
    expect(recordingSize(5 * 1048576 + 104858)).toBe('5.1 MB');
  });

  it('lists the newest call first', () => {
    const calls = [call('a', '2026-11-27T10:00:00.000Z'), call('b', '2026-11-28T09:00:00.000Z')];
    expect(callsNewestFirst(calls).map((c) => c.callId)).toEqual(['b', 'a']);
    expect(calls.map((c) => c.callId)).toEqual(['a', 'b']);
  });
});
