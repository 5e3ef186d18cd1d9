// The shell's reading of the runtime manifest beyond what every host reads (@originate/web/remotes): the pages
// of permitted remotes that are no menu items, routed under the back-office root.
import { isContributionAllowed, type PageRoute, type RemoteEntry, type RemotesManifest } from '@originate/contract';
import { permittedRemotes } from '@originate/web/remotes';

/** Pages of permitted remotes that are no menu items (e.g. the application detail), each with its remote. */
export function permittedRoutes(
  manifest: RemotesManifest,
  roles: readonly string[],
): { remote: RemoteEntry; route: PageRoute }[] {
  return permittedRemotes(manifest, roles).flatMap((remote) =>
    (remote.routes ?? []).filter((r) => isContributionAllowed(r, roles)).map((route) => ({ remote, route })),
  );
}

/** Where the shell's Settings page links to: the permitted remote pages under 'settings/' that carry a label. */
export function settingsLinks(manifest: RemotesManifest, roles: readonly string[]): { path: string; label: string }[] {
  return permittedRoutes(manifest, roles).flatMap(({ route }) =>
    route.path.startsWith('settings/') && route.label ? [{ path: `/${route.path}`, label: route.label }] : [],
  );
}
