// One-to-one video calls (README "Video calls"): a call shows an applicant to staff, so every route with good
// input, bad input (400/1101 naming the field, extra fields refused), no token (401) and callers who may not
// (403); pins and secrets never in lists; recordings read from the folder Janus writes to. The real gateway:
// test/video-gateway.test.ts.
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  VIDEO_MAX_PUBLISHERS,
  type VideoCall,
  type VideoCalls,
  type VideoInvitation,
  type VideoJoin,
} from '@originate/contract';
import type { LightMyRequestResponse } from 'fastify';
import { type Applicant, newPersonalLoan } from './flow-helpers';
import { call, type Login, labels, login, startServer, type TestServer } from './helpers';

let s: TestServer;
const as: Record<string, Login> = {};
let mine: Applicant;
let theirs: Applicant;
/** A seeded application the officer (AGENT) may not open. */
let foreign: string;

const ok = <T>(res: LightMyRequestResponse): T => {
  assert.equal(res.statusCode, 200, res.body.slice(0, 400));
  return res.json<T>();
};
const start = (who: Login | Record<string, string> | undefined, body: object) =>
  call(s.app, 'POST', API_PATHS.startVideoCall, who, body);
const join = (who: Login | Record<string, string> | undefined, callId: string) =>
  call(s.app, 'POST', apiPath('joinVideoCall', { callId }), who);
const end = (who: Login | undefined, callId: string) => call(s.app, 'POST', apiPath('endVideoCall', { callId }), who);
const listOf = (who: Login | undefined, applicationId: string) =>
  call(s.app, 'GET', `${API_PATHS.videoCallsOfApplication}?applicationId=${encodeURIComponent(applicationId)}`, who);
const GUESS = '0b5c7a52-8c1f-4c1e-9a6f-3d2b1a0f9e8d';

before(async () => {
  s = await startServer();
  for (const name of ['officer', 'teamlead', 'approver', 'opsadmin']) as[name] = await login(s.app, name);
  mine = await newPersonalLoan(s.app);
  theirs = await newPersonalLoan(s.app);
  const ids = await s.app.ctx.db.query<{ application_id: string }>(
    "SELECT application_id FROM applications WHERE status = 'ACTIVE' ORDER BY application_id",
  );
  for (const { application_id } of ids) {
    const res = await call(s.app, 'GET', apiPath('application', { applicationId: application_id }), as.officer);
    if (res.statusCode === 403) {
      foreign = application_id;
      break;
    }
  }
  assert.ok(foreign, 'the seed has an application the officer may not open');
});
after(() => s.close());

describe('demo conference roles', () => {
  it('the officer is an AGENT, the team lead a SUPERVISOR', () => {
    assert.ok(as.officer?.user.roles.includes('AGENT'));
    assert.ok(as.teamlead?.user.roles.includes('SUPERVISOR'));
    assert.ok(!as.teamlead?.user.roles.includes('AGENT'));
    assert.ok(!as.approver?.user.roles.includes('AGENT') && !as.approver?.user.roles.includes('SUPERVISOR'));
  });
});

