// ./VideoCall: the staff path (an agent starts a recorded call: the server created the room, the browser
// joins it) and the applicant path (the invitation, then the join), phone-sized.
import type { VideoCall as Call, VideoJoin } from '@originate/contract';
import * as videoApi from '../api/video';
import VideoCall from '../exposed/VideoCall';
import { login, mount } from '../test/harness';
import { ScriptedGateway } from '../test/scriptedGateway';

jest.mock('../api/video');
const api = jest.mocked(videoApi);

const PIN = 'pin-0123456789abcdefghijk';
const CALL: Call = {
  callId: '00000000-0000-4000-8000-000000000002',
  applicationId: 'APP-2',
  status: 'WAITING',
  startedBy: { id: 'USR-1', displayName: 'Asha Agent' },
  createdAt: '2026-11-28T10:00:00.000Z',
  endedAt: null,
  recording: true,
  recordings: [],
};
const ROOM = {
  id: 42,
  name: 'Video call APP-2',
  pin: PIN,
  maximumPublishers: 2 as const,
  recording: { enabled: true },
  codecs: { audio: 'opus', video: 'vp8' },
};
const AGENT_JOIN: VideoJoin = {
  call: CALL,
  room: ROOM,
  role: 'publisher',
  display: 'Asha Agent',
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

it('staff: an agent starts a recorded call and joins the room the server created (no room request of its own)', async () => {
  login(['AGENT'], 'USR-1');
  api.fetchCallsOfApplication.mockResolvedValue({ calls: [] });
  api.startCall.mockResolvedValue(AGENT_JOIN);
  const gateway = new ScriptedGateway([
    {
      expect: { request: 'join', ptype: 'publisher', room: 42, pin: PIN, display: 'Asha Agent' },
      events: [{ data: { videoroom: 'joined', room: 42, id: 11, publishers: [] } }],
    },
    {
      expect: { request: 'publish' },
      withJsep: true,
      events: [{ data: { videoroom: 'event', configured: 'ok' }, jsep: { type: 'answer', sdp: 'a' } }],
    },
  ]);
  const page = await mount(<VideoCall applicationId="APP-2" joinAs="staff" />, gateway);
  await page.until(() => page.text().includes('Start video call'), 'the start button');
  const record = page.container.querySelector('input[type="checkbox"]') as HTMLInputElement;
  await page.click(record);
  await page.click(page.button('Start video call'));
  expect(api.startCall).toHaveBeenCalledWith({ applicationId: 'APP-2', record: true });
  await page.until(() => gateway.remaining.length === 0, 'joined and publishing');
  await page.until(() => page.text().includes('Waiting for the other side to join'), 'waiting for the applicant');
  expect(page.button('End call')).toBeTruthy();
  expect(gateway.errors).toEqual([]);
  expect(gateway.sent.some((s) => ['create', 'destroy', 'edit'].includes(String(s.body.request)))).toBe(false);
  gateway.expect({ expect: { request: 'leave' } });
  await page.unmount();
});

it('applicant: the waiting invitation, then the join (phone-sized)', async () => {
  login([], 'APPLICANT');
  api.fetchInvitation.mockResolvedValue({
    call: { callId: CALL.callId, startedBy: { displayName: 'Asha Agent' }, createdAt: CALL.createdAt },
  });
  api.joinAsApplicant.mockResolvedValue({ ...AGENT_JOIN, room: ROOM, display: 'Ravi Applicant' });
  const gateway = new ScriptedGateway([
    {
      expect: { request: 'join', ptype: 'publisher', room: 42, pin: PIN, display: 'Ravi Applicant' },
      events: [{ data: { videoroom: 'joined', room: 42, id: 22, publishers: [{ id: 11, display: 'Asha Agent' }] } }],
    },
    { handle: 1, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 11 }] } },
    { handle: 0, expect: { request: 'publish' }, withJsep: true },
  ]);
  const page = await mount(<VideoCall applicationId="APP-2" joinAs="applicant" phone />, gateway);
  await page.until(() => page.text().includes('Asha Agent invites you to a video call.'), 'the invitation');
  await page.click(page.button('Join video call'));
  expect(api.joinAsApplicant).toHaveBeenCalledWith(CALL.callId);
  await page.until(() => gateway.remaining.length === 0, 'joined, subscribed, publishing');
  expect(gateway.errors).toEqual([]);
  // The applicant never creates or destroys rooms, and has no End call.
  expect(gateway.sent.some((s) => s.body.request === 'create' || s.body.request === 'destroy')).toBe(false);
  expect(page.container.textContent).not.toContain('End call');
  gateway.expect({ expect: { request: 'leave' } });
  await page.unmount();
});

it('applicant without a waiting call is told so', async () => {
  login([], 'APPLICANT');
  api.fetchInvitation.mockResolvedValue({ call: null });
  const page = await mount(<VideoCall applicationId="APP-2" joinAs="applicant" phone />, new ScriptedGateway([]));
  await page.until(() => page.text().includes('No video call is waiting for you right now.'), 'the no-call notice');
  await page.unmount();
});
