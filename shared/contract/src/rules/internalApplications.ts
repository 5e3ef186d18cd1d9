// Applications staff start for a walk-in customer (New Internal) and the resume links they send the
// applicant: who may start one, and when a link may be issued. The server enforces them; the back office
// offers only what they allow.
import { Roles } from '../contracts/constants';
import type { ApplicationStatus, Team } from '../contracts/entities';
import { inTaskTeam } from './teams';

/**
 * Our decision (spec §6 names CPA and BCM without their rights): the branch roles that meet walk-in
 * customers start applications for them. Approvers (BH), operations and developers do not.
 */
export const START_APPLICATION_ROLES: readonly string[] = [Roles.CPA, Roles.BCM];

/** Why these roles may not start an application, or null when they may. */
export function startApplicationRefusal(roles: readonly string[]): string | null {
  return roles.some((role) => START_APPLICATION_ROLES.includes(role))
    ? null
    : `Starting an application needs the role ${START_APPLICATION_ROLES.join(' or ')} (branch staff)`;
}

export const mayStartApplications = (roles: readonly string[]): boolean => startApplicationRefusal(roles) === null;

/**
 * The new application's customer-flow task waits in the product's queue and is the starter's: they can
 * fill it only while one of their teams works that queue (spec §4 'assigned'), so starting is refused
 * otherwise rather than leaving an application nobody can edit.
 */
export function startQueueRefusal(
  teams: readonly Team[],
  product: { product_code: string; queue: readonly Team[] },
): string | null {
  return inTaskTeam(teams, product.queue)
    ? null
    : `You are in none of the teams that work product ${product.product_code}'s applications`;
}

/** What a resume link needs to know of the application. */
export interface ResumeLinkState {
  status: ApplicationStatus;
  submitted: boolean;
  /** Its CUST_FLOW task is In Progress or Pending. */
  customerFlowOpen: boolean;
}

/** Why no resume link may be issued for the application (a conflict with its state), or null. */
export function resumeLinkRefusal(state: ResumeLinkState): string | null {
  if (state.submitted) return 'The application has already been submitted: there is nothing left to resume';
  if (state.status !== 'ACTIVE') return `The application is ${state.status}: it cannot be resumed`;
  if (!state.customerFlowOpen) return 'The application has no open customer-flow task to resume';
  return null;
}

/** How long a link staff issue works (a consumer save's own token lives 7 days): long enough for a weekend. */
export const STAFF_RESUME_LINK_HOURS = 72;
