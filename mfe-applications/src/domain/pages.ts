// Which page each menu path of remote.json shows: a list (the GraphQL 'list' argument), or the Products,
// Search and Filters pages. One exposed module serves every menu entry and picks its page from the
// basename the host routes it under.
import type { ApplicationList } from '@originate/contract';

export type PageKind =
  | { kind: 'list'; list: ApplicationList; title: string }
  | { kind: 'products' | 'search' | 'filters'; title: string };

export const PAGES: Readonly<Record<string, PageKind>> = {
  'applications/my': { kind: 'list', list: 'MY_APPLICATIONS', title: 'My Applications' },
  'applications/team': { kind: 'list', list: 'TEAM_APPLICATIONS', title: 'Team Applications' },
  'applications/all': { kind: 'list', list: 'ALL', title: 'All Applications' },
  'applications/rejected': { kind: 'list', list: 'REJECTED', title: 'Rejected' },
  'applications/cancelled': { kind: 'list', list: 'CANCELLED', title: 'Cancelled' },
  'applications/approvals': { kind: 'list', list: 'MY_APPROVALS', title: 'My Approvals' },
  'applications/queries': { kind: 'list', list: 'MY_QUERIES', title: 'My Queries' },
  'internal/my': { kind: 'list', list: 'MY_INTERNAL', title: 'My Internal' },
  'internal/new': { kind: 'list', list: 'NEW_INTERNAL', title: 'New Internal' },
  products: { kind: 'products', title: 'Products' },
  search: { kind: 'search', title: 'Search' },
  filters: { kind: 'filters', title: 'Filters' },
};

/** The page a basename names ('/applications/my' → My Applications), or null for a path no menu entry has. */
export function pageFor(basename: string): PageKind | null {
  return PAGES[basename.replace(/^\/+|\/+$/g, '')] ?? null;
}

/** Where the host routes the detail page (remote.json routes) and the staff flow (shared STAFF_FLOW_PATH). */
export const DETAIL_PATH = '/backstage/application';
