// Business constants of spec section 9 and the platform's own fixed names.
import type { ThemeConfig } from './entities';

export const PORTAL_APP_NAME = 'originate-backoffice';
/** Development default of the login-encryption key (32 characters); production sets LOGIN_KEY. */
export const DEFAULT_LOGIN_KEY = 'originate-login-key-0123456789ab';

export const VALID_SESSION_SECONDS = 900;
export const SESSION_WARNING_SECONDS = 300;
export const SPINNER_TIMEOUT_MS = 60000;
export const NEW_NOTIFICATION_SUPPRESSION_MS = 1500;
/** Spec §9: a toast that asks the user something stays this long unless answered. */
export const QUESTION_TOAST_TIMEOUT_MS = 20000;
export const MODAL_DEFAULT_SIZE = 'md';
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100] as const;
/**
 * What a configuration audit row records: a product, its limits, its documents, a {type}/{name} config, a
 * user's access.
 */
export const CONFIG_AUDIT_KINDS = ['PRODUCT', 'PRODUCT_LIMITS', 'PRODUCT_DOCUMENTS', 'CONFIG', 'USER_ACCESS'] as const;
export const MAX_FILE_SIZE_BYTES = 31457280;
export const THEME_SHADES = [100, 200, 300, 500, 700, 900] as const;
export const DEFAULT_FLOW_VERSION = 243;
export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The identifier rule: application, task, user, team and file ids, and codes of configured things (roles,
 * products, flows). Here, free of TypeBox, so browser code checks a code before the schema does.
 */
export const ID_CHARACTERS = '[A-Za-z0-9_.:-]';
export const ID_PATTERN = `^${ID_CHARACTERS}+$`;
export const ID_MAX_LENGTH = 64;

export const Roles = {
  DEVELOPER: 'DEVELOPER',
  DEBUGGER: 'DEBUGGER',
  NOTIFICATION: 'NOTIFICATION',
  AGENT: 'AGENT',
  SUPERVISOR: 'SUPERVISOR',
  CPA: 'CPA',
  BCM: 'BCM',
  BH: 'BH',
} as const;

export const Permissions = {
  TASK_REVIEW_DATE: 'TASK_REVIEW_DATE',
  MANAGE_DOCUMENT: 'MANAGE_DOCUMENT',
  APPLICATIONS_ACTIONS: 'APPLICATIONS_ACTIONS',
  TEAM_APPLICATIONS_ASSIGN: 'TEAM_APPLICATIONS_ASSIGN',
  TEAM_APPLICATIONS_REASSIGN: 'TEAM_APPLICATIONS_REASSIGN',
  TEAM_APPLICATIONS_ASSIGN_SELF: 'TEAM_APPLICATIONS_ASSIGN_SELF',
  ALL_APPLICATIONS_ASSIGN: 'ALL_APPLICATIONS_ASSIGN',
  ALL_APPLICATIONS_REASSIGN: 'ALL_APPLICATIONS_REASSIGN',
  ALL_APPLICATIONS_ASSIGN_SELF: 'ALL_APPLICATIONS_ASSIGN_SELF',
} as const;

/** The operations admin's role (the server's isOpsAdmin): configuration, users, products and theme. */
export const OPS_ADMIN_ROLE = 'ADMIN';
/** What Settings › Users may give a user: every role and permission of spec §6, and the operations admin's. */
export const ASSIGNABLE_ROLES: readonly string[] = [
  ...Object.values(Roles),
  ...Object.values(Permissions),
  OPS_ADMIN_ROLE,
];

/**
 * The bank back-office look: the server seeds it as the Theme config and the client falls back to it
 * before a session exists, so the first login page and the back office agree.
 */
export const DEFAULT_THEME_CONFIG: ThemeConfig = {
  primaryColor: '#0d3b66',
  secondaryColor: '#00897b',
  backgroundColor: '#f4f6f9',
  surfaceColor: '#ffffff',
  typography: { primaryColor: '#1f2933', secondaryColor: '#52606d' },
  font: { family: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif', size: 14 },
};

/** Top-level paths of the applicants' customer area (spec §2; the customerArea slot of the customer-flow remote). */
export const CUSTOMER_PATHS = ['newapplication', 'omni-embed', 'dynamic-resume'] as const;

/**
 * Where staff resume a customer-flow task assigned to them (spec §2 /backstage/newapplication?resume): a
 * back-office page (guarded, inside the back-office layout) that shows the same customerArea slot.
 */
export const STAFF_FLOW_PATH = 'backstage/newapplication';

/**
 * One lead's detail (mfe-leads remote.json route 'backstage/lead'): where an application converted from a
 * lead links back to it.
 */
export const LEAD_DETAIL_PATH = 'backstage/lead';
export const leadDetailPath = (leadId: string) => `/${LEAD_DETAIL_PATH}?lead_id=${encodeURIComponent(leadId)}`;

/** The config type of the consent sets: Consent/<product code>. */
export const CONSENT_CONFIG_TYPE = 'Consent';

/** The header a receipt pass travels in (never the URL: addresses end up in logs). */
export const RECEIPT_PASS_HEADER = 'receipt-pass';
