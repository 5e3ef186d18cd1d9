// The runtime remotes manifest (/remotes.json, the contract's RemotesManifest): fetched, checked, never built in.
// Every page that hosts remotes reads it the same way: the shell, and the applicants' portal for its slots.
import type { RemoteEntry, RemoteSlot, RemotesManifest } from '@originate/contract';
import { isRemotesManifestInOrder } from '@originate/contract/remote-manifest-check';

/**
 * Checks a /remotes.json body against the contract's schema; a remote of the wrong shape is left out, logged.
 * A manifest in order passes the contract's plain check; only one that is not loads the schemas and their checker
 * (TypeBox, about 30 KiB br, never on a first screen) to keep the good entries and name each refused one's fields.
 */
export async function parseManifest(body: unknown): Promise<RemotesManifest> {
  if (isRemotesManifestInOrder(body)) return body;
  const { parseRemotesManifest } = await import('@originate/contract/remote-manifest');
  return parseRemotesManifest(body, 'remotes manifest', (error) =>
    console.error(`[remotes] left out: ${error.message}`),
  );
}

export async function fetchManifest(url: string): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes manifest: ${url} answered ${response.status}`);
  return parseManifest(await response.json());
}

/** Remotes the user may load: requiredRoles empty, or the user holds one of them. */
export function permittedRemotes(manifest: RemotesManifest, roles: readonly string[]): RemoteEntry[] {
  return manifest.remotes.filter((r) => r.requiredRoles.length === 0 || r.requiredRoles.some((x) => roles.includes(x)));
}

/** The permitted remote filling a slot, and the module it fills it with. */
export function slotProvider(
  manifest: RemotesManifest,
  roles: readonly string[],
  slot: RemoteSlot,
): { remote: RemoteEntry; module: string } | null {
  for (const remote of permittedRemotes(manifest, roles)) {
    const module = remote.slots?.[slot];
    if (module) return { remote, module };
  }
  return null;
}
