// Pure permission, access and assignment rules of spec sections 4 and 6.
import { API_PATHS } from '../contracts/apiPaths';
import { Roles } from '../contracts/constants';
import type { Application, AssignmentInfo, User } from '../contracts/entities';
import { inTaskTeam } from './teams';

/** A feature is allowed when the required name is empty or the user's roles include it (spec §6). */
export function isFeatureAllowed(required: string | null | undefined, roles: readonly string[]): boolean {
  return !required || roles.includes(required);
}

/**
 * A remote's menu item or page (remote.json): allowed when the user holds its `requiredRole` (if any) and one of
 * its `requiredRoles` (if any), e.g. the Video page for AGENT or SUPERVISOR in a remote applicants load too.
 */
export function isContributionAllowed(
  contribution: { requiredRole?: string; requiredRoles?: readonly string[] },
  roles: readonly string[],
): boolean {
  const anyOf = contribution.requiredRoles ?? [];
  return (
    isFeatureAllowed(contribution.requiredRole, roles) && (anyOf.length === 0 || anyOf.some((r) => roles.includes(r)))
  );
}

/** DEVELOPER and DEBUGGER are mutually exclusive; DEVELOPER wins (spec §6). */
export function resolveDebugRole(roles: readonly string[]): 'DEVELOPER' | 'DEBUGGER' | null {
  if (roles.includes(Roles.DEVELOPER)) return Roles.DEVELOPER;
  if (roles.includes(Roles.DEBUGGER)) return Roles.DEBUGGER;
  return null;
}

/** Access requires the portal app name in the user's applications (spec §6). */
export function hasPortalAccess(user: Pick<User, 'applications'>, portalAppName: string): boolean {
  return Array.isArray(user.applications) && user.applications.includes(portalAppName);
}

/**
 * Spec §4: an application is 'assigned' to the user only when the user is the assignee, the status is
 * ACTIVE, the task is In Progress and one of the user's teams (hierarchy or department) matches one
 * of the task's assigned teams. The assignee is compared with the user's id and with the user name.
 */
export function isAssignedToUser(
  app: Pick<Application, '_applicationStatus' | 'application_status'>,
  assignment: Pick<AssignmentInfo, 'assignedTo' | 'assignedTeam' | 'progress'>,
  user: Pick<User, 'userid' | 'userName' | 'teams'>,
): boolean {
  const assignee = assignment.assignedTo;
  if (!assignee || (assignee !== user.userid && assignee !== user.userName)) return false;
  if ((app._applicationStatus ?? app.application_status) !== 'ACTIVE') return false;
  if (assignment.progress !== 'In Progress') return false;
  return inTaskTeam(user.teams, assignment.assignedTeam ?? []);
}

/** '/v3/auth/': the family of login, refresh-token, end-session, logout and forget-password. */
export const AUTH_PATH_PREFIX = API_PATHS.login.slice(0, API_PATHS.login.lastIndexOf('/') + 1);

/**
 * API paths that are never prefixed with /debugger (README "Wire contract"): whole families by prefix
 * (the admin configuration trees of spec §7), and two single routes.
 */
const ADMIN_PATH_PREFIXES = [
  AUTH_PATH_PREFIX,
  '/setup/',
  '/config/',
  '/master_configs/',
  '/v3/setup_configs/',
  '/component/',
  API_PATHS.customStyle,
  API_PATHS.adminConfigurations,
] as const;

export function isAdminPath(path: string): boolean {
  return ADMIN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Admin responses travel as a {data} envelope keyed by the caller's access token (spec §7: "admin
 * responses are decrypted except for excluded routes"). Excluded: auth, and the customer-portal domain,
 * which the not-found page reads after it has cleared the session.
 */
const ENVELOPE_EXCLUDED_PATHS = [AUTH_PATH_PREFIX, API_PATHS.environmentDomain] as const;

export function isEnvelopedResponsePath(path: string): boolean {
  return isAdminPath(path) && !ENVELOPE_EXCLUDED_PATHS.some((prefix) => path.startsWith(prefix));
}

/** The path the client calls: in debug mode non-admin paths go to /debugger<path> (spec §6). */
export function debugPath(path: string, debugMode: boolean): string {
  return debugMode && !isAdminPath(path) ? `/debugger${path}` : path;
}

export * from './affordability';
export * from './approvals';
export * from './backOffice';
export * from './cards';
export * from './creditSummary';
export * from './fieldAccess';
export * from './identity';
export * from './internalApplications';
export * from './leads';
export * from './lifecycle';
export * from './outbox';
export * from './passwords';
export * from './reports';
export * from './resumeLinks';
export * from './statusUpdate';
export { inTaskTeam } from './teams';
export * from './uploads';
