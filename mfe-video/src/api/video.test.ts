// The HTTP calls: paths from API_PATHS, the bodies the server's routes take (join and end take none), and
// join answers checked against the contract.
import * as web from '@originate/web';
import { endCall, fetchCallsOfApplication, joinAsApplicant, joinCall, startCall } from './video';

jest.mock('@originate/web', () => ({ api: { get: jest.fn(), post: jest.fn() } }));
const api = jest.mocked(web.api);

const CALL_ID = '00000000-0000-4000-8000-000000000001';
const JOIN = {
  call: {
    callId: CALL_ID,
    applicationId: 'APP-1',
    status: 'WAITING',
    startedBy: { id: 'USR-1', displayName: 'Asha Agent' },
    createdAt: '2026-11-28T10:00:00.000Z',
    endedAt: null,
    recording: false,
    recordings: [],
  },
  room: {
    id: 1234,
    name: 'Video call APP-1',
    pin: 'pin-0123456789abcdefghijk',
    maximumPublishers: 2,
    recording: { enabled: false },
    codecs: { audio: 'opus', video: 'vp8' },
  },
  role: 'subscriber',
  display: 'Sam Supervisor',
  gatewayToken: 'token',
};

beforeEach(() => jest.resetAllMocks());

it('join and end POST without a body (their routes refuse one)', async () => {
  api.post.mockResolvedValueOnce(JOIN).mockResolvedValueOnce(JOIN.call);
  await expect(joinCall(CALL_ID)).resolves.toEqual(JOIN);
  await endCall(CALL_ID);
  expect(api.post.mock.calls).toEqual([[`/v3/video/calls/${CALL_ID}/join`], [`/v3/video/calls/${CALL_ID}/end`]]);
});

it('start and the applicant join send their bodies; the calls of an application go as a query', async () => {
  api.post.mockResolvedValue(JOIN);
  api.get.mockResolvedValue({ calls: [] });
  await startCall({ applicationId: 'APP-1', record: true });
  await joinAsApplicant(CALL_ID);
  await fetchCallsOfApplication('APP-1');
  expect(api.post.mock.calls).toEqual([
    ['/v3/video/calls', { applicationId: 'APP-1', record: true }],
    ['/v3/portal/video/join', { callId: CALL_ID }],
  ]);
  expect(api.get).toHaveBeenCalledWith('/v3/video/calls', { searchParams: { applicationId: 'APP-1' } });
});

it('a join answer of the wrong shape is refused, naming the field', async () => {
  api.post.mockResolvedValue({ ...JOIN, room: { ...JOIN.room, maximumPublishers: 3 } });
  await expect(joinCall(CALL_ID)).rejects.toThrow(/maximumPublishers/);
});
