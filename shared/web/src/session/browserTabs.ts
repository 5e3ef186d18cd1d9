// The browser halves of the refresh coordinator's dependencies, or undefined where the API is absent
// (jsdom, Node, older browsers): the coordinator then falls back to a per-tab single flight.
import type { RefreshableSession, RefreshCoordinatorDeps } from './refreshCoordinator';

type Deps = RefreshCoordinatorDeps<RefreshableSession>;

export function browserWithLock(): Deps['withLock'] {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  // The lib types the answer as the callback's own return (a promise); the lock resolves with its value.
  return (name, task) => locks.request(name, task) as unknown as ReturnType<typeof task>;
}

export function browserOpenChannel(): Deps['openChannel'] {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  return (name, onMessage) => {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event) => onMessage(event.data);
    return {
      post: (message) => channel.postMessage(message),
      close: () => channel.close(),
    };
  };
}
