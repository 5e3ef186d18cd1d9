// A remote published while the page is open: which of the remotes this page loaded have a new release.
import type { RemoteEntry, RemotesManifest } from '@originate/contract';

/** How often the shell asks whether /remotes.json changed (a conditional request: 304 when it did not). */
export const REMOTES_POLL_MS = 60_000;

/** The latest entries of the loaded remotes whose release (the entry URL) changed; a removed remote is not news. */
export function updatedRemotes(loaded: readonly RemoteEntry[], latest: RemotesManifest): RemoteEntry[] {
  const before = new Map(loaded.map((r) => [r.name, r.entry]));
  return latest.remotes.filter((r) => before.has(r.name) && before.get(r.name) !== r.entry);
}

/** 'A new version of Notifications is available'; several remotes are named together. */
export function updateMessage(remotes: readonly Pick<RemoteEntry, 'displayName'>[]): string {
  const names = remotes.map((r) => r.displayName);
  if (names.length <= 1) return `A new version of ${names[0] ?? 'the application'} is available`;
  return `New versions of ${names.slice(0, -1).join(', ')} and ${names.at(-1)} are available`;
}
