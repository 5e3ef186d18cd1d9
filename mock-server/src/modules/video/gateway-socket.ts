// A small websocket client (RFC 6455, text frames only) for what the API asks the Janus gateway: whether it
// answers (GET /v3/video/gateway, over the browsers' websocket), and the Admin API over the gateway's unix
// socket (gateway-admin.ts: rooms and call tokens); also for the tests that drive a real Janus. Node 20 has no
// WebSocket client of its own; this keeps the server free of one more dependency.
import { randomBytes } from 'node:crypto';
import { type ClientRequest, request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { VIDEO_GATEWAY_PROTOCOL } from '@originate/contract';

export interface GatewaySocket {
  /** Sends one JSON message as a text frame. */
  send(message: object): void;
  /** The next JSON message the gateway sends (rejects when the socket closes or time runs out). */
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): void;
}

const MAX_MESSAGE_BYTES = 1 << 20;
/** The subprotocol of Janus's Admin API websocket. */
const ADMIN_PROTOCOL = 'janus-admin-protocol';

/** Opens a websocket with the gateway's subprotocol (janus-protocol); rejects when the gateway refuses it. */
export function openGatewaySocket(url: string, timeoutMs = 3000): Promise<GatewaySocket> {
  const target = new URL(url);
  if (target.protocol !== 'ws:' && target.protocol !== 'wss:') {
    return Promise.reject(new Error(`not a websocket URL: ${url}`));
  }
  const request = target.protocol === 'wss:' ? httpsRequest : httpRequest;
  const options = {
    host: target.hostname,
    port: target.port || (target.protocol === 'wss:' ? 443 : 80),
    path: `${target.pathname}${target.search}`,
  };
  return upgrade((headers) => request({ ...options, headers }), url, VIDEO_GATEWAY_PROTOCOL, timeoutMs);
}

/** Opens the gateway's Admin API websocket on its unix socket (subprotocol janus-admin-protocol). */
export function openAdminSocket(socketPath: string, timeoutMs = 3000): Promise<GatewaySocket> {
  const options: RequestOptions = { socketPath, path: '/' };
  return upgrade((headers) => httpRequest({ ...options, headers }), socketPath, ADMIN_PROTOCOL, timeoutMs);
}

function upgrade(
  open: (headers: Record<string, string>) => ClientRequest,
  label: string,
  protocol: string,
  timeoutMs: number,
): Promise<GatewaySocket> {
  return new Promise((resolve, reject) => {
    const req = open({
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      'Sec-WebSocket-Protocol': protocol,
    });
    req.setTimeout(timeoutMs);
    req.once('timeout', () => req.destroy(new Error(`no answer from ${label} within ${timeoutMs} ms`)));
    req.once('error', reject);
    req.once('response', (res) => {
      res.resume();
      reject(new Error(`${label} refused the websocket: HTTP ${res.statusCode}`));
    });
    req.once('upgrade', (res, socket: Socket, head: Buffer) => {
      socket.setTimeout(0);
      if (res.headers['sec-websocket-protocol'] !== protocol) {
        socket.destroy();
        reject(new Error(`${label} did not accept the ${protocol} subprotocol`));
        return;
      }
      resolve(wrap(socket, head));
    });
    req.end();
  });
}

function frame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  if (length < 126) header[1] = 0x80 | length;
  else if (length < 65536) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return Buffer.concat([header, mask, masked]);
}

function wrap(socket: Socket, head: Buffer): GatewaySocket {
  let buffered = head;
  let fragments: Buffer[] = [];
  const messages: Record<string, unknown>[] = [];
  const waiting: { resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void }[] = [];
  let closed: Error | null = null;

  const deliver = (message: Record<string, unknown>) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(message);
    else messages.push(message);
  };
  const fail = (error: Error) => {
    if (closed) return;
    closed = error;
    for (const waiter of waiting.splice(0)) waiter.reject(error);
    socket.destroy();
  };

  const parse = () => {
    for (;;) {
      if (buffered.length < 2) return;
      const first = buffered[0] ?? 0;
      const second = buffered[1] ?? 0;
      let length = second & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return;
        length = Number(buffered.readBigUInt64BE(2));
        offset = 10;
      }
      if (length > MAX_MESSAGE_BYTES) return fail(new Error('gateway message too large'));
      const masked = (second & 0x80) !== 0;
      const start = offset + (masked ? 4 : 0);
      if (buffered.length < start + length) return;
      let payload = buffered.subarray(start, start + length);
      if (masked) {
        const key = buffered.subarray(offset, offset + 4);
        payload = Buffer.from(payload.map((b, i) => b ^ (key[i % 4] ?? 0)));
      }
      buffered = buffered.subarray(start + length);
      const opcode = first & 0x0f;
      const fin = (first & 0x80) !== 0;
      if (opcode === 0x8) return fail(new Error('gateway closed the websocket'));
      if (opcode === 0x9) {
        socket.write(frame(0xa, payload));
        continue;
      }
      if (opcode === 0x1 || opcode === 0x0) {
        fragments.push(Buffer.from(payload));
        if (!fin) continue;
        const text = Buffer.concat(fragments).toString('utf8');
        fragments = [];
        try {
          deliver(JSON.parse(text) as Record<string, unknown>);
        } catch {
          return fail(new Error('gateway sent something that is not JSON'));
        }
      }
    }
  };

  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    parse();
  });
  socket.on('close', () => fail(new Error('gateway websocket closed')));
  socket.on('error', (error) => fail(error));
  parse();

  return {
    send(message) {
      if (closed) throw closed;
      socket.write(frame(0x1, Buffer.from(JSON.stringify(message), 'utf8')));
    },
    next(timeoutMs = 5000) {
      const ready = messages.shift();
      if (ready) return Promise.resolve(ready);
      if (closed) return Promise.reject(closed);
      return new Promise((resolve, reject) => {
        const entry = {
          resolve: (m: Record<string, unknown>) => {
            clearTimeout(timer);
            resolve(m);
          },
          reject: (e: Error) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no message from the gateway within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(entry);
      });
    },
    close() {
      if (closed) return;
      try {
        socket.write(frame(0x8, Buffer.alloc(0)));
      } catch {}
      fail(new Error('closed'));
    },
  };
}

/** Asks the gateway `{"janus":"info"}`: its name and version, or the reason it did not answer. */
export async function gatewayInfo(url: string, timeoutMs = 2000): Promise<Record<string, unknown>> {
  const socket = await openGatewaySocket(url, timeoutMs);
  try {
    const transaction = randomBytes(8).toString('hex');
    socket.send({ janus: 'info', transaction });
    const answer = await socket.next(timeoutMs);
    if (answer.janus !== 'server_info') throw new Error(`gateway answered ${String(answer.janus)} to info`);
    return answer;
  } finally {
    socket.close();
  }
}
