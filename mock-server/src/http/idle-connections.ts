// Closing connections that carry no request (README "Hardening"). Node's keep-alive timeout is a socket
// timeout: any byte restarts it, and HTTP/1.1 lets a client send bare CRLFs between requests, which start
// no request, so a client writing "\r\n" every few hundred milliseconds held a connection open for ever.
// This counts time without a request in flight, whatever bytes arrive: a connection idle longer than the
// limit is closed. A request in flight (a socket.io long poll included) and upgraded sockets are never cut.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface ConnectionState {
  inFlight: number;
  /** Whether a request has begun on it: until then the headers' timeout applies (a browser's preconnect). */
  served: boolean;
  /** When the last request on it ended (or it connected); undefined while a request is in flight. */
  idleSince: number | undefined;
}

/**
 * Installed after socket.io attaches (it takes over the 'request' listeners it finds), so this sees every
 * request, socket.io's own included. Returns the function that stops the sweep (the server's close).
 */
export function closeIdleConnections(
  server: Server,
  limits: { idleMs: number; firstRequestMs: number; tickMs: number },
): () => void {
  const connections = new Map<Socket, ConnectionState>();
  const onConnection = (socket: Socket) => {
    connections.set(socket, { inFlight: 0, served: false, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  };
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.inFlight++;
    state.served = true;
    state.idleSince = undefined;
    response.once('close', () => {
      state.inFlight--;
      if (state.inFlight === 0) state.idleSince = Date.now();
    });
  };
  // An upgraded socket (a websocket) is no longer HTTP: its own protocol keeps it alive or ends it.
  const onUpgrade = (_request: IncomingMessage, socket: Socket) => connections.delete(socket);
  server.on('connection', onConnection);
  server.prependListener('request', onRequest);
  server.prependListener('upgrade', onUpgrade);
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      const limit = state.served ? limits.idleMs : limits.firstRequestMs;
      if (state.idleSince !== undefined && now - state.idleSince > limit) socket.destroy();
    }
  }, limits.tickMs);
  sweep.unref();
  return () => {
    clearInterval(sweep);
    server.off('connection', onConnection);
    server.off('request', onRequest);
    server.off('upgrade', onUpgrade);
  };
}
