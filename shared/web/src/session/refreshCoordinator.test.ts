// Tabs simulated in one realm: a fake lock manager (FIFO per name, granted at once on release) and a
// fake BroadcastChannel (delivered a macrotask later, in post order), so a lock can reach the next tab
// before the rotation message does, as it can in a browser.
import {
  type CrossTabChannel,
  createRefreshCoordinator,
  NO_SESSION_TO_REFRESH,
  parseSessionMessage,
  type RefreshableSession,
  type RefreshCoordinatorDeps,
  refreshLockName,
  sessionChannelName,
  supersedes,
} from './refreshCoordinator';

interface TestSession extends RefreshableSession {
  access_token: string;
}

const initial: TestSession = { sessionid: 'sess-1', refresh_token: 'r0', access_token: 'a0', issuedAt: 100 };

/** The server: rotation, and a used refresh token presented again is refused. */
function fakeServer() {
  const used = new Set<string>();
  let issued = 0;
  const server = {
    calls: [] as string[],
    async rotate(session: TestSession): Promise<TestSession> {
      server.calls.push(session.refresh_token);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (used.has(session.refresh_token)) throw new Error('Invalid user');
      used.add(session.refresh_token);
      issued += 1;
      return {
        ...session,
        refresh_token: `r${issued}`,
        access_token: `a${issued}`,
        issuedAt: initial.issuedAt + issued,
      };
    },
  };
  return server;
}

function fakeBrowser() {
  const tails = new Map<string, Promise<unknown>>();
  const listeners = new Map<string, Set<{ onMessage: (message: unknown) => void }>>();
  const locksRequested: string[] = [];
  const withLock = <T>(name: string, task: () => Promise<T>): Promise<T> => {
    locksRequested.push(name);
    const granted = (tails.get(name) ?? Promise.resolve()).then(task);
    tails.set(
      name,
      granted.catch(() => undefined),
    );
    return granted;
  };
  const openChannel = (name: string, onMessage: (message: unknown) => void): CrossTabChannel => {
    const self = { onMessage };
    const peers = listeners.get(name) ?? new Set();
    listeners.set(name, peers.add(self));
    return {
      post: (message) => {
        for (const peer of peers) {
          if (peer !== self) setTimeout(() => peers.has(peer) && peer.onMessage(structuredClone(message)), 0);
        }
      },
      close: () => peers.delete(self),
    };
  };
  return { withLock, openChannel, locksRequested };
}

type Browser = Pick<RefreshCoordinatorDeps<TestSession>, 'withLock' | 'openChannel'>;

/** One tab: its own stored session, following it as the wiring does. */
function tab(browser: Browser, server: ReturnType<typeof fakeServer>, session: TestSession | null = initial) {
  const state = { session, ended: 0 };
  const coordinator = createRefreshCoordinator<TestSession>({
    ...browser,
    read: () => state.session,
    adopt: (next) => {
      state.session = next;
    },
    end: () => {
      state.session = null;
      state.ended += 1;
      coordinator.follow(null);
    },
    rotate: (current) => server.rotate(current),
  });
  coordinator.follow(session?.sessionid ?? null);
  return { state, coordinator };
}