describe('starting a call', () => {
  it('an AGENT with access: a publisher join with the pin and the call token, never the secret or admin key', async () => {
    const answer = ok<VideoJoin>(await start(as.officer, { applicationId: mine.applicationId, record: false }));
    assert.equal(answer.role, 'publisher');
    assert.equal(answer.display, 'Rahul Verma');
    assert.equal(answer.call.status, 'WAITING');
    assert.equal(answer.call.applicationId, mine.applicationId);
    assert.deepEqual(answer.call.startedBy, { id: 'USR-1001', displayName: 'Rahul Verma' });
    assert.equal(answer.call.endedAt, null);
    assert.equal(answer.call.recording, false);
    assert.deepEqual(answer.call.recordings, []);
    assert.equal(answer.room.maximumPublishers, VIDEO_MAX_PUBLISHERS);
    assert.ok(answer.room.id >= 100000);
    assert.ok(answer.room.pin.length >= 22, 'pin of at least 128 bits');
    assert.deepEqual(answer.room.recording, { enabled: false });
    assert.deepEqual(answer.room.codecs, { audio: 'opus', video: 'vp8' });
    const text = JSON.stringify(answer);
    const keys: Record<string, string> = JSON.parse(await readFile(path.join(s.dataDir, 'janus', 'keys.json'), 'utf8'));
    const [row] = await s.app.ctx.db.query<{ secret: string }>(
      'SELECT secret FROM video_calls WHERE call_id = $1::uuid',
      [answer.call.callId],
    );
    for (const [what, value] of [
      ['admin key', keys.adminKey],
      ['token secret', keys.tokenSecret],
      ['room secret', row?.secret],
    ]) {
      assert.ok(value && !text.includes(value), `no ${what}`);
    }
    // One token per call (the gateway accepts it only while the call is open): no expiry of hours in it.
    assert.match(answer.gatewayToken, /^[A-Za-z0-9_-]{43}$/);
    const again = ok<VideoJoin>(await join(as.officer, answer.call.callId));
    assert.equal(again.gatewayToken, answer.gatewayToken);
    const other = ok<VideoJoin>(await start(as.officer, { applicationId: theirs.applicationId, record: false }));
    assert.notEqual(other.gatewayToken, answer.gatewayToken);
    ok(await end(as.officer, other.call.callId));
  });

  it('rooms are issued by the server: a new id and pin every call; starting again ends the open one', async () => {
    const first = ok<VideoJoin>(await start(as.officer, { applicationId: theirs.applicationId, record: false }));
    const second = ok<VideoJoin>(await start(as.officer, { applicationId: theirs.applicationId, record: false }));
    assert.ok(second.room.id > first.room.id);
    assert.notEqual(second.room.pin, first.room.pin);
    const { calls } = ok<VideoCalls>(await listOf(as.officer, theirs.applicationId));
    const byId = new Map(calls.map((c) => [c.callId, c]));
    assert.equal(byId.get(first.call.callId)?.status, 'ENDED');
    assert.ok(byId.get(first.call.callId)?.endedAt);
    assert.equal(byId.get(second.call.callId)?.status, 'WAITING');
    assert.equal(calls.filter((c) => c.status !== 'ENDED').length, 1);
    ok(await end(as.officer, second.call.callId));
  });

  it('bad input: 400/1101 naming the field; extra fields refused', async () => {
    assert.deepEqual(labels(await start(as.officer, { applicationId: mine.applicationId })), ['record']);
    assert.deepEqual(labels(await start(as.officer, { applicationId: 'a b', record: false })), ['applicationId']);
    assert.deepEqual(labels(await start(as.officer, { applicationId: mine.applicationId, record: 'yes' })), ['record']);
    assert.deepEqual(labels(await start(as.officer, { applicationId: mine.applicationId, record: false, room: 1 })), [
      'room',
    ]);
  });

  it('no token: 401; a non-AGENT: 403; an AGENT without access: 403; an applicant: 403; unknown application: 404', async () => {
    assert.equal((await start(undefined, { applicationId: mine.applicationId, record: false })).statusCode, 401);
    for (const who of ['teamlead', 'approver', 'opsadmin']) {
      const res = await start(as[who], { applicationId: mine.applicationId, record: false });
      assert.equal(res.statusCode, 403, who);
      assert.match(res.json().message, /agent/i);
    }
    const refused = await start(as.officer, { applicationId: foreign, record: false });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'You do not have access to this application');
    assert.equal((await start(mine.headers, { applicationId: mine.applicationId, record: false })).statusCode, 403);
    assert.equal((await start(as.officer, { applicationId: 'PL-1999-000000', record: false })).statusCode, 404);
  });
});

