// Which page each menu path of remote.json shows: a list (the GraphQL 'list' argument), or the Products,
// Search, Filters and Followed pages. One exposed module serves every menu entry and picks its page from the
// basename the host routes it under.
import { type ApplicationList, APPLICATION_LIST_TITLES as T } from '@originate/contract';

export type PageKind =
  | { kind: 'list'; list: ApplicationList; title: string }
  | { kind: 'products' | 'search' | 'filters' | 'followed'; title: string };

export const PAGES: Readonly<Record<string, PageKind>> = {
  'applications/my': { kind: 'list', list: 'MY_APPLICATIONS', title: T.MY_APPLICATIONS },
  'applications/team': { kind: 'list', list: 'TEAM_APPLICATIONS', title: T.TEAM_APPLICATIONS },
  'applications/all': { kind: 'list', list: 'ALL', title: T.ALL },
  'applications/rejected': { kind: 'list', list: 'REJECTED', title: T.REJECTED },
  'applications/cancelled': { kind: 'list', list: 'CANCELLED', title: T.CANCELLED },
  'applications/approvals': { kind: 'list', list: 'MY_APPROVALS', title: T.MY_APPROVALS },
  'applications/queries': { kind: 'list', list: 'MY_QUERIES', title: T.MY_QUERIES },
  'applications/followed': { kind: 'followed', title: 'Followed' },
  'internal/my': { kind: 'list', list: 'MY_INTERNAL', title: T.MY_INTERNAL },
  'internal/new': { kind: 'list', list: 'NEW_INTERNAL', title: T.NEW_INTERNAL },
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
