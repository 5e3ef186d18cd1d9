// One-to-one video through the real Janus gateway, in two Chromium contexts with fake camera and
// microphone: the applicant starts a personal loan in the portal; the agent (officer, AGENT) opens it in the
// back office and starts a call from the detail's "Video call"; the applicant sees the invitation in the
// portal and joins. Each side decodes the other's video frames (counted and read back as pixels, not the
// element's presence); chat travels both ways; a muted microphone shows on the other side; the applicant
// leaves and the agent sees it. A third user cannot join (the server refuses the call, the gateway a
// session without its token, the room a guessed id without the pin). Once the agent ends the call, the
// applicant's gateway token opens no session. With Janus stopped the call screen says so and the rest of
// the back office works. The call is recorded: the detail lists the recordings Janus wrote. Changes: one
// portal application and its calls.
import {
  API_PATHS,
  apiPath,
  VIDEO_GATEWAY_PROTOCOL,
  VIDEO_GATEWAY_RELAY_PATH,
  type VideoCalls,
  type VideoJoin,
} from '@originate/contract';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { apiGet, apiLogin, apiPost, HttpError } from '../support/api';
import { ORIGINS, personalLoanFirstStep, startPersonalLoan } from '../support/portal';
import { API, SHELL, startJanusPart, stopPart } from '../support/system-under-test';
import { detailUrl, logIn, menuItem, screenshot } from '../support/ui';

/** Chromium's fake camera (a moving test pattern) and microphone, granted without a prompt, over loopback. */
const MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];
test.use({
  launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...MEDIA_ARGS] },
  permissions: ['camera', 'microphone'],
});
test.describe.configure({ timeout: 180_000 });

/** What browsers open: the API's relay of the gateway (Janus's own port answers `info` to anyone). */
const GATEWAY = `${API.replace(/^http/, 'ws')}${VIDEO_GATEWAY_RELAY_PATH}`;

/**
 * The video named `label` decodes frames: its count of decoded frames grows, and a frame drawn onto a canvas
 * is a picture (Chromium's fake camera draws a pattern), not one flat colour.
 */
