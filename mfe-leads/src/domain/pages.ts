// Which page each menu path of remote.json shows (one exposed module serves every menu entry and picks
// its page from the basename the host routes it under), and where the detail lives.
import { LEAD_DETAIL_PATH, LEAD_LIST_TITLES, type LeadList, leadDetailPath } from '@originate/contract';

export type LeadPage = { kind: 'list'; list: LeadList; title: string } | { kind: 'create'; title: string };

export const PAGES: Readonly<Record<string, LeadPage>> = {
  'leads/my': { kind: 'list', list: 'MY_LEADS', title: LEAD_LIST_TITLES.MY_LEADS },
  'leads/team': { kind: 'list', list: 'TEAM_LEADS', title: LEAD_LIST_TITLES.TEAM_LEADS },
  'leads/new': { kind: 'create', title: 'Create Lead' },
};

/** The page a basename names ('/leads/my' → My Leads), or null for a path no menu entry has. */
export function pageFor(basename: string): LeadPage | null {
  return PAGES[basename.replace(/^\/+|\/+$/g, '')] ?? null;
}

/** Where the host routes a lead's detail (remote.json routes, the contract's LEAD_DETAIL_PATH). */
export const DETAIL_PATH = `/${LEAD_DETAIL_PATH}`;
export const leadPath = leadDetailPath;
/** Where staff work the customer flow of an application (shared STAFF_FLOW_PATH). */
export const staffFlowPath = (applicationId: string) =>
  `/backstage/newapplication?resume=${encodeURIComponent(applicationId)}`;
/** The application detail of mfe-applications (its remote.json route). */
export const applicationPath = (applicationId: string) =>
  `/backstage/application?application_id=${encodeURIComponent(applicationId)}`;