/** Lets every queued channel delivery (and what it triggers) run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('refresh coordinator across tabs', () => {
  it('two tabs refreshing at once rotate once over the network and end with the same new tokens', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const [a, b] = [tab(browser, server), tab(browser, server)];
    const [fromA, fromB] = await Promise.all([a.coordinator.refresh(), b.coordinator.refresh()]);
    expect(server.calls).toEqual(['r0']);
    expect(fromA).toMatchObject({ refresh_token: 'r1', access_token: 'a1' });
    expect(fromB).toEqual(fromA);
    expect(a.state.session).toEqual(fromA);
    expect(b.state.session).toEqual(fromA);
    expect(browser.locksRequested).toEqual([refreshLockName('sess-1'), refreshLockName('sess-1')]);
  });

  it('a tab that takes the lock after a rotation adopts it even when the lock beats the message', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const [a, b] = [tab(browser, server), tab(browser, server)];
    const rotating = a.coordinator.refresh();
    // B asks while A holds the lock: it is granted the moment A releases, before A's message is delivered.
    await Promise.resolve();
    const waiting = b.coordinator.refresh();
    await rotating;
    expect(b.state.session?.refresh_token).toBe('r0');
    await expect(waiting).resolves.toMatchObject({ refresh_token: 'r1' });
    expect(server.calls).toEqual(['r0']);
  });

  it('a tab that is not refreshing adopts a rotation it hears, and ignores an older one', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const [a, b] = [tab(browser, server), tab(browser, server)];
    await a.coordinator.refresh();
    await a.coordinator.refresh();
    await flush();
    expect(b.state.session).toEqual(a.state.session);
    expect(b.state.session?.refresh_token).toBe('r2');
    // The next refresh from B presents the live token.
    await b.coordinator.refresh();
    expect(server.calls).toEqual(['r0', 'r1', 'r2']);
  });

  it('tabs of another session hear nothing', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const a = tab(browser, server);
    const other = tab(browser, server, { ...initial, sessionid: 'sess-2' });
    await a.coordinator.refresh();
    a.coordinator.announceEnd();
    await flush();
    expect(other.state.session).toMatchObject({ sessionid: 'sess-2', refresh_token: 'r0' });
    expect(other.state.ended).toBe(0);
  });

  it('an ended session is heard by every tab sharing it, once', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const [a, b, c] = [tab(browser, server), tab(browser, server), tab(browser, server)];
    a.coordinator.announceEnd();
    a.coordinator.follow(null);
    await flush();
    expect([b.state.session, c.state.session]).toEqual([null, null]);
    expect([a.state.ended, b.state.ended, c.state.ended]).toEqual([0, 1, 1]);
  });

  it('a failed rotation releases the lock and the waiting tab then rotates itself', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const failing = tab(browser, { ...server, rotate: () => Promise.reject(new Error('Failed to fetch')) });
    const b = tab(browser, server);
    const results = await Promise.allSettled([failing.coordinator.refresh(), b.coordinator.refresh()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(server.calls).toEqual(['r0']);
    expect(b.state.session?.refresh_token).toBe('r1');
  });

  it('refuses to refresh without a session, and when the session ends while waiting for the lock', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    await expect(tab(browser, server, null).coordinator.refresh()).rejects.toThrow(NO_SESSION_TO_REFRESH);
    const [a, b] = [tab(browser, server), tab(browser, server)];
    const rotating = a.coordinator.refresh();
    await Promise.resolve();
    const waiting = b.coordinator.refresh();
    b.state.session = null;
    await rotating;
    await expect(waiting).rejects.toThrow(NO_SESSION_TO_REFRESH);
    expect(server.calls).toEqual(['r0']);
  });

  it('a session ended while the tab waits for its probe fails the refresh and frees the lock', async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const [a, b] = [tab(browser, server), tab(browser, server)];
    const refreshing = b.coordinator.refresh();
    // Posted before B's probe, so B hears it (and stops listening) before the probe could come back.
    a.coordinator.announceEnd();
    await expect(refreshing).rejects.toThrow(NO_SESSION_TO_REFRESH);
    expect(server.calls).toEqual([]);
    await expect(browser.withLock(refreshLockName('sess-1'), async () => 'free')).resolves.toBe('free');
  });
});

describe('refresh coordinator without Web Locks or BroadcastChannel', () => {
  it('single-flights concurrent refreshes in the tab, and rotates again once that one is done', async () => {
    const server = fakeServer();
    const only = tab({}, server);
    const all = await Promise.all([only.coordinator.refresh(), only.coordinator.refresh(), only.coordinator.refresh()]);
    expect(server.calls).toEqual(['r0']);
    expect(new Set(all.map((s) => s.refresh_token))).toEqual(new Set(['r1']));
    await only.coordinator.refresh();
    expect(server.calls).toEqual(['r0', 'r1']);
    expect(() => only.coordinator.announceEnd()).not.toThrow();
  });
});

describe('channel messages', () => {
  it('are keyed by session id', () => {
    expect(sessionChannelName('s9')).toBe('originate.session:s9');
    expect(refreshLockName('s9')).toBe('originate.session-refresh:s9');
  });

  it('parse only the shapes the coordinator posts', () => {
    expect(parseSessionMessage({ type: 'ended' })).toEqual({ type: 'ended' });
    expect(parseSessionMessage({ type: 'sync', nonce: 'n1' })).toEqual({ type: 'sync', nonce: 'n1' });
    expect(parseSessionMessage({ type: 'rotated', session: initial })).toEqual({ type: 'rotated', session: initial });
    for (const junk of [null, 'ended', { type: 'sync' }, { type: 'rotated', session: { sessionid: 's' } }, {}]) {
      expect(parseSessionMessage(junk)).toBeNull();
    }
  });

  it('a heard rotation supersedes only the same session with other, not older, tokens', () => {
    const newer = { ...initial, refresh_token: 'r1', issuedAt: 200 };
    expect(supersedes(newer, initial)).toBe(true);
    expect(supersedes(initial, newer)).toBe(false);
    expect(supersedes(initial, initial)).toBe(false);
    expect(supersedes({ ...newer, sessionid: 'sess-2' }, initial)).toBe(false);
    expect(supersedes(newer, null)).toBe(false);
  });
});