async function decodesFrames(video: Locator): Promise<void> {
  const decoded = () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
  await expect.poll(decoded, { timeout: 30_000 }).toBeGreaterThan(5);
  const before = await decoded();
  await expect.poll(decoded, { timeout: 10_000 }).toBeGreaterThan(before + 5);
  const spread = await video.evaluate((v: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    context.drawImage(v, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let min = 255;
    let max = 0;
    for (let i = 0; i < data.length; i += 4 * 97) {
      const luma = ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3;
      min = Math.min(min, luma);
      max = Math.max(max, luma);
    }
    return max - min;
  });
  expect(spread, 'a decoded frame is a picture, not a flat colour').toBeGreaterThan(40);
}

const remoteVideo = (page: Page, name: string) => page.locator(`video[aria-label="Video of ${name}"]`);
const call = (page: Page) => page.getByRole('region', { name: 'Video call' }).last();

async function say(page: Page, text: string): Promise<void> {
  const chat = page.getByRole('region', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Message' }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
}

const heard = (page: Page, text: string) =>
  expect(page.getByRole('list', { name: 'Chat history' })).toContainText(text, { timeout: 15_000 });

test('the agent and the applicant see and hear each other, chat, mute, and one leaves', async ({ browser }) => {
  const contexts: BrowserContext[] = [];
  try {
    const portalContext = await browser.newContext();
    contexts.push(portalContext);
    const applicant = await portalContext.newPage();
    await startPersonalLoan(applicant, ORIGINS.standalone);
    const applicationId = await personalLoanFirstStep(applicant, 'Kavya Rao', '9822055511');

    const officeContext = await browser.newContext();
    contexts.push(officeContext);
    const agent = await officeContext.newPage();
    await logIn(agent, 'officer', 'Officer@123');
    await agent.goto(detailUrl(applicationId));
    await agent.getByRole('button', { name: 'Video call', exact: true }).click();
    const dialog = agent.getByRole('dialog', { name: `Video call: application ${applicationId}` });
    // Recorded: Janus writes the streams under the data directory, and the application lists them.
    await dialog.getByLabel('Record the call').check();
    await dialog.getByRole('button', { name: 'Start video call' }).click();
    await expect(dialog.getByText('Waiting for the other side to join…')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('Recording', { exact: true })).toBeVisible();
    await decodesFrames(agent.locator('video[aria-label="Your camera"]'));

    // The portal shows the invitation while the applicant is in their application.
    const invitation = applicant.getByRole('region', { name: 'Video call' });
    await expect(invitation.getByText('Rahul Verma invites you to a video call.')).toBeVisible({ timeout: 30_000 });
    await screenshot(applicant, 'video-portal-invitation');
    const joinAnswer = applicant.waitForResponse(
      (r) => r.url().endsWith(API_PATHS.joinVideoAsApplicant) && r.request().method() === 'POST',
    );
    await invitation.getByRole('button', { name: 'Join video call' }).click();
    const { gatewayToken } = (await (await joinAnswer).json()) as VideoJoin;

    await decodesFrames(remoteVideo(agent, 'Applicant'));
    await decodesFrames(remoteVideo(applicant, 'Rahul Verma'));
    await screenshot(agent, 'video-agent');
    await screenshot(applicant, 'video-applicant');

    await say(agent, 'Good morning, please hold your PAN card up to the camera.');
    await heard(applicant, 'please hold your PAN card up to the camera');
    await say(applicant, 'Here it is.');
    await heard(agent, 'Here it is.');

    await call(agent).getByRole('button', { name: 'Mute microphone' }).click();
    await expect(call(applicant).getByText('Muted', { exact: true })).toBeVisible({ timeout: 15_000 });
    await call(agent).getByRole('button', { name: 'Unmute microphone' }).click();
    await expect(call(applicant).getByText('Muted', { exact: true })).toBeHidden({ timeout: 15_000 });

    await call(applicant).getByRole('button', { name: 'Leave' }).click();
    await expect(remoteVideo(agent, 'Applicant')).toHaveCount(0, { timeout: 15_000 });
    await expect(dialog.getByText('Waiting for the other side to join…')).toBeVisible();
    await screenshot(agent, 'video-agent-after-leave');

    // A third user cannot join: the server refuses the call to anyone but the agent and a supervisor.
    const approver = await apiLogin('approver', 'Approver@123');
    const officer = await apiLogin('officer', 'Officer@123');
    const calls = await apiGet<VideoCalls>(
      officer,
      `${API_PATHS.videoCallsOfApplication}?applicationId=${applicationId}`,
    );
    const open = calls.calls.find((c) => c.status !== 'ENDED');
    expect(open, 'the agent’s call is open').toBeTruthy();
    const refused = await apiPost<VideoJoin>(
      approver,
      apiPath('joinVideoCall', { callId: open?.callId ?? '' }),
      undefined,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);

    // The applicant's token opens gateway sessions while the call is open, and none once it has ended.
    const blank = await officeContext.newPage();
    await blank.goto(`${SHELL}/env.json`);
    const session = { janus: 'create', token: gatewayToken };
    expect((await gatewayAnswer(blank, { ...session, transaction: 'open-1' })).janus).toBe('success');
    // Ending the call leaves the room and closes the dialog by itself.
    await dialog.getByRole('button', { name: 'End call' }).click();
    await expect(dialog).toBeHidden();
    const after = await gatewayAnswer(blank, { ...session, transaction: 'ended-1' });
    expect(after.janus).toBe('error');
    expect(JSON.stringify(after.error)).toMatch(/Unauthorized/i);
    await blank.close();
    // The detail's Video calls list the ended call's recordings (.mjr files Janus wrote), each downloadable.
    const recordings = agent.getByRole('list', { name: /^Recordings of the call started/ });
    await expect(
      recordings.getByRole('button', { name: /^Download videoroom-\d+-user-\d+-\d+-video/ }).first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    await screenshot(agent, 'video-recordings');
  } finally {
    for (const context of contexts) await context.close();
  }
});

/** One request on a fresh websocket to the relay, from the page's origin: the gateway's answer to it. */
async function gatewayAnswer(page: Page, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  return page.evaluate(
    ({ url, protocol, message }) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const socket = new WebSocket(url, protocol);
        socket.onerror = () => reject(new Error('the gateway refused the socket'));
        socket.onopen = () => socket.send(JSON.stringify(message));
        socket.onmessage = (event) => {
          const answer = JSON.parse(String(event.data)) as Record<string, unknown>;
          if (answer.janus === 'ack') return;
          socket.close();
          resolve(answer);
        };
      }),
    { url: GATEWAY, protocol: VIDEO_GATEWAY_PROTOCOL, message: request },
  );
}

test('the gateway takes no session without a token the server issued', async ({ page }) => {
  // From a back-office origin (the relay refuses a page of any other origin), as a script there would try it.
  await page.goto(`${SHELL}/env.json`);
  const answer = await gatewayAnswer(page, { janus: 'create', transaction: 'guess-1' });
  expect(answer.janus).toBe('error');
  expect(JSON.stringify(answer.error)).toMatch(/Unauthorized|token/i);
  // Nor does it tell what the gateway is.
  const info = await gatewayAnswer(page, { janus: 'info', transaction: 'info-1' });
  expect(info.janus).toBe('error');
  expect(info.version_string).toBeUndefined();
});

test('with the gateway stopped the call screen says so, and the back office works', async ({ page }) => {
  const officer = await apiLogin('officer', 'Officer@123');
  await stopPart('janus');
  try {
    // The server reuses a gateway probe for 5 s and the page asks every 30 s: an answer probed while the
    // previous test's call ran could be served to this page and kept past this test's wait.
    await expect
      .poll(async () => (await apiGet<{ reachable: boolean }>(officer, API_PATHS.videoGatewayStatus)).reachable, {
        timeout: 15_000,
      })
      .toBe(false);
    await logIn(page, 'officer', 'Officer@123');
    await menuItem(page, 'Video').click();
    await expect(page.getByText('The video service is unavailable right now.')).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'video-gateway-down');
    // The rest of the back office answers as before.
    await menuItem(page, 'Dashboard').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const started = await apiPost<{ application: { application_id: string } }>(officer, API_PATHS.startApplication, {
      product_code: 'PL',
    });
    await page.goto(detailUrl(started.application.application_id));
    await page.getByRole('button', { name: 'Video call', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('The video service is unavailable right now.')).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await startJanusPart();
  }
});