describe('joining, listing and ending', () => {
  let current: VideoJoin;
  before(async () => {
    current = ok<VideoJoin>(await start(as.officer, { applicationId: mine.applicationId, record: false }));
  });

  it('the agent who started it joins as publisher', async () => {
    const again = ok<VideoJoin>(await join(as.officer, current.call.callId));
    assert.equal(again.role, 'publisher');
    assert.equal(again.room.id, current.room.id);
    assert.equal(again.room.pin, current.room.pin);
    assert.deepEqual(again.room, current.room);
  });

  it('a SUPERVISOR with access joins as subscriber with the pin; the call turns ACTIVE', async () => {
    const watched = ok<VideoJoin>(await join(as.teamlead, current.call.callId));
    assert.equal(watched.role, 'subscriber');
    assert.equal(watched.display, 'Priya Sharma');
    assert.equal(watched.room.pin, current.room.pin);
    assert.deepEqual(watched.room, current.room);
    assert.equal(watched.call.status, 'ACTIVE');
  });

  it('anyone else: 403 (a guessed call id included); unknown call: 404; bad id: 400; no token: 401', async () => {
    for (const who of ['approver', 'opsadmin']) {
      assert.equal((await join(as[who], current.call.callId)).statusCode, 403, who);
    }
    assert.equal((await join(as.officer, GUESS)).statusCode, 404);
    assert.deepEqual([...new Set(labels(await join(as.officer, 'not-a-uuid')))], ['callId']);
    assert.equal((await join(undefined, current.call.callId)).statusCode, 401);
    assert.equal((await join(mine.headers, current.call.callId)).statusCode, 403);
  });

  it('lists never carry a room or a pin', async () => {
    const lists = [
      ok<VideoCalls>(await listOf(as.officer, mine.applicationId)),
      ok<VideoCalls>(await call(s.app, 'GET', API_PATHS.openVideoCalls, as.officer)),
      ok<VideoCalls>(await call(s.app, 'GET', API_PATHS.openVideoCalls, as.teamlead)),
    ];
    for (const list of lists) {
      const text = JSON.stringify(list);
      assert.ok(text.includes(current.call.callId));
      assert.ok(!text.includes(current.room.pin), 'no pin');
      for (const c of list.calls) assert.deepEqual(Object.keys(c).sort(), Object.keys(current.call).sort());
    }
  });

  it('calls of an application: staff with access; 403 without; 404 unknown; 400 naming the query field', async () => {
    assert.equal((await listOf(as.approver, mine.applicationId)).statusCode, 403);
    assert.equal((await listOf(as.officer, 'PL-1999-000000')).statusCode, 404);
    assert.equal((await listOf(undefined, mine.applicationId)).statusCode, 401);
    assert.deepEqual(labels(await call(s.app, 'GET', API_PATHS.videoCallsOfApplication, as.officer)), [
      'applicationId',
    ]);
    assert.deepEqual(
      labels(await call(s.app, 'GET', `${API_PATHS.videoCallsOfApplication}?applicationId=x&pin=1`, as.officer)),
      ['pin'],
    );
  });

  it('open calls: AGENT and SUPERVISOR only (403 for others), only those they may access', async () => {
    assert.equal((await call(s.app, 'GET', API_PATHS.openVideoCalls, as.approver)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', API_PATHS.openVideoCalls, as.opsadmin)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', API_PATHS.openVideoCalls, undefined)).statusCode, 401);
    assert.deepEqual(labels(await call(s.app, 'GET', `${API_PATHS.openVideoCalls}?x=1`, as.officer)), ['x']);
    const open = ok<VideoCalls>(await call(s.app, 'GET', API_PATHS.openVideoCalls, as.officer));
    assert.ok(open.calls.every((c) => c.status !== 'ENDED'));
    assert.ok(open.calls.some((c) => c.callId === current.call.callId));
  });

  it('ending: the owner or a supervisor with access; others 403; an ended call refuses joins (409)', async () => {
    assert.equal((await end(as.approver, current.call.callId)).statusCode, 403);
    assert.equal((await end(undefined, current.call.callId)).statusCode, 401);
    assert.equal((await end(as.officer, GUESS)).statusCode, 404);
    const ended = ok<VideoCall>(await end(as.officer, current.call.callId));
    assert.equal(ended.status, 'ENDED');
    assert.ok(ended.endedAt);
    assert.equal(ok<VideoCall>(await end(as.officer, current.call.callId)).endedAt, ended.endedAt);
    assert.equal((await join(as.officer, current.call.callId)).statusCode, 409);
    const open = ok<VideoCalls>(await call(s.app, 'GET', API_PATHS.openVideoCalls, as.officer));
    assert.ok(!open.calls.some((c) => c.callId === current.call.callId));
  });
});

