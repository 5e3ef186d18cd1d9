// The back-office menu (spec §2 "Back-office menu") composed from the manifest's permitted contributions
// plus the shell's own entries, those behind an admin feature only while it is on. Pure: manifest, roles
// and features in, menu out.
import { type AdminFeatures, isContributionAllowed, type RemoteEntry, type RemotesManifest } from '@originate/contract';
import { permittedRemotes } from '@originate/web/remotes';
import type { AdminFeature } from '../api/configs';
import { SHELL_PAGES } from '../routes/routeTable';

export interface MenuLink {
  kind: 'link';
  id: string;
  label: string;
  /** Path under the back-office root, no leading slash; absent for actions (Logoff). */
  path?: string;
  /** The remote and exposed module rendering the page; absent for the shell's own entries. */
  remote?: RemoteEntry;
  module?: string;
  order: number;
  /** Shown only while this admin feature is on. */
  feature?: AdminFeature;
}

interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  order: number;
  children: MenuLink[];
}

export type MenuItem = MenuLink | MenuGroup;

/**
 * The shell-owned entries at their places in the spec's order (Dashboard; Applications; Leads; Internal;
 * Products; Reports; Notification; Profile; Settings; Logoff; Search; Filters): remotes contribute below
 * 790 and from 900 (Search, Filters), the shell fills 790–820.
 */
const SHELL_MENU: readonly MenuLink[] = [
  {
    kind: 'link',
    id: 'form-preview',
    label: 'Form preview',
    path: SHELL_PAGES.formPreview,
    order: 790,
    feature: 'ApplicationFormPreview',
  },
  { kind: 'link', id: 'profile', label: 'Profile', path: SHELL_PAGES.profile, order: 800 },
  { kind: 'link', id: 'settings', label: 'Settings', path: SHELL_PAGES.settings, order: 810 },
  { kind: 'link', id: 'logoff', label: 'Logoff', order: 820 },
];

export function composeMenu(manifest: RemotesManifest, roles: readonly string[], features: AdminFeatures): MenuItem[] {
  const links: (MenuLink & { group?: string })[] = permittedRemotes(manifest, roles).flatMap((remote) =>
    remote.menu
      .filter((m) => isContributionAllowed(m, roles))
      .map((m) => ({
        kind: 'link' as const,
        id: m.id,
        label: m.label,
        path: m.path.replace(/^\/+|\/+$/g, ''),
        remote,
        module: m.module,
        order: m.order,
        group: m.group,
      })),
  );
  const top: MenuItem[] = [];
  const groups = new Map<string, MenuGroup>();
  for (const { group, ...link } of links) {
    if (!group) {
      top.push(link);
      continue;
    }
    let g = groups.get(group);
    if (!g) {
      // A group sits where its first (lowest-order) child would.
      g = { kind: 'group', id: `group:${group}`, label: group, order: link.order, children: [] };
      groups.set(group, g);
      top.push(g);
    }
    g.children.push(link);
    g.order = Math.min(g.order, link.order);
  }
  for (const g of groups.values()) g.children.sort(byOrder);
  const shell = SHELL_MENU.filter((link) => link.feature === undefined || features[link.feature]);
  return [...top, ...shell].sort(byOrder);
}

function byOrder(a: { order: number; label: string }, b: { order: number; label: string }): number {
  return a.order - b.order || a.label.localeCompare(b.label);
}

/** The menu entry the back office lands on after login (spec §2: the Dashboard, the menu's first entry). */
const LANDING_MENU_ID = 'dashboard';

/** Where '/' goes: the Dashboard's path while the user's menu has it, else null (the shortcuts page). */
export function landingPath(menu: readonly MenuItem[]): string | null {
  const landing = menu.find((i): i is MenuLink => i.kind === 'link' && i.id === LANDING_MENU_ID && !!i.path);
  return landing ? `/${landing.path}` : null;
}
