// The real gateway (README "Video calls"): Debian's Janus started as `npm start` starts it
// (deploy/scripts/janus.mjs on the server's DATA_DIR, so both read one keys.json), driven over its websocket
// with the janus-protocol subprotocol and the tokens and keys the API hands out. Skipped, saying why, where
// /usr/bin/janus is missing (`apt-get install -y janus`; npm start installs it).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { API_PATHS, VIDEO_MAX_PUBLISHERS, VIDEO_ROOM_CREATE_OPTIONS, type VideoJoin } from '@originate/contract';
import { type GatewaySocket, openGatewaySocket } from '../src/modules/video/gateway-socket';
import { type Applicant, newPersonalLoan } from './flow-helpers';
import { call, type Login, login, startServer, type TestServer } from './helpers';

const JANUS = '/usr/bin/janus';
const SKIP = existsSync(JANUS)
  ? false
  : `${JANUS} is missing (apt-get install -y janus): the real gateway is not tested`;
const CLI = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'scripts', 'janus.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `node deploy/scripts/janus.mjs`, resolved once it prints that it listens. */
function startGateway(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, '--data-dir', dataDir, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`janus did not start within 30 s:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('janus listening on')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`janus.mjs exited with ${code}:\n${output}`));
    });
  });
}

function stopGateway(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-(child.pid as number), 'SIGTERM');
  });
}

type Message = Record<string, unknown> & {
  janus?: string;
  data?: { id?: number };
  plugindata?: { data?: Record<string, unknown> };
  error?: { code: number; reason: string };
};

/** One Janus API request: the answer with its transaction (acks of asynchronous requests skipped). */
async function ask(socket: GatewaySocket, body: Record<string, unknown>): Promise<Message> {
  const transaction = randomBytes(6).toString('hex');
  socket.send({ ...body, transaction });
  for (;;) {
    const message = (await socket.next(10_000)) as Message;
    if (message.transaction !== transaction || message.janus === 'ack') continue;
    return message;
  }
}

/** A Janus session with the token and a handle on the videoroom plugin. */
async function videoroomHandle(socket: GatewaySocket, token: string) {
  const session = await ask(socket, { janus: 'create', token });
  assert.equal(session.janus, 'success', JSON.stringify(session));
  const sessionId = session.data?.id;
  const attached = await ask(socket, {
    janus: 'attach',
    plugin: 'janus.plugin.videoroom',
    session_id: sessionId,
    token,
  });
  assert.equal(attached.janus, 'success', JSON.stringify(attached));
  const handleId = attached.data?.id;
  return {
    /** A videoroom request; answers the plugin's data (synchronous requests and joins alike). */
    async message(body: Record<string, unknown>) {
      const answer = await ask(socket, { janus: 'message', session_id: sessionId, handle_id: handleId, token, body });
      return answer.plugindata?.data ?? { error: answer.error };
    },
  };
}

describe('the Janus gateway', { skip: SKIP }, () => {
  let s: TestServer;
  let gateway: ChildProcess | undefined;
  let url: string;
  let agent: Login;
  let applicant: Applicant;
  let joined: VideoJoin;
  const sockets: GatewaySocket[] = [];
  const open = async () => {
    const socket = await openGatewaySocket(url);
    sockets.push(socket);
    return socket;
  };

  before(async () => {
    const port = await freePort();
    url = `ws://127.0.0.1:${port}`;
    s = await startServer({ JANUS_URL: url });
    gateway = await startGateway(s.dataDir, port);
    agent = await login(s.app, 'officer');
    applicant = await newPersonalLoan(s.app);
    const res = await call(s.app, 'POST', API_PATHS.startVideoCall, agent, {
      applicationId: applicant.applicationId,
      record: true,
    });
    assert.equal(res.statusCode, 200, res.body);
    joined = res.json<VideoJoin>();
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await stopGateway(gateway);
    await s?.close();
  });

  it('answers {"janus":"info"} over ws with the janus-protocol subprotocol: videoroom only, websockets only, tokens on', async () => {
    const info = (await ask(await open(), { janus: 'info' })) as Message & {
      version_string?: string;
      auth_token?: boolean;
      plugins?: Record<string, unknown>;
      transports?: Record<string, unknown>;
    };
    assert.equal(info.janus, 'server_info');
    assert.equal(info.version_string, '1.1.2');
    assert.equal(info.auth_token, true);
    assert.deepEqual(Object.keys(info.plugins ?? {}), ['janus.plugin.videoroom']);
    assert.deepEqual(Object.keys(info.transports ?? {}), ['janus.transport.websockets']);
  });

  it('refuses a websocket without the subprotocol', async () => {
    // libwebsockets answers an error status or just hangs up (0 here): never 101 Switching Protocols.
    const status = await new Promise<number>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: new URL(url).port,
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        },
      });
      req.once('upgrade', (_res, socket) => {
        socket.destroy();
        resolve(101);
      });
      req.once('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', () => resolve(0));
      req.end();
    });
    assert.notEqual(status, 101);
  });

  it('the API probe reaches it', async () => {
    const res = await call(s.app, 'GET', API_PATHS.videoGatewayStatus, agent);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().reachable, true);
    assert.equal(res.json().version, '1.1.2');
  });

  it('opens no session without a token the API signed', async () => {
    const socket = await open();
    const refused = await ask(socket, { janus: 'create' });
    assert.equal(refused.janus, 'error');
    assert.equal(refused.error?.code, 403);
    const forged = await ask(socket, {
      janus: 'create',
      token: `${Math.floor(Date.now() / 1000) + 3600},janus,janus.plugin.videoroom:AAAA`,
    });
    assert.equal(forged.error?.code, 403);
    const ok = await ask(socket, { janus: 'create', token: joined.gatewayToken });
    assert.equal(ok.janus, 'success');
  });

  it('a create without the admin key is refused; with it the room works: pin, secret, private, two publishers', async () => {
    const { room } = joined;
    assert.ok(room.adminKey && room.secret);
    const handle = await videoroomHandle(await open(), joined.gatewayToken);
    const create = {
      request: 'create',
      room: room.id,
      ...VIDEO_ROOM_CREATE_OPTIONS,
      description: room.name,
      pin: room.pin,
      secret: room.secret,
      publishers: VIDEO_MAX_PUBLISHERS,
      record: room.recording.enabled,
      rec_dir: room.recording.directory,
      audiocodec: room.codecs.audio,
      videocodec: room.codecs.video,
    };
    const refused = await handle.message(create);
    assert.ok([429, 433].includes(Number(refused.error_code)), JSON.stringify(refused));
    assert.equal((await handle.message({ ...create, admin_key: 'not-the-key-0123456789abcdef0123' })).error_code, 433);
    assert.equal((await handle.message({ request: 'exists', room: room.id })).exists, false);

    const created = await handle.message({ ...create, admin_key: room.adminKey });
    assert.equal(created.videoroom, 'created', JSON.stringify(created));
    assert.equal((await handle.message({ request: 'exists', room: room.id })).exists, true);
    // Private: listed only with the admin key.
    const listed = (body: Record<string, unknown>) =>
      handle.message({ request: 'list', ...body }).then((a) => (a.list as { room: number }[]).map((r) => r.room));
    assert.ok(!(await listed({})).includes(room.id));
    assert.ok((await listed({ admin_key: room.adminKey })).includes(room.id));

    // The applicant's join: the pin is needed, the token the API gave them opens the session.
    const applicantJoin = await call(s.app, 'POST', API_PATHS.joinVideoAsApplicant, applicant.headers, {
      callId: joined.call.callId,
    });
    assert.equal(applicantJoin.statusCode, 200, applicantJoin.body);
    const theirs = applicantJoin.json<VideoJoin>();
    const guest = await videoroomHandle(await open(), theirs.gatewayToken);
    const wrongPin = await guest.message({
      request: 'join',
      ptype: 'publisher',
      room: room.id,
      pin: 'guess',
      display: 'x',
    });
    assert.equal(wrongPin.error_code, 433, JSON.stringify(wrongPin));
    const inRoom = await guest.message({
      request: 'join',
      ptype: 'publisher',
      room: room.id,
      pin: theirs.room.pin,
      display: theirs.display,
    });
    assert.equal(inRoom.videoroom, 'joined', JSON.stringify(inRoom));
    // The applicant cannot destroy it (no secret) or create rooms (no admin key).
    assert.equal((await guest.message({ request: 'destroy', room: room.id })).error_code, 429);
    assert.ok([429, 433].includes(Number((await guest.message({ ...create, room: room.id + 1 })).error_code)));

    // Permanent: Janus wrote it into the generated configuration folder (mode 0600, the keys' folder).
    const saved = () => readFileSync(path.join(s.dataDir, 'janus', 'config', 'janus.plugin.videoroom.jcfg'), 'utf8');
    assert.match(saved(), new RegExp(`room-${room.id}`));
    const destroyed = await handle.message({ request: 'destroy', room: room.id, secret: room.secret, permanent: true });
    assert.equal(destroyed.videoroom, 'destroyed', JSON.stringify(destroyed));
    assert.doesNotMatch(saved(), new RegExp(`room-${room.id}`));
  });
});
