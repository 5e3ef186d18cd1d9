// Token refresh once across the tabs that share a session. A duplicated tab or window.open copies
// sessionStorage, so several tabs can hold the same refresh token; the server rotates on every
// refresh and treats a used token presented again as theft (it revokes the session). So refreshes
// are serialised per session id (Web Locks) and each rotation is published (BroadcastChannel) for
// the other tabs to adopt. Browser APIs are injected: without them, refresh is single-flight per tab.

import type { SessionData } from '@originate/contract';

export interface RefreshableSession extends Pick<SessionData, 'sessionid' | 'refresh_token'> {
  /** Epoch ms the tokens were issued: orders rotations heard out of order. */
  issuedAt: number;
}

export interface CrossTabChannel {
  post(message: unknown): void;
  close(): void;
}

export interface RefreshCoordinatorDeps<S extends RefreshableSession> {
  /** Runs `task` holding the named lock across tabs (navigator.locks.request); absent where Web Locks are. */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /** Opens a channel to the same-origin tabs (BroadcastChannel); absent where BroadcastChannel is. */
  openChannel?: (name: string, onMessage: (message: unknown) => void) => CrossTabChannel;
  /** The tab's current session. */
  read: () => S | null;
  /** Stores a rotated session (this tab's own or one heard from another tab). */
  adopt: (session: S) => void;
  /** Drops the session locally (another tab ended it). */
  end: () => void;
  /** The network refresh: presents the session's refresh token, answers the rotated session. */
  rotate: (session: S) => Promise<S>;
}

export interface RefreshCoordinator<S extends RefreshableSession> {
  /** Rotates the tokens once: concurrent calls in this tab and in tabs sharing the session share one rotation. */
  refresh(): Promise<S>;
  /** Listens to the tabs sharing this session id (null: to none). Call whenever the session changes. */
  follow(sessionId: string | null): void;
  /** Tells the tabs sharing the followed session that it has ended. */
  announceEnd(): void;
}

export type SessionMessage<S> = { type: 'rotated'; session: S } | { type: 'ended' } | { type: 'sync'; nonce: string };

export const refreshLockName = (sessionId: string) => `originate.session-refresh:${sessionId}`;
export const sessionChannelName = (sessionId: string) => `originate.session:${sessionId}`;

export const NO_SESSION_TO_REFRESH = 'refreshSession: there is no session to refresh';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A channel message we understand, or null (channels carry whatever same-origin code posts). */
export function parseSessionMessage<S extends RefreshableSession>(data: unknown): SessionMessage<S> | null {
  if (!isRecord(data)) return null;
  if (data.type === 'ended') return { type: 'ended' };
  if (data.type === 'sync' && typeof data.nonce === 'string') return { type: 'sync', nonce: data.nonce };
  const session = data.session;
  if (
    data.type === 'rotated' &&
    isRecord(session) &&
    typeof session.sessionid === 'string' &&
    typeof session.refresh_token === 'string' &&
    typeof session.issuedAt === 'number'
  ) {
    return { type: 'rotated', session: session as unknown as S };
  }
  return null;
}

/** Whether a heard rotation replaces what the tab holds: same session, other tokens, not older. */
export function supersedes(heard: RefreshableSession, held: RefreshableSession | null): boolean {
  return (
    held !== null &&
    heard.sessionid === held.sessionid &&
    heard.refresh_token !== held.refresh_token &&
    heard.issuedAt >= held.issuedAt
  );
}

export function createRefreshCoordinator<S extends RefreshableSession>(
  deps: RefreshCoordinatorDeps<S>,
): RefreshCoordinator<S> {
  let inFlight: Promise<S> | null = null;
  let followed: { sessionId: string; channel: CrossTabChannel } | null = null;
  const syncs = new Map<string, () => void>();
  let syncCount = 0;
  const tabId = Math.random().toString(36).slice(2);

  const onMessage = (data: unknown) => {
    const message = parseSessionMessage<S>(data);
    if (message?.type === 'rotated' && supersedes(message.session, deps.read())) deps.adopt(message.session);
    else if (message?.type === 'ended' && deps.read()?.sessionid === followed?.sessionId) deps.end();
    else if (message?.type === 'sync') syncs.get(message.nonce)?.();
  };

  /**
   * Lets every message already posted on the session's channel land. A tab posts its rotation before
   * releasing the lock, but the lock can reach the next tab before the message does; a probe posted
   * now on the same channel travels behind it, so once the probe is back the rotation is in (should a
   * browser ever reorder them, the server's reuse grace answers the same pair).
   */
  const settle = (): Promise<void> => {
    const openChannel = deps.openChannel;
    if (!followed || !openChannel) return Promise.resolve();
    const nonce = `${tabId}-${++syncCount}`;
    const probe = openChannel(sessionChannelName(followed.sessionId), () => undefined);
    return new Promise<void>((resolve) => {
      syncs.set(nonce, resolve);
      probe.post({ type: 'sync', nonce } satisfies SessionMessage<S>);
    }).finally(() => {
      syncs.delete(nonce);
      probe.close();
    });
  };

  const rotateOnce = async (presented: S): Promise<S> => {
    await settle();
    const current = deps.read();
    if (!current || current.sessionid !== presented.sessionid) throw new Error(NO_SESSION_TO_REFRESH);
    // Another tab rotated while this one waited: its pair is ours now, and our token is used up.
    if (current.refresh_token !== presented.refresh_token) return current;
    const next = await deps.rotate(current);
    deps.adopt(next);
    followed?.channel.post({ type: 'rotated', session: next } satisfies SessionMessage<S>);
    return next;
  };

  const run = (): Promise<S> => {
    const presented = deps.read();
    if (!presented) return Promise.reject(new Error(NO_SESSION_TO_REFRESH));
    const task = () => rotateOnce(presented);
    return deps.withLock ? deps.withLock(refreshLockName(presented.sessionid), task) : task();
  };

  return {
    refresh() {
      inFlight ??= run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },

    follow(sessionId) {
      if (followed?.sessionId === sessionId) return;
      // A probe cannot come back on a closed channel: stop waiting rather than hold the lock for good.
      for (const done of syncs.values()) done();
      followed?.channel.close();
      followed = null;
      if (sessionId !== null && deps.openChannel) {
        followed = { sessionId, channel: deps.openChannel(sessionChannelName(sessionId), onMessage) };
      }
    },

    announceEnd() {
      followed?.channel.post({ type: 'ended' } satisfies SessionMessage<S>);
    },
  };
}
