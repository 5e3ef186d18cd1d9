// Which page each menu path of remote.json shows: one exposed module serves both menu entries and picks
// its page from the basename the host routes it under.
export type ReportsPageKind = 'dashboard' | 'reports';

export const PAGES: Readonly<Record<string, { kind: ReportsPageKind; title: string }>> = {
  dashboard: { kind: 'dashboard', title: 'Dashboard' },
  reports: { kind: 'reports', title: 'Reports' },
};

/** The page a basename names ('/dashboard' → Dashboard), or null for a path no menu entry has. */
export function pageFor(basename: string): { kind: ReportsPageKind; title: string } | null {
  return PAGES[basename.replace(/^\/+|\/+$/g, '')] ?? null;
}
