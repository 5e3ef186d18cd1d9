// The call screen over a scripted gateway: what the user sees and what reaches the gateway.
import { DEFAULT_VIDEO_GATEWAY_URL, type VideoJoin } from '@originate/contract';
import { login, mount } from '../test/harness';
import { OFFER, ScriptedGateway } from '../test/scriptedGateway';
import { CallScreen } from './CallScreen';
import { VIDEO_TEXTS } from './texts';

const PIN = 'pin-0123456789abcdefghijk';
const JOIN: VideoJoin = {
  call: {
    callId: '00000000-0000-4000-8000-000000000001',
    applicationId: 'APP-1',
    status: 'WAITING',
    startedBy: { id: 'USR-1', displayName: 'Asha Agent' },
    createdAt: '2026-11-28T10:00:00.000Z',
    endedAt: null,
    recording: true,
    recordings: [],
  },
  room: {
    id: 1234,
    name: 'Video call APP-1',
    pin: PIN,
    maximumPublishers: 2,
    recording: { enabled: true },
    codecs: { audio: 'opus', video: 'vp8' },
  },
  role: 'publisher',
  display: 'Ravi Applicant',
  gatewayToken: '1764500000,janus,janus.plugin.videoroom:signature',
};
const JOIN_AS_APPLICANT = { request: 'join', ptype: 'publisher', room: 1234, pin: PIN, display: 'Ravi Applicant' };

const gateways: ScriptedGateway[] = [];
const scripted = (...args: ConstructorParameters<typeof ScriptedGateway>) => {
  const gateway = new ScriptedGateway(...args);
  gateways.push(gateway);
  return gateway;
};

beforeEach(() => login([]));
// Every request the screen sent was one the transcript expected.
afterEach(() => {
  for (const gateway of gateways.splice(0)) expect(gateway.errors).toEqual([]);
});

it('the gateway not answering: the video service is unavailable, with Try again', async () => {
  const gateway = scripted([]);
  gateway.refuseConnect = 'Error connecting to the Janus WebSockets server: Is the server down?';
  const onClose = jest.fn();
  const page = await mount(<CallScreen join={JOIN} onClose={onClose} />, gateway);
  await page.until(() => page.text().includes(VIDEO_TEXTS.gatewayUnavailable), 'the unavailable message');
  expect(VIDEO_TEXTS.gatewayUnavailable).toBe('The video service is unavailable right now.');
  gateway.refuseConnect = null;
  gateway.expect({ expect: JOIN_AS_APPLICANT });
  await page.click(page.button('Try again'));
  await page.until(() => gateway.remaining.length === 0, 'the join sent again');
  // No /env.json in the test: the default, the API's relay of the gateway.
  expect(gateway.urls).toEqual([DEFAULT_VIDEO_GATEWAY_URL, DEFAULT_VIDEO_GATEWAY_URL]);
  // Every session carries the call's gateway token.
  expect(gateway.tokens).toEqual([JOIN.gatewayToken, JOIN.gatewayToken]);
  await page.unmount();
});

it('a refused join says why (the gateway reason and code)', async () => {
  const gateway = scripted([
    {
      expect: JOIN_AS_APPLICANT,
      events: [{ data: { videoroom: 'event', error_code: 433, error: 'Unauthorized (wrong pin)' } }],
    },
  ]);
  const page = await mount(<CallScreen join={JOIN} onClose={() => undefined} />, gateway);
  await page.until(() => page.text().includes('Unauthorized (wrong pin) (433)'), 'the refusal');
  expect(page.text()).toContain(`${VIDEO_TEXTS.joinRejected}: Unauthorized (wrong pin) (433)`);
  await page.unmount();
});

it('the camera refused is explained, with Try again', async () => {
  const gateway = scripted([
    { expect: JOIN_AS_APPLICANT, events: [{ data: { videoroom: 'joined', room: 1234, id: 22, publishers: [] } }] },
  ]);
  gateway.mediaError = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
  const page = await mount(<CallScreen join={JOIN} onClose={() => undefined} phone />, gateway);
  await page.until(() => page.text().includes(VIDEO_TEXTS.cameraDenied), 'the camera explanation');
  // Leaving the screen leaves the room.
  gateway.expect({ expect: { request: 'leave' } });
  await page.unmount();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(gateway.remaining).toEqual([]);
});