describe('the applicant', () => {
  let current: VideoJoin;
  before(async () => {
    current = ok<VideoJoin>(await start(as.officer, { applicationId: mine.applicationId, record: false }));
  });

  it('sees the invitation of their own application only', async () => {
    const invitation = ok<VideoInvitation>(await call(s.app, 'GET', API_PATHS.videoInvitation, mine.headers));
    assert.deepEqual(invitation.call, {
      callId: current.call.callId,
      startedBy: { displayName: 'Rahul Verma' },
      createdAt: current.call.createdAt,
    });
    assert.ok(!JSON.stringify(invitation).includes(current.room.pin));
    const none = ok<VideoInvitation>(await call(s.app, 'GET', API_PATHS.videoInvitation, theirs.headers));
    assert.equal(none.call, null);
    assert.equal((await call(s.app, 'GET', API_PATHS.videoInvitation, undefined)).statusCode, 401);
    assert.equal((await call(s.app, 'GET', API_PATHS.videoInvitation, as.officer)).statusCode, 403);
    assert.deepEqual(labels(await call(s.app, 'GET', `${API_PATHS.videoInvitation}?callId=1`, mine.headers)), [
      'callId',
    ]);
  });

  it('joins as a publisher with the pin and the call token, under no name', async () => {
    const joined = ok<VideoJoin>(
      await call(s.app, 'POST', API_PATHS.joinVideoAsApplicant, mine.headers, { callId: current.call.callId }),
    );
    assert.equal(joined.role, 'publisher');
    assert.equal(joined.display, 'Applicant');
    assert.equal(joined.room.id, current.room.id);
    assert.equal(joined.room.pin, current.room.pin);
    assert.equal(joined.gatewayToken, current.gatewayToken);
    assert.equal(joined.call.status, 'ACTIVE');
    assert.deepEqual(joined.room.recording, { enabled: false });
  });

  it('an applicant of another application: 403; unknown call 404; bad or extra fields 400; staff 403; no token 401', async () => {
    const join = (who: Record<string, string> | Login | undefined, body: object) =>
      call(s.app, 'POST', API_PATHS.joinVideoAsApplicant, who, body);
    const refused = await join(theirs.headers, { callId: current.call.callId });
    assert.equal(refused.statusCode, 403);
    assert.ok(!refused.body.includes(current.room.pin));
    assert.equal((await join(mine.headers, { callId: GUESS })).statusCode, 404);
    assert.deepEqual([...new Set(labels(await join(mine.headers, { callId: 'x' })))], ['callId']);
    assert.deepEqual(labels(await join(mine.headers, { callId: current.call.callId, role: 'publisher' })), ['role']);
    assert.deepEqual(labels(await join(mine.headers, {})), ['callId']);
    assert.equal((await join(as.officer, { callId: current.call.callId })).statusCode, 403);
    assert.equal((await join(undefined, { callId: current.call.callId })).statusCode, 401);
  });

  it('an ended call: no invitation, join 409', async () => {
    ok(await end(as.officer, current.call.callId));
    assert.equal(ok<VideoInvitation>(await call(s.app, 'GET', API_PATHS.videoInvitation, mine.headers)).call, null);
    const res = await call(s.app, 'POST', API_PATHS.joinVideoAsApplicant, mine.headers, {
      callId: current.call.callId,
    });
    assert.equal(res.statusCode, 409);
  });
});

