// Bounded list exports (README "Spreadsheet export"): an export reads and writes every row of a list, the
// heaviest work the API does, and five at once starved every other request. At most
// `running` run at once, `perUser` of them one user's; the rest wait in one queue, in order. A waiting
// export is answered 202 at once with its ticket and how many wait before it, and asks again with the
// ticket after Retry-After until it is its turn: no request is held open while it waits (so no timeout
// cuts a queued export), and a client gone away drops out (a ticket not asked for in TICKET_TTL_MS).
import { randomBytes } from 'node:crypto';
import { TooManyRequestsError } from './errors';

/** Seconds a queued export waits before asking again (the 202's Retry-After). */
export const EXPORT_RETRY_SECONDS = 1;
/** A ticket not asked for again within this time is forgotten: its client has gone. */
const TICKET_TTL_MS = 10 * EXPORT_RETRY_SECONDS * 1000;

export interface ExportLimits {
  running: number;
  perUser: number;
  queue: number;
}

interface Waiting {
  ticket: string;
  userId: string;
  seenAt: number;
}

/** Run now (and call `release` once done, however it ends), or wait: ask again with the ticket. */
export type ExportTurn = { kind: 'run'; release: () => void } | { kind: 'queued'; ticket: string; ahead: number };

function refused(message: string): TooManyRequestsError {
  const error = new TooManyRequestsError(EXPORT_RETRY_SECONDS * 30);
  error.body.message = message;
  return error;
}

export class ExportQueue {
  private readonly runningBy = new Map<string, number>();
  private running = 0;
  private waiting: Waiting[] = [];

  constructor(
    private readonly limits: ExportLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The caller's turn. A new export runs when nothing waits and a place is free; otherwise it joins the
   * queue (429 when the queue is full, or when the user already has `perUser` exports waiting). A waiting
   * export runs when the places free outnumber the exports before it that could take one.
   */
  turn(userId: string, ticket?: string): ExportTurn {
    const now = this.clock();
    this.waiting = this.waiting.filter((w) => now - w.seenAt <= TICKET_TTL_MS);
    let entry = ticket === undefined ? undefined : this.waiting.find((w) => w.ticket === ticket && w.userId === userId);
    if (!entry) {
      if (this.waiting.length >= this.limits.queue) {
        throw refused('Too many exports are waiting: please try again in a minute.');
      }
      if (this.waiting.filter((w) => w.userId === userId).length >= this.limits.perUser) {
        throw refused('Your other export is still waiting its turn: please try again when it has finished.');
      }
      entry = { ticket: randomBytes(16).toString('hex'), userId, seenAt: now };
      this.waiting.push(entry);
    }
    entry.seenAt = now;
    const index = this.waiting.indexOf(entry);
    const before = this.waiting.slice(0, index).filter((w) => this.mayRun(w.userId)).length;
    if (!this.mayRun(userId) || before >= this.limits.running - this.running) {
      return { kind: 'queued', ticket: entry.ticket, ahead: index };
    }
    this.waiting.splice(index, 1);
    this.running++;
    this.runningBy.set(userId, (this.runningBy.get(userId) ?? 0) + 1);
    let released = false;
    return {
      kind: 'run',
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        const left = (this.runningBy.get(userId) ?? 1) - 1;
        if (left > 0) this.runningBy.set(userId, left);
        else this.runningBy.delete(userId);
      },
    };
  }

  private mayRun(userId: string): boolean {
    return (this.runningBy.get(userId) ?? 0) < this.limits.perUser;
  }
}
