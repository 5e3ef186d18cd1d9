// The browser adapters: absent APIs give undefined (jsdom has neither), present ones are used as they are.
// Node's own BroadcastChannel stands in for the browser's.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { browserOpenChannel, browserWithLock } from './browserTabs';
import { createRefreshCoordinator, type RefreshableSession } from './refreshCoordinator';

const globals = globalThis as { BroadcastChannel?: unknown };

afterEach(() => {
  delete globals.BroadcastChannel;
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
});

const nextMessage = (channel: { onmessage: unknown }) =>
  new Promise<unknown>((resolve) => {
    channel.onmessage = (event: { data: unknown }) => resolve(event.data);
  });

describe('browser adapters', () => {
  it('are absent without Web Locks and BroadcastChannel', () => {
    expect(browserWithLock()).toBeUndefined();
    expect(browserOpenChannel()).toBeUndefined();
  });

  it('run a task under navigator.locks and answer its value', async () => {
    const request = jest.fn((_name: string, task: () => Promise<string>) => task());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    await expect(browserWithLock()?.('lock-1', async () => 'done')).resolves.toBe('done');
    expect(request).toHaveBeenCalledWith('lock-1', expect.any(Function));
  });

  it('post to and hear from the other channels of the name', async () => {
    globals.BroadcastChannel = NodeBroadcastChannel;
    const peer = new NodeBroadcastChannel('chan-1');
    let heard: (message: unknown) => void = () => undefined;
    const atChannel = new Promise<unknown>((resolve) => {
      heard = resolve;
    });
    const channel = browserOpenChannel()?.('chan-1', (message) => heard(message));
    const atPeer = nextMessage(peer);
    channel?.post({ type: 'ended' });
    await expect(atPeer).resolves.toEqual({ type: 'ended' });
    peer.postMessage({ n: 1 });
    await expect(atChannel).resolves.toEqual({ n: 1 });
    channel?.close();
    peer.close();
  });

  it('with a real channel, a tab granted the lock before the rotation message arrives still adopts it', async () => {
    globals.BroadcastChannel = NodeBroadcastChannel;
    const openChannel = browserOpenChannel();
    let lock: Promise<unknown> = Promise.resolve();
    const withLock = <T>(_name: string, task: () => Promise<T>) => {
      const granted = lock.then(task);
      lock = granted.catch(() => undefined);
      return granted;
    };
    let rotations = 0;
    const tab = () => {
      const state: { session: RefreshableSession | null } = {
        session: { sessionid: 's1', refresh_token: 'r0', issuedAt: 1 },
      };
      const coordinator = createRefreshCoordinator<RefreshableSession>({
        withLock,
        openChannel,
        read: () => state.session,
        adopt: (next) => {
          state.session = next;
        },
        end: () => undefined,
        rotate: async (current) => ({ ...current, refresh_token: `r${++rotations}`, issuedAt: 2 }),
      });
      coordinator.follow('s1');
      return { state, coordinator };
    };
    const [a, b] = [tab(), tab()];
    try {
      const both = await Promise.all([a.coordinator.refresh(), b.coordinator.refresh()]);
      expect(rotations).toBe(1);
      expect(both.map((s) => s.refresh_token)).toEqual(['r1', 'r1']);
      expect(b.state.session?.refresh_token).toBe('r1');
    } finally {
      // Open channels would keep jest running.
      a.coordinator.follow(null);
      b.coordinator.follow(null);
    }
  });
});
