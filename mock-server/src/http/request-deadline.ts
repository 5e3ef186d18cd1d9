// The server's own deadline on every request (README "Hardening"). Node enforces requestTimeout only on
// the connections its internal list still holds as active, on a tick; a request that list no longer holds
// (a stalled body was once seen open at 65 s after a run of other hostile requests) would
// stay open for ever. This timer does not depend on that list: a request not whole within the timeout plus
// one tick after its headers arrived is answered as Node's own timeout is (408, or closed if an answer has
// begun). When Node's check works it answers first and this one finds the connection already ended.
import type { IncomingMessage, Server } from 'node:http';
import { answerClientError } from './errors';

const timedOut = () => Object.assign(new Error('request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/** Installed before socket.io attaches, which then hands this listener only the requests that are not its own. */
export function enforceRequestDeadline(server: Server, deadlineMs: number): void {
  server.on('request', (request: IncomingMessage) => {
    const { socket } = request;
    const timer = setTimeout(() => {
      if (request.complete || socket.destroyed || socket.writableEnded) return;
      answerClientError(timedOut(), socket);
    }, deadlineMs);
    timer.unref();
    // The body read whole (or thrown away whole once the answer went): nothing left to wait for.
    request.once('end', () => clearTimeout(timer));
  });
}
