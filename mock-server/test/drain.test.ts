// The drain on SIGTERM (README "Health and drain"), on the real server as a child process: readiness
// turns 503 on a connection opened before the signal, a new connection is refused, a request in flight
// finishes and its write is in the database afterwards, socket.io clients see 'transport close' (so
// they reconnect) and the process exits 0. The request is held in flight deterministically: it asks
// `Expect: 100-continue` and sends its body only once the drain has begun.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { APPLICATIONS_NAMESPACE, FromServer, SOCKET_PATH } from '@originate/contract';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db';
import { seededDataDir, TEST_PGLITE } from './harness/seeded';
import { type ChildServer, httpLogin, type Session, spawnServer } from './harness/server';

/** A raw HTTP/1.1 connection: what the server writes, as text, and whether it closed. */
class Raw {
  text = '';
  readonly closed: Promise<void>;
  private readonly waiters: (() => void)[] = [];

  private constructor(readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.text += chunk;
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static open(port: number): Promise<Raw> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => resolve(new Raw(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): void {
    this.socket.write(text, 'latin1');
  }

  /** Resolves once the text read so far satisfies `done`; the connection closing first is a failure. */
  async until(done: (text: string) => boolean, what: string): Promise<void> {
    while (!done(this.text)) {
      const more = new Promise<void>((resolve) => this.waiters.push(resolve));
      const closed = this.closed.then(() => {
        if (!done(this.text)) throw new Error(`connection closed before ${what}; read: ${JSON.stringify(this.text)}`);
      });
      await Promise.race([more, closed]);
    }
  }

  /** Takes the first whole answer (framed by Content-Length) off the text read. */
  async answer(): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const parse = (text: string) => {
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (text.length < end + 4 + length) return null;
      return {
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: text.slice(end + 4, end + 4 + length),
        rest: text.slice(end + 4 + length),
      };
    };
    await this.until((text) => parse(text) !== null, 'a whole answer');
    const { rest, ...answer } = parse(this.text) ?? { rest: '', status: 0, headers: {}, body: '' };
    this.text = rest;
    return answer;
  }
}

/** Whether a new TCP connection is accepted; resolves with the error code when it is not. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** GET on a connection of its own (no pooled one), so its answer proves the server read what came before. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .once('error', reject);
  });
}

const headerLines = (session: Session) =>
  Object.entries(session.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

/** A PUT of one Drain config whose body waits for the server's 100 Continue, then for `send()`. */
async function heldPut(port: number, admin: Session, name: string) {
  const body = JSON.stringify({ savedWhileDraining: name });
  const raw = await Raw.open(port);
  raw.write(
    `PUT /setup/configs/Drain/${name} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headerLines(admin)}` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  // Node has parsed the headers and handed the request to the app, which now waits for its body.
  await raw.until((text) => text.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), '100 Continue');
  raw.text = raw.text.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
  return { raw, send: () => raw.write(body) };
}

function openSocket(server: ChildServer, who: Session, namespace = ''): Socket {
  // Reconnection on (the default): the point is that the client would come back by itself.
  return io(`${server.url}${namespace}`, {
    path: SOCKET_PATH,
    auth: { token: who.headers.access_token, sessionId: who.headers.sessionid },
    transports: ['websocket'],
    forceNew: true,
  });
}

/** The reason of the socket's next disconnect, and whether the client then tries to reconnect by itself. */
const nextDisconnect = (socket: Socket) =>
  new Promise<{ reason: string; reconnects: boolean }>((resolve) =>
    socket.once('disconnect', (reason) => {
      if (!socket.active) return resolve({ reason, reconnects: false });
      socket.io.once('reconnect_attempt', () => {
        // It would keep trying this (gone) server: the test is over for it.
        socket.disconnect();
        resolve({ reason, reconnects: true });
      });
    }),
  );

/**
 * One data directory for the file, a copy of the seeded template: every start finds it seeded. The default seed's
 * template, which the suite's other PGlite files (durability, messages, the customer flow) copy too: a seed of its
 * own cost this file a PGlite seed of a template that nothing else used.
 */
let dataDir: string;
before(async () => {
  dataDir = await seededDataDir();
});
after(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = (drainTimeoutMs: number) => spawnServer({ DATA_DIR: dataDir, DRAIN_TIMEOUT_MS: String(drainTimeoutMs) });

describe('SIGTERM drains the server', () => {
  let server: ChildServer;
  let port: number;

  before(async () => {
    server = await start(120_000);
    port = Number(new URL(server.url).port);
  });

  after(async () => {
    await server?.kill9();
  });

  it('answers /healthz and /readyz, uncached', async () => {
    for (const [route, status] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ] as const) {
      const res = await fetch(`${server.url}${route}`);
      assert.equal(res.status, 200, route);
      assert.deepEqual(await res.json(), { status }, route);
      assert.equal(res.headers.get('cache-control'), 'no-store', route);
    }
  });

  it('finishes the request in flight, answers 503 on an open connection, refuses new ones, sends sockets away, exits 0', async () => {
    const admin = await httpLogin(server.url, 'opsadmin');
    const officer = await httpLogin(server.url, 'officer');
    const bell = openSocket(server, officer);
    const lists = openSocket(server, officer, APPLICATIONS_NAMESPACE);
    await Promise.all([
      new Promise<void>((resolve) => bell.once(FromServer.NOTIFICATION, () => resolve())),
      new Promise<void>((resolve) => lists.once('connect', () => resolve())),
    ]);
    const socketsClosed = Promise.all([nextDisconnect(bell), nextDisconnect(lists)]);

    const put = await heldPut(port, admin, 'in-flight');

    // A keep-alive connection: one answer, then the next request's first lines, the rest after the signal.
    const probe = await Raw.open(port);
    probe.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const before = await probe.answer();
    assert.equal(before.status, 200);
    assert.equal(before.headers.connection, 'keep-alive');
    probe.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    // Answered on a new connection, so the server has read the probe's partial request by now: that
    // connection is busy, not idle, when the drain closes idle ones.
    assert.equal((await getOnNewConnection(`${server.url}/healthz`)).status, 200);

    server.signal('SIGTERM');
    await server.printed('mock-server draining on SIGTERM');
    assert.match(server.output(), /1 request in flight, 2 socket\.io connections told to reconnect/);

    assert.equal(await connectOutcome(port), 'ECONNREFUSED', 'a new connection after SIGTERM');

    assert.deepEqual(await socketsClosed, [
      { reason: 'transport close', reconnects: true },
      { reason: 'transport close', reconnects: true },
    ]);

    probe.write('\r\n');
    const during = await probe.answer();
    assert.equal(during.status, 503);
    assert.deepEqual(JSON.parse(during.body), { status: 'not-ready', reasons: ['draining'] });
    assert.equal(during.headers.connection, 'close');
    assert.equal(during.headers['cache-control'], 'no-store');
    await probe.closed;

    put.send();
    const saved = await put.raw.answer();
    assert.equal(saved.status, 200, saved.body);
    assert.equal(saved.headers.connection, 'close');
    await put.raw.closed;

    assert.deepEqual(await server.exit, { code: 0, signal: null });
    assert.match(
      server.output(),
      /mock-server drained in \d+ ms: 2 requests finished, 0 cut off, 2 socket\.io connections told to reconnect; database closed/,
    );

    // The acknowledged write is in the database the server closed.
    const db = await openDb(loadConfig({ ...TEST_PGLITE, DATA_DIR: dataDir }));
    try {
      const rows = await db.query<{ value: unknown }>('SELECT value FROM configs WHERE type = $1 AND name = $2', [
        'Drain',
        'in-flight',
      ]);
      assert.deepEqual(rows, [{ value: { savedWhileDraining: 'in-flight' } }]);
    } finally {
      await db.close();
    }
  });
});

describe('what is left when the drain ends', () => {
  it('after DRAIN_TIMEOUT_MS a request still waiting for its body is cut off, and the process exits 0', async () => {
    const server = await start(200);
    try {
      const port = Number(new URL(server.url).port);
      const put = await heldPut(port, await httpLogin(server.url, 'opsadmin'), 'never-sent');
      server.signal('SIGTERM');
      await put.raw.closed;
      assert.equal(put.raw.text, '', 'no answer: the request never arrived whole');
      assert.deepEqual(await server.exit, { code: 0, signal: null });
      assert.match(server.output(), /mock-server drained in \d+ ms: 0 requests finished, 1 cut off/);
    } finally {
      await server.kill9();
    }
  });

  it('a second signal closes what is left at once', async () => {
    const server = await start(600_000);
    try {
      const port = Number(new URL(server.url).port);
      const put = await heldPut(port, await httpLogin(server.url, 'opsadmin'), 'never-sent');
      server.signal('SIGTERM');
      await server.printed('mock-server draining on SIGTERM');
      server.signal('SIGINT');
      await put.raw.closed;
      assert.deepEqual(await server.exit, { code: 0, signal: null });
      assert.match(server.output(), /SIGINT while draining: closing what is left now/);
      assert.match(server.output(), /0 requests finished, 1 cut off/);
    } finally {
      await server.kill9();
    }
  });
});
