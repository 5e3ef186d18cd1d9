// Server saves, one at a time. A save that fails because the network (or the server) is unreachable is
// kept and retried with backoff and at once when the browser says it is online again; while it waits
// the status is 'offline' ('Saved on this device — will sync when back online'). Only the newest
// waiting save is sent: each save carries the whole application, so older ones add nothing.
import { ApiError } from '@originate/contract';
import { createPromiseQueue } from './promiseQueue';

export type SyncStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'error';

export const OFFLINE_STATUS_TEXT = 'Saved on this device — will sync when back online';

/** A failure of the connection rather than an answer: no ApiError means the server never answered. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  // fetch rejects with a TypeError when nothing answers; ky's own timeout is a TimeoutError.
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}

export interface SaveQueueOptions<R> {
  onStatus(status: SyncStatus): void;
  /** Wait before retry n (0-based): default 1 s doubling to 30 s. */
  backoffMs?(attempt: number): number;
  /** Subscribe to the browser's 'online' event; returns the unsubscribe. */
  onOnline?(listener: () => void): () => void;
  /** Called with a retried save's answer (the first attempt's caller gets it directly). */
  onRetried?(result: R): void;
  /** Called when a retried save is refused by the server. */
  onRetryRefused?(error: unknown): void;
}

export interface SaveQueue<R> {
  /**
   * Sends the save built by `build` (called when its turn comes, so it sees the previous answer).
   * Resolves with the answer, or with null when it failed on the network and waits for a retry
   * (`keepOffline`), or rejects with the server's refusal.
   */
  save(build: () => Promise<R>, opts: { keepOffline: boolean }): Promise<R | null>;
  /** Retry the waiting save now. */
  retryNow(): void;
  readonly waiting: boolean;
  dispose(): void;
}

const defaultBackoff = (attempt: number) => Math.min(30000, 1000 * 2 ** attempt);

function browserOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

export function createSaveQueue<R>(opts: SaveQueueOptions<R>): SaveQueue<R> {
  const queue = createPromiseQueue();
  const backoff = opts.backoffMs ?? defaultBackoff;
  let waiting: (() => Promise<R>) | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      retry();
    }, backoff(attempt));
    attempt += 1;
  };

  const retry = () => {
    const build = waiting;
    if (!build) return;
    void queue.run(async () => {
      // A newer save may have taken its place, or already succeeded, while this waited.
      if (waiting !== build) return;
      opts.onStatus('saving');
      try {
        const result = await build();
        if (waiting === build) waiting = null;
        attempt = 0;
        opts.onStatus('saved');
        opts.onRetried?.(result);
      } catch (error) {
        if (isNetworkError(error)) {
          opts.onStatus('offline');
          schedule();
        } else {
          if (waiting === build) waiting = null;
          opts.onStatus('error');
          opts.onRetryRefused?.(error);
        }
      }
    });
  };

  const unsubscribe = (opts.onOnline ?? browserOnline)(() => {
    attempt = 0;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    retry();
  });

  return {
    save(build, { keepOffline }) {
      if (keepOffline && waiting) {
        // Offline already: the newest state replaces the waiting one and goes with the next retry.
        waiting = build;
        opts.onStatus('offline');
        return Promise.resolve(null);
      }
      return queue.run(async () => {
        opts.onStatus('saving');
        try {
          const result = await build();
          attempt = 0;
          opts.onStatus('saved');
          return result;
        } catch (error) {
          if (keepOffline && isNetworkError(error)) {
            waiting = build;
            opts.onStatus('offline');
            schedule();
            return null;
          }
          opts.onStatus(isNetworkError(error) ? 'offline' : 'error');
          throw error;
        }
      });
    },
    retryNow() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      retry();
    },
    get waiting() {
      return waiting !== null;
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      unsubscribe();
    },
  };
}
