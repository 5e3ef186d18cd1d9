// The access-token lookup, cached per process (README "Session cache"): every authenticated request looked its
// session and user up in the database, about a fifth of a cheap call's CPU on PGlite and a round trip on
// PostgreSQL. An entry is the lookup's answer with the expiry times of its rows; it is dropped by time (a short
// lifetime, so a missed change could never live long), by size, and by every change to what the lookup reads.

/** What a cached lookup found, with the times after which its rows no longer let it in. */
export interface SessionCacheEntry<T> {
  value: T;
  /** The access token's expires_at. */
  accessExpiresAt: Date;
  /** The session's ends_at (applicant sessions), null when it has none. */
  endsAt: Date | null;
}

/** Whether the rows of an entry still let a request in at `now` (the lookup's own WHERE, on the times it read). */
export function stillLive(entry: Pick<SessionCacheEntry<unknown>, 'accessExpiresAt' | 'endsAt'>, now: Date): boolean {
  return entry.accessExpiresAt > now && (entry.endsAt === null || entry.endsAt > now);
}

/** A lookup read while no change committed: only such an answer may be kept. */
export interface LookupTicket {
  readonly generation: number;
}

interface Held<T> extends SessionCacheEntry<T> {
  /** performance.now() after which the entry is not used (the machine's clock, not the app's: tests move that). */
  diesAt: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Held<T>>();
  /** Moves on at every clear: a lookup that began before a change commits keeps nothing it read. */
  private generation = 0;

  /**
   * `lifetimeMs` 0 keeps nothing (SESSION_CACHE_MS=0). `maxEntries`: past it the oldest entry goes, so a flood of
   * tokens cannot grow the process's memory.
   */
  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The cached answer for a token's hash when its rows still let it in at `now`; undefined means: look it up. */
  get(tokenHash: string, now: Date): T | undefined {
    const held = this.entries.get(tokenHash);
    if (!held) return undefined;
    if (held.diesAt <= this.clock() || !stillLive(held, now)) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return held.value;
  }

  /** Taken before a lookup reads the database; `set` keeps its answer only when nothing was cleared since. */
  ticket(): LookupTicket {
    return { generation: this.generation };
  }

  set(tokenHash: string, entry: SessionCacheEntry<T>, ticket: LookupTicket): void {
    if (this.lifetimeMs === 0 || ticket.generation !== this.generation) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...entry, diesAt: this.clock() + this.lifetimeMs });
  }

  /** Drops everything: a session, token, user or team changed (any row: which tokens it touches is not known here). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
