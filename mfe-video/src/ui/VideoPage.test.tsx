// The Video menu page: the open calls, a supervisor's silent join into the call screen, the gateway notice.
import type { VideoCall, VideoJoin } from '@originate/contract';
import * as videoApi from '../api/video';
import VideoPage from '../exposed/VideoPage';
import { login, mount } from '../test/harness';
import { ScriptedGateway } from '../test/scriptedGateway';
import { VIDEO_TEXTS } from './texts';

jest.mock('../api/video');
const api = jest.mocked(videoApi);

const CALL: VideoCall = {
  callId: '00000000-0000-4000-8000-000000000001',
  applicationId: 'APP-1',
  status: 'ACTIVE',
  startedBy: { id: 'USR-1', displayName: 'Asha Agent' },
  createdAt: '2026-11-28T10:00:00.000Z',
  endedAt: null,
  recording: true,
  recordings: [],
};
const PIN = 'pin-0123456789abcdefghijk';
const SUPERVISOR_JOIN: VideoJoin = {
  call: CALL,
  room: {
    id: 1234,
    name: 'Video call APP-1',
    pin: PIN,
    maximumPublishers: 2,
    recording: { enabled: true },
    codecs: { audio: 'opus', video: 'vp8' },
  },
  role: 'subscriber',
  display: 'Sam Supervisor',
  gatewayToken: 'token',
};

beforeEach(() => {
  jest.resetAllMocks();
  api.fetchGatewayStatus.mockResolvedValue({
    reachable: true,
    checkedAt: '2026-11-28T10:00:00.000Z',
    version: '1.1.2',
  });
});

it('lists the open calls; a supervisor joins one silently and sees both publishers', async () => {
  login(['SUPERVISOR'], 'USR-9', 'Sam Supervisor');
  api.fetchOpenCalls.mockResolvedValue({ calls: [CALL] });
  api.joinCall.mockResolvedValue(SUPERVISOR_JOIN);
  const gateway = new ScriptedGateway([
    {
      handle: 0,
      expect: { request: 'join', ptype: 'publisher', room: 1234, pin: PIN, display: 'Sam Supervisor' },
      events: [
        {
          data: {
            videoroom: 'joined',
            room: 1234,
            id: 33,
            private_id: 3,
            publishers: [
              { id: 11, display: 'Asha Agent' },
              { id: 22, display: 'Ravi Applicant' },
            ],
          },
        },
      ],
    },
    { handle: 1, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 11 }] } },
    { handle: 2, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 22 }] } },
  ]);
  const page = await mount(<VideoPage basename="/video" />, gateway);
  await page.until(() => page.text().includes('APP-1'), 'the open call');
  expect(page.text()).toContain('Asha Agent');
  expect(page.text()).toContain(VIDEO_TEXTS.recording);
  await page.click(page.button('Join silently: application APP-1'));
  await page.until(() => page.text().includes(VIDEO_TEXTS.silentSupervisor), 'the silent supervisor notice');
  expect(api.joinCall).toHaveBeenCalledWith(CALL.callId);
  await page.until(() => gateway.remaining.length === 0, 'both subscriptions');
  expect(gateway.errors).toEqual([]);
  // A silent supervisor has no microphone or camera toggles, and no chat field.
  expect(page.container.querySelector('button[aria-label="Mute microphone"]')).toBeNull();
  expect(page.container.querySelector('input')).toBeNull();
  gateway.expect({ handle: 0, expect: { request: 'leave' } });
  await page.click(page.button('Leave'));
  await page.until(() => page.text().includes('Video calls'), 'back on the list');
  await page.unmount();
});

it('the agent who owns a call rejoins it; no open calls says so; an unreachable gateway is announced', async () => {
  login(['AGENT'], 'USR-1');
  api.fetchOpenCalls.mockResolvedValue({ calls: [CALL] });
  const page = await mount(<VideoPage basename="/video" />, new ScriptedGateway([]));
  await page.until(() => page.text().includes('Rejoin call'), 'the rejoin button');
  await page.unmount();

  api.fetchOpenCalls.mockResolvedValue({ calls: [] });
  api.fetchGatewayStatus.mockResolvedValue({ reachable: false, checkedAt: '2026-11-28T10:00:00.000Z', version: null });
  const empty = await mount(<VideoPage basename="/video" />, new ScriptedGateway([]));
  await empty.until(() => empty.text().includes(VIDEO_TEXTS.noOpenCalls), 'the empty list');
  await empty.until(() => empty.text().includes(VIDEO_TEXTS.gatewayUnavailable), 'the gateway notice');
  await empty.unmount();
});
