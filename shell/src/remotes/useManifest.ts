// The paths the manifest contributes, for the shell's routing (the manifest itself: @originate/web/remotes).
import { useManifest } from '@originate/web/remotes';

/** Every contributed page path (permitted or not: the guard and the menu decide access). */
export function useContributedPaths(): string[] {
  return useManifest().manifest.remotes.flatMap((r) => [...r.menu, ...(r.routes ?? [])].map((m) => m.path));
}