describe('recordings', () => {
  it('the room records into <DATA_DIR>/recordings/<applicationId>/; the listing reads that folder; downloads by listed name only', async () => {
    const recorded = ok<VideoJoin>(await start(as.officer, { applicationId: mine.applicationId, record: true }));
    const dir = path.join(s.dataDir, 'recordings', mine.applicationId);
    assert.deepEqual(recorded.room.recording, { enabled: true });
    assert.equal(recorded.call.recording, true);
    assert.deepEqual(recorded.call.recordings, []);
    // Nobody learns where (the server alone creates the room and names its rec_dir).
    assert.ok(!JSON.stringify(recorded).includes(dir));
    const watched = ok<VideoJoin>(await join(as.teamlead, recorded.call.callId));
    assert.deepEqual(watched.room.recording, { enabled: true });

    const room = recorded.room.id;
    const audio = `videoroom-${room}-user-4242-1764300000000000-audio-0.mjr`;
    const video = `videoroom-${room}-user-4242-1764300000000000-video-1.mjr`;
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, audio), Buffer.alloc(10, 1));
    await writeFile(path.join(dir, video), Buffer.alloc(25, 2));
    // Not this room's, not Janus's names, not files: never listed.
    await writeFile(path.join(dir, `videoroom-${room + 1000}-user-1-1-audio-0.mjr`), 'other room');
    await writeFile(path.join(dir, 'notes.txt'), 'x');
    await mkdir(path.join(dir, `videoroom-${room}-user-1-1-data-2.mjr`));

    const { calls } = ok<VideoCalls>(await listOf(as.officer, mine.applicationId));
    const listed = calls.find((c) => c.callId === recorded.call.callId);
    assert.deepEqual(listed?.recordings.map((r) => [r.fileName, r.bytes]).sort(), [
      [audio, 10],
      [video, 25],
    ]);
    for (const r of listed?.recordings ?? []) assert.ok(!Number.isNaN(Date.parse(r.createdAt)));

    const url = (fileName: string) => apiPath('videoRecording', { callId: recorded.call.callId, fileName });
    const file = await call(s.app, 'GET', url(video), as.officer);
    assert.equal(file.statusCode, 200);
    assert.equal(file.rawPayload.length, 25);
    assert.match(String(file.headers['content-disposition']), /attachment; filename="videoroom-/);
    assert.equal((await call(s.app, 'GET', url(video), as.teamlead)).statusCode, 200);
    assert.equal((await call(s.app, 'GET', url(video), as.approver)).statusCode, 403);
    assert.equal((await call(s.app, 'GET', url(video), undefined)).statusCode, 401);
    assert.equal((await call(s.app, 'GET', url(video), mine.headers)).statusCode, 403);
    // A name of Janus's shape that the call's listing does not hold (another room's file): 404.
    assert.equal(
      (await call(s.app, 'GET', url(`videoroom-${room + 1000}-user-1-1-audio-0.mjr`), as.officer)).statusCode,
      404,
    );
    // Anything else is not a file name: 400 naming it.
    for (const name of ['notes.txt', '..%2F..%2Fkeys.json', `videoroom-${room}-user-1-1-audio-0.mjr.bak`]) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/v3/video/calls/${recorded.call.callId}/recordings/${name}`,
        headers: as.officer?.headers,
      });
      assert.equal(res.statusCode, 400, name);
      assert.deepEqual([...new Set(labels(res))], ['fileName']);
    }
    ok(await end(as.officer, recorded.call.callId));
  });
});

describe('recordings are never links', () => {
  it('a link named like a recording (to /etc/passwd, to a file of the data dir) is neither listed nor served', async () => {
    const recorded = ok<VideoJoin>(await start(as.officer, { applicationId: theirs.applicationId, record: true }));
    const dir = path.join(s.dataDir, 'recordings', theirs.applicationId);
    await mkdir(dir, { recursive: true });
    const room = recorded.room.id;
    const real = `videoroom-${room}-user-7-1764300000000000-audio-0.mjr`;
    const passwd = `videoroom-${room}-user-7-1764300000000000-video-1.mjr`;
    const keys = `videoroom-${room}-user-7-1764300000000000-data-2.mjr`;
    await writeFile(path.join(dir, real), Buffer.alloc(12, 3));
    await symlink('/etc/passwd', path.join(dir, passwd));
    await symlink(path.join(s.dataDir, 'janus', 'keys.json'), path.join(dir, keys));

    const { calls } = ok<VideoCalls>(await listOf(as.officer, theirs.applicationId));
    const listed = calls.find((c) => c.callId === recorded.call.callId);
    assert.deepEqual(
      listed?.recordings.map((r) => r.fileName),
      [real],
    );
    const url = (fileName: string) => apiPath('videoRecording', { callId: recorded.call.callId, fileName });
    assert.equal((await call(s.app, 'GET', url(real), as.officer)).rawPayload.length, 12);
    for (const name of [passwd, keys]) {
      const res = await call(s.app, 'GET', url(name), as.officer);
      assert.equal(res.statusCode, 404, name);
      assert.doesNotMatch(res.body, /root:|tokenSecret/);
    }
    ok(await end(as.officer, recorded.call.callId));
  });

  it('an application folder that is a link (to another folder) lists and serves nothing', async () => {
    const recorded = ok<VideoJoin>(await start(as.officer, { applicationId: theirs.applicationId, record: true }));
    const elsewhere = path.join(s.dataDir, 'uploads-elsewhere');
    await mkdir(elsewhere, { recursive: true });
    const name = `videoroom-${recorded.room.id}-user-8-1764300000000000-audio-0.mjr`;
    await writeFile(path.join(elsewhere, name), 'not a recording of this folder');
    const dir = path.join(s.dataDir, 'recordings', theirs.applicationId);
    await rm(dir, { recursive: true, force: true });
    await symlink(elsewhere, dir);
    try {
      const { calls } = ok<VideoCalls>(await listOf(as.officer, theirs.applicationId));
      assert.deepEqual(calls.find((c) => c.callId === recorded.call.callId)?.recordings, []);
      const url = apiPath('videoRecording', { callId: recorded.call.callId, fileName: name });
      assert.equal((await call(s.app, 'GET', url, as.officer)).statusCode, 404);
    } finally {
      await rm(dir, { force: true });
    }
    ok(await end(as.officer, recorded.call.callId));
  });
});

describe('the gateway probe', () => {
  it('answers whether the gateway is reachable (nothing listens here: false), staff only', async () => {
    const closed = await startServer({ JANUS_URL: 'ws://127.0.0.1:9' });
    try {
      const officer = await login(closed.app, 'officer');
      const res = await call(closed.app, 'GET', API_PATHS.videoGatewayStatus, officer);
      const body = ok<{ reachable: boolean; checkedAt: string; version: string | null }>(res);
      assert.equal(body.reachable, false);
      assert.equal(body.version, null);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal((await call(closed.app, 'GET', API_PATHS.videoGatewayStatus, undefined)).statusCode, 401);
      // Readiness does not depend on the gateway.
      assert.equal((await closed.app.inject({ method: 'GET', url: API_PATHS.readyz })).statusCode, 200);
    } finally {
      await closed.close();
    }
  });
});
