// The real gateway (README "Video calls"): Debian's Janus started as `npm start` starts it
// (deploy/scripts/janus.mjs on the server's DATA_DIR, so both read one keys.json), driven over its websocket
// with the janus-protocol subprotocol and the tokens the API hands out; the API creates rooms and adds and
// removes call tokens through the Admin API on <DATA_DIR>/janus/admin.sock. Skipped, saying why, where
// /usr/bin/janus is missing (`apt-get install -y janus`; npm start installs it).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  API_PATHS,
  apiPath,
  VIDEO_GATEWAY_PROTOCOL,
  VIDEO_GATEWAY_RELAY_PATH,
  VIDEO_MAX_PUBLISHERS,
  VIDEO_ROOM_CREATE_OPTIONS,
  type VideoJoin,
} from '@originate/contract';
import { WebSocket } from 'ws';
import { type GatewaySocket, openAdminSocket, openGatewaySocket } from '../src/modules/video/gateway-socket';
import { startDrain } from '../src/platform/drain';
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
    sessionId,
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
  /** The API's relay of the gateway: what browsers open. */
  let relay: string;
  let agent: Login;
  let applicant: Applicant;
  let joined: VideoJoin;
  const sockets: GatewaySocket[] = [];
  const open = async (to = url) => {
    const socket = await openGatewaySocket(to);
    sockets.push(socket);
    return socket;
  };

  before(async () => {
    const port = await freePort();
    url = `ws://127.0.0.1:${port}`;
    s = await startServer({ JANUS_URL: url });
    gateway = await startGateway(s.dataDir, port);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    relay = `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}${VIDEO_GATEWAY_RELAY_PATH}`;
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

  // Janus answers `info` to anyone reaching its loopback port, token or not (janus.c answers it before any
  // check; no option changes that: README "Video calls"); browsers reach it only through the relay.
  it('answers {"janus":"info"} without a token over ws with janus-protocol: videoroom only, websockets only, tokens on, no libraries', async () => {
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
    assert.equal(info.dependencies, undefined);
  });

  /** The status a websocket handshake gets: 101 when it is accepted, 0 when the peer just hangs up. */
  const handshake = (to: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const target = new URL(to);
      const req = request({
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname,
        headers: {
          ...headers,
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

  it('refuses a websocket without the subprotocol', async () => {
    // libwebsockets answers an error status or just hangs up (0 here): never 101 Switching Protocols.
    assert.notEqual(await handshake(url), 101);
    assert.equal(await handshake(relay), 400);
  });

  it('the relay takes the subprotocol from the CORS origins and non-browsers only', async () => {
    const protocol = { 'Sec-WebSocket-Protocol': VIDEO_GATEWAY_PROTOCOL };
    assert.equal(await handshake(relay, protocol), 101);
    assert.equal(await handshake(relay, { ...protocol, Origin: s.config.corsOrigins[0] ?? '' }), 101);
    assert.equal(await handshake(relay, { ...protocol, Origin: 'https://elsewhere.example' }), 403);
    assert.equal(await handshake(relay, { ...protocol, Origin: 'null' }), 403);
  });

  it('the relay answers no info and relays nothing without a call token the API issued', async () => {
    const socket = await open(relay);
    for (const body of [
      { janus: 'info' },
      { janus: 'info', token: joined.gatewayToken },
      { janus: 'create' },
      { janus: 'create', token: 'guess' },
      { janus: 'create', token: 42 },
    ]) {
      const refused = await ask(socket, body);
      assert.equal(refused.janus, 'error', JSON.stringify(body));
      assert.equal(refused.error?.code, 403, JSON.stringify(refused));
      assert.equal(refused.version_string, undefined);
    }
    // The socket stays usable: a call's token opens a session through it.
    assert.equal((await ask(socket, { janus: 'create', token: joined.gatewayToken })).janus, 'success');
  });

  it('the relay closes on what is no Janus request: not JSON 1007, not an object 1007, oversized 1009', async () => {
    const closeCode = (text: string) =>
      new Promise<number>((resolve) => {
        const client = new WebSocket(relay, VIDEO_GATEWAY_PROTOCOL);
        client.once('open', () => client.send(text));
        client.once('close', (code) => resolve(code));
        client.once('error', () => {});
      });
    assert.equal(await closeCode('not json'), 1007);
    assert.equal(await closeCode('[1]'), 1007);
    assert.equal(await closeCode(JSON.stringify({ janus: 'create', token: 'x'.repeat(1 << 17) })), 1009);
  });

  it('the API probe reaches it', async () => {
    const res = await call(s.app, 'GET', API_PATHS.videoGatewayStatus, agent);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().reachable, true);
    assert.equal(res.json().version, '1.1.2');
  });

  it('opens no session without a token the API issued', async () => {
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

  it('the Admin API is on the unix socket only, behind its secret', async () => {
    const admin = await openAdminSocket(path.join(s.dataDir, 'janus', 'admin.sock'));
    sockets.push(admin);
    const refused = await ask(admin, { janus: 'list_tokens' });
    assert.equal(refused.error?.code, 403, JSON.stringify(refused));
    const ws = readFileSync(path.join(s.dataDir, 'janus', 'config', 'janus.transport.websockets.jcfg'), 'utf8');
    assert.match(ws, /admin_ws_unix = /);
    assert.doesNotMatch(ws, /admin_ws_port|admin_wss = true/);
  });

  it('the server created the room; nobody holding a join answer creates or edits one (rec_dir /etc, <DATA_DIR>/uploads)', async () => {
    const room: Record<string, unknown> & VideoJoin['room'] = joined.room;
    const handle = await videoroomHandle(await open(), joined.gatewayToken);
    assert.equal((await handle.message({ request: 'exists', room: room.id })).exists, true);
    // Private: not listed without the admin key.
    const listed = (await handle.message({ request: 'list' })).list as { room: number }[];
    assert.ok(!listed.some((r) => r.room === room.id));
    // Everything the agent's answer holds that could pass for a key (older answers carried both).
    const keys = { admin_key: room.adminKey, secret: room.secret };
    for (const recDir of ['/etc', path.join(s.dataDir, 'uploads')]) {
      const create = {
        request: 'create',
        room: room.id + 500,
        ...VIDEO_ROOM_CREATE_OPTIONS,
        pin: room.pin,
        publishers: VIDEO_MAX_PUBLISHERS,
        record: true,
        rec_dir: recDir,
        ...keys,
      };
      const created = await handle.message(create);
      assert.ok([429, 433].includes(Number(created.error_code)), `create ${recDir}: ${JSON.stringify(created)}`);
      const edited = await handle.message({ request: 'edit', room: room.id, new_rec_dir: recDir, ...keys });
      assert.ok([429, 433].includes(Number(edited.error_code)), `edit ${recDir}: ${JSON.stringify(edited)}`);
    }
    assert.equal((await handle.message({ request: 'exists', room: room.id + 500 })).exists, false);
    const recording = await handle.message({ request: 'enable_recording', room: room.id, record: false, ...keys });
    assert.ok([429, 433].includes(Number(recording.error_code)), JSON.stringify(recording));
  });

  it('a drain closes every relay at once, both sides (1001 going away)', async () => {
    const other = await startServer({ JANUS_URL: url });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (other.app.server.address() as { port: number }).port;
      const client = new WebSocket(`ws://127.0.0.1:${port}${VIDEO_GATEWAY_RELAY_PATH}`, VIDEO_GATEWAY_PROTOCOL);
      await once(client, 'open');
      const closed = once(client, 'close');
      const drain = startDrain(other.app, 30_000);
      assert.equal((await closed)[0], 1001);
      await drain.done;
    } finally {
      await rm(other.dataDir, { recursive: true, force: true });
    }
  });

  it('the applicant enters with the pin; after the call ends their token opens no session and the room is gone', async () => {
    const other = await newPersonalLoan(s.app);
    const started = await call(s.app, 'POST', API_PATHS.startVideoCall, agent, {
      applicationId: other.applicationId,
      record: false,
    });
    assert.equal(started.statusCode, 200, started.body);
    const { call: theCall, room } = started.json<VideoJoin>();
    const applicantJoin = await call(s.app, 'POST', API_PATHS.joinVideoAsApplicant, other.headers, {
      callId: theCall.callId,
    });
    assert.equal(applicantJoin.statusCode, 200, applicantJoin.body);
    const theirs = applicantJoin.json<VideoJoin>();
    const socket = await open();
    const guest = await videoroomHandle(socket, theirs.gatewayToken);
    const join = { request: 'join', ptype: 'publisher', room: room.id, display: theirs.display };
    assert.equal((await guest.message({ ...join, pin: 'guess' })).error_code, 433);
    const inRoom = await guest.message({ ...join, pin: theirs.room.pin });
    assert.equal(inRoom.videoroom, 'joined', JSON.stringify(inRoom));
    assert.equal((await guest.message({ request: 'destroy', room: room.id })).error_code, 429);
    // Permanent: Janus wrote it into the generated configuration folder (mode 0600, the keys' folder).
    // The relay passes the call's token while the call is open.
    const relayed = await open(relay);
    const relayedHandle = await videoroomHandle(relayed, theirs.gatewayToken);
    assert.equal((await relayedHandle.message({ request: 'exists', room: room.id })).exists, true);
    const saved = () => readFileSync(path.join(s.dataDir, 'janus', 'config', 'janus.plugin.videoroom.jcfg'), 'utf8');
    assert.match(saved(), new RegExp(`room-${room.id}`));

    const ended = await call(s.app, 'POST', apiPath('endVideoCall', { callId: theCall.callId }), agent);
    assert.equal(ended.statusCode, 200, ended.body);
    // The token opens no new session, and the session it opened is refused from now on (keepalives too).
    const fresh = await ask(await open(), { janus: 'create', token: theirs.gatewayToken });
    assert.equal(fresh.error?.code, 403, JSON.stringify(fresh));
    // Through the relay as well, answered as Janus answers (its session named, which janus.js needs to settle
    // a destroy): the open connection's requests and a new session are refused.
    assert.equal(
      ((await relayedHandle.message({ request: 'exists', room: room.id })).error as Message['error'])?.code,
      403,
    );
    const destroyed = await ask(relayed, {
      janus: 'destroy',
      session_id: relayedHandle.sessionId,
      token: theirs.gatewayToken,
    });
    assert.equal(destroyed.error?.code, 403, JSON.stringify(destroyed));
    assert.equal(destroyed.session_id, relayedHandle.sessionId, JSON.stringify(destroyed));
    const relayedAgain = await ask(await open(relay), { janus: 'create', token: theirs.gatewayToken });
    assert.equal(relayedAgain.error?.code, 403, JSON.stringify(relayedAgain));
    const keepalive = await ask(socket, {
      janus: 'keepalive',
      session_id: guest.sessionId,
      token: theirs.gatewayToken,
    });
    assert.equal(keepalive.error?.code, 403, JSON.stringify(keepalive));
    const refused = (await guest.message({ request: 'exists', room: room.id })).error as Message['error'];
    assert.equal(refused?.code, 403);
    // The room is destroyed for good (a token of an open call finds it no more).
    const watcher = await videoroomHandle(await open(), joined.gatewayToken);
    assert.equal((await watcher.message({ request: 'exists', room: room.id })).exists, false);
    assert.doesNotMatch(saved(), new RegExp(`room-${room.id}`));
  });
});

describe('the relay with the gateway down', () => {
  let s: TestServer;
  before(async () => {
    // Port 9 (discard): nothing listens there.
    s = await startServer({ JANUS_URL: 'ws://127.0.0.1:9' });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => s?.close());

  it('accepts the browser and closes it at once with 1011, so the page says the service is unavailable', async () => {
    const port = (s.app.server.address() as { port: number }).port;
    const code = await new Promise<number>((resolve) => {
      const client = new WebSocket(`ws://127.0.0.1:${port}${VIDEO_GATEWAY_RELAY_PATH}`, VIDEO_GATEWAY_PROTOCOL);
      client.once('close', (closeCode) => resolve(closeCode));
      client.once('error', () => {});
    });
    assert.equal(code, 1011);
  });
});
