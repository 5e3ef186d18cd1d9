// The gateway relay (README "Video calls"): browsers reach Janus only through the API, on
// VIDEO_GATEWAY_RELAY_PATH (websocket, subprotocol janus-protocol), never on Janus's own port. Janus answers
// `{"janus":"info"}` before any token check (janus.c), so its websocket stays on loopback (JANUS_URL) and a
// message is relayed only when it carries the gateway token of a call open now: checked per message, because
// a token ends with its call. Janus's answers and events go back as they are.
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { VIDEO_GATEWAY_PROTOCOL, VIDEO_GATEWAY_RELAY_PATH } from '@originate/contract';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { AppContext } from '../../platform/context';
import { openCalls } from './calls';
import { callGatewayToken, gatewayKeysOf } from './keys';

/** The largest message relayed either way: a browser's SDP offer or a room's list stays far below. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Close codes (RFC 6455): not a JSON object, the gateway gone, draining. */
const INVALID_PAYLOAD = 1007;
const GATEWAY_GONE = 1011;
const GOING_AWAY = 1001;
/** Janus's own refusal of a request without a valid token (JANUS_ERROR_UNAUTHORIZED), so janus.js reads it. */
const UNAUTHORIZED = { code: 403, reason: 'Unauthorized request (wrong or missing secret/token)' };

export interface GatewayRelay {
  /** Closes every relayed connection, both sides (drain, app close). */
  close(): void;
}

/** The subprotocols a handshake asks for. */
const protocolsOf = (request: IncomingMessage) =>
  (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());

/** Why a handshake is refused (an HTTP status), or null: the rules socket.io's allowRequest applies, and the subprotocol. */
function refusalOf(request: IncomingMessage, ctx: AppContext): number | null {
  if (ctx.drain.draining) return 503;
  // CORS does not cover a websocket: a page of any other origin is refused; non-browsers send no Origin.
  const { origin } = request.headers;
  if (origin !== undefined && !ctx.config.corsOrigins.includes(origin)) return 403;
  return protocolsOf(request).includes(VIDEO_GATEWAY_PROTOCOL) ? null : 400;
}

function refuse(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Whether this is the gateway token of a call open now. */
async function isOpenCallToken(ctx: AppContext, token: string): Promise<boolean> {
  const { tokenSecret } = await gatewayKeysOf(ctx.config);
  return (await openCalls(ctx.db)).some((call) => callGatewayToken(tokenSecret, call.callId) === token);
}

/**
 * Serves VIDEO_GATEWAY_RELAY_PATH on the API's HTTP server beside socket.io (whose engine ends any other
 * upgrade it does not answer within a second; this one answers at once).
 */
export function attachGatewayRelay(server: Server, ctx: AppContext): GatewayRelay {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: () => VIDEO_GATEWAY_PROTOCOL,
  });
  const relays = new Set<() => void>();

  const relay = (browser: WebSocket) => {
    const gateway = new WebSocket(ctx.config.videoGateway.url, VIDEO_GATEWAY_PROTOCOL, {
      maxPayload: MAX_MESSAGE_BYTES,
      handshakeTimeout: 3000,
    });
    const close = (code: number, reason: string) => {
      relays.delete(closeBoth);
      if (browser.readyState === WebSocket.OPEN) browser.close(code, reason);
      if (gateway.readyState === WebSocket.CONNECTING || gateway.readyState === WebSocket.OPEN) gateway.terminate();
    };
    const closeBoth = () => close(GOING_AWAY, 'the server is stopping');
    relays.add(closeBoth);
    const opened = new Promise<boolean>((resolve) => {
      gateway.once('open', () => resolve(true));
      gateway.once('close', () => resolve(false));
    });
    gateway.on('error', (error) => ctx.log.warn({ err: error }, 'video gateway relay: the gateway failed'));
    gateway.on('message', (data: RawData, isBinary: boolean) => {
      if (browser.readyState === WebSocket.OPEN) browser.send(data, { binary: isBinary });
    });
    gateway.on('close', () => close(GATEWAY_GONE, 'the video gateway is unavailable'));
    browser.on('close', () => close(GOING_AWAY, 'closed'));
    // Oversized frames: ws closes the browser's side itself (1009); the close above ends the gateway's.
    browser.on('error', () => {});

    const handle = async (data: RawData, isBinary: boolean) => {
      let message: unknown;
      try {
        message = isBinary ? null : JSON.parse(data.toString());
      } catch {}
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        return close(INVALID_PAYLOAD, 'not a Janus request');
      }
      const { janus, token, transaction, session_id } = message as Record<string, unknown>;
      const open = typeof token === 'string' && janus !== 'info' && (await isOpenCallToken(ctx, token));
      if (typeof token !== 'string' || !open) {
        // Janus's own refusal, session_id included: janus.js settles a session's destroy only on an answer
        // naming that session (an ended call's agent tears down after its token was removed).
        if (browser.readyState === WebSocket.OPEN) {
          browser.send(JSON.stringify({ janus: 'error', session_id, transaction, error: UNAUTHORIZED }));
        }
        return;
      }
      if (!(await opened)) return close(GATEWAY_GONE, 'the video gateway is unavailable');
      if (gateway.readyState === WebSocket.OPEN) gateway.send(data, { binary: false });
    };
    // One message at a time, in order: each waits for its token's check.
    let queue = Promise.resolve();
    browser.on('message', (data: RawData, isBinary: boolean) => {
      queue = queue
        .then(() => handle(data, isBinary))
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'video gateway relay failed');
          close(GATEWAY_GONE, 'the relay failed');
        });
    });
    // A gateway that is down closes the browser's side at once: the page says the service is unavailable.
    void opened.then((ok) => {
      if (!ok) close(GATEWAY_GONE, 'the video gateway is unavailable');
    });
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // socket.io's path (its engine answers), or nobody's (its engine ends it).
    if (request.url?.split('?')[0] !== VIDEO_GATEWAY_RELAY_PATH) return;
    const status = refusalOf(request, ctx);
    if (status !== null) return refuse(socket, status);
    wss.handleUpgrade(request, socket, head, relay);
  });

  return {
    close() {
      for (const closeBoth of [...relays]) closeBoth();
    },
  };
}