it('in a call: the other side with name, bitrate and mute states, chat both ways, mute toggles, slow link, reconnect, Leave', async () => {
  const gateway = scripted([
    {
      handle: 0,
      expect: JOIN_AS_APPLICANT,
      events: [
        {
          data: {
            videoroom: 'joined',
            room: 1234,
            id: 22,
            private_id: 5,
            publishers: [{ id: 11, display: 'Asha Agent' }],
          },
        },
      ],
    },
    { handle: 1, expect: { request: 'join', ptype: 'subscriber', streams: [{ feed: 11 }] } },
    {
      handle: 0,
      expect: { request: 'publish' },
      withJsep: true,
      events: [{ data: { videoroom: 'event', configured: 'ok' }, jsep: { type: 'answer', sdp: 'a' } }],
    },
  ]);
  const onClose = jest.fn();
  const page = await mount(<CallScreen join={JOIN} onClose={onClose} phone />, gateway);
  await page.until(() => gateway.remaining.length === 0 && gateway.handles.length === 2, 'joined and subscribed');
  gateway.expect({ handle: 1, expect: { request: 'start' }, withJsep: true });
  await page.gatewayDoes(() => gateway.handle(1).push({ videoroom: 'attached', room: 1234, streams: [] }, OFFER));
  await page.until(() => page.text().includes('Asha Agent'), 'the remote tile');
  expect(page.container.querySelector('video[aria-label="Video of Asha Agent"]')).not.toBeNull();
  expect(page.container.querySelector('video[aria-label="Your camera"]')).not.toBeNull();
  expect(page.text()).toContain(VIDEO_TEXTS.recording);

  gateway.handle(1).bitrate = '312 kbits/sec';
  await page.until(() => page.text().includes('312 kbit/s'), 'the bitrate');

  await page.gatewayDoes(() =>
    gateway
      .handle(1)
      .callbacks.onData(JSON.stringify({ kind: 'state', from: 'Asha Agent', audioMuted: true, videoMuted: false })),
  );
  await page.until(() => page.text().includes('Muted'), "the agent's mute state");

  await page.gatewayDoes(() =>
    gateway
      .handle(1)
      .callbacks.onData(
        JSON.stringify({ kind: 'chat', from: 'Asha Agent', text: 'Welcome!', sentAt: '2026-11-28T10:00:00.000Z' }),
      ),
  );
  await page.until(() => page.text().includes('Welcome!'), 'the chat line');
  const input = page.container.querySelector('input') as HTMLInputElement;
  await page.type(input, 'Thank you');
  await page.click(page.button('Send'));
  await page.until(() => gateway.handle(0).dataSent.some((t) => t.includes('Thank you')), 'our chat line sent');
  expect(JSON.parse(gateway.handle(0).dataSent.at(-1) ?? '')).toMatchObject({
    kind: 'chat',
    from: 'Ravi Applicant',
    text: 'Thank you',
  });

  gateway.expect(
    { handle: 0, expect: { request: 'configure', streams: [{ mid: '0', send: false }] } },
    { handle: 0, expect: { request: 'configure', streams: [{ mid: '1', send: false }] } },
  );
  await page.click(page.button('Mute microphone'));
  await page.until(() => gateway.handle(0).audioMuted, 'the microphone muted');
  expect(page.button('Unmute microphone').getAttribute('aria-pressed')).toBe('true');
  await page.click(page.button('Turn camera off'));
  await page.until(() => gateway.handle(0).videoMuted, 'the camera off');

  await page.gatewayDoes(() => gateway.handle(0).callbacks.onSlowLink(true, 20));
  await page.until(() => page.text().includes(VIDEO_TEXTS.slowLocal), 'the slow-link indicator');

  await page.gatewayDoes(() => gateway.handle(1).callbacks.onIceState('failed'));
  await page.until(() => page.text().includes(VIDEO_TEXTS.connectionFailed), 'the reconnect offer');
  expect(page.button('Reconnect')).toBeTruthy();

  gateway.expect({ handle: 0, expect: { request: 'leave' } });
  await page.click(page.button('Leave'));
  await page.until(() => onClose.mock.calls.length === 1, 'closed');
  expect(gateway.handles.every((h) => h.detached)).toBe(true);
  await page.unmount();
});
