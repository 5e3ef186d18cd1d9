// The graceful stop on SIGTERM / SIGINT (README "Health and drain"): behind a load balancer a process
// that stops must lose nothing it acknowledged and send its clients elsewhere.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Whether this process drains, and the HTTP requests (socket.io's aside) and upgraded sockets it holds. */
export class DrainState {
  #draining = false;
  readonly #inFlight = new Set<ServerResponse>();
  readonly #upgraded = new Set<Socket>();
  #finished = 0;
  #cut = 0;

  get draining(): boolean {
    return this.#draining;
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Requests answered whole since the drain began, and those whose connection closed before (the timeout). */
  get counts(): { finished: number; cut: number } {
    return { finished: this.#finished, cut: this.#cut };
  }

  /**
   * Called before socket.io attaches: its engine then hands only other requests to this listener. First
   * in line, so a request arriving while draining is marked before any handler can answer it.
   */
  track(server: Server): void {
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      this.#inFlight.add(response);
      if (this.#draining) response.setHeader('connection', 'close');
      response.once('close', () => {
        this.#inFlight.delete(response);
        if (!this.#draining) return;
        if (response.writableFinished) this.#finished++;
        else this.#cut++;
        // A response whose headers left before the drain kept its connection alive: now idle, it goes.
        server.closeIdleConnections();
      });
    });
    server.on('upgrade', (_request: IncomingMessage, socket: Socket) => {
      this.#upgraded.add(socket);
      socket.once('close', () => this.#upgraded.delete(socket));
    });
  }

  /** Readiness fails from now on; every answer not yet begun tells its client to close the connection. */
  start(): void {
    this.#draining = true;
    for (const response of this.#inFlight) {
      if (!response.headersSent) response.setHeader('connection', 'close');
    }
  }

  /** Upgraded connections (websockets) the HTTP server does not count among its own. */
  destroyUpgraded(): void {
    for (const socket of this.#upgraded) socket.destroy();
  }
}

interface DrainReport {
  ms: number;
  /** Requests answered whole while draining (in flight at the signal, or arriving on open connections). */
  finished: number;
  /** Requests whose connection was closed at the timeout (or by their client) before their answer. */
  cut: number;
  /** socket.io connections whose transport was closed, so their clients reconnect. */
  sockets: number;
}

export interface Drain {
  /** Requests in flight when the drain began. */
  inFlight: number;
  sockets: number;
  /** Closes whatever is left now instead of at the timeout (a second signal). */
  force(): void;
  /** Resolves once every connection is closed and the app (database, Redis, workers) with them. */
  done: Promise<DrainReport>;
}

/**
 * Readiness turns 503, the listener stops accepting connections (idle keep-alive ones are closed), each
 * socket.io transport is closed so its client reconnects (through a load balancer, to another
 * process), and requests in flight finish. After `timeoutMs` whatever is left is closed. Only then is
 * the app closed: the database and Redis outlive every request that could still write.
 */
export function startDrain(app: FastifyInstance, timeoutMs: number): Drain {
  const started = performance.now();
  const state = app.ctx.drain;
  state.start();
  const inFlight = state.inFlight;
  const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
  const sockets = app.sockets.reconnectAll();
  // Video gateway relays close both their sides now (janus.js cannot move a session to another process).
  app.gatewayRelay.close();
  const force = () => {
    app.server.closeAllConnections();
    state.destroyUpgraded();
  };
  const timer = setTimeout(force, timeoutMs);
  const done = closed.then(async () => {
    clearTimeout(timer);
    await app.close();
    return { ms: Math.round(performance.now() - started), ...state.counts, sockets };
  });
  return { inFlight, sockets, force, done };
}
