// The shell's top-level route table (spec §2 "Top-level routes") as data, so it is testable without a browser.
import { CUSTOMER_PATHS, STAFF_FLOW_PATH } from '@originate/contract';

export type Area = 'customer' | 'backOffice' | 'invalidUrl' | 'login' | 'resetPassword' | 'notFound';

/** The reset page's path, without the slash: the forget-password dialog sends `<origin>/reset-password`. */
export const RESET_PASSWORD_PATH = 'reset-password';

export interface TopLevelRoute {
  path: string;
  area: Area;
}

export const TOP_LEVEL_ROUTES: readonly TopLevelRoute[] = [
  ...CUSTOMER_PATHS.map((path) => ({ path: `/${path}/*`, area: 'customer' as const })),
  { path: '/invalidURL', area: 'invalidUrl' },
  { path: '/login', area: 'login' },
  // Public: where a password-reset mail's link lands (the forget-password dialog names it as its redirectURL).
  { path: `/${RESET_PASSWORD_PATH}`, area: 'resetPassword' },
  // '/' is the back-office area; every other path is a back-office page or the not-found page,
  // which only the remotes manifest can tell apart (menu pages are contributed at run time).
  { path: '/', area: 'backOffice' },
  { path: '/*', area: 'notFound' },
];

/** Paths where a logged-out visitor gets the login form. */
export function isLoginEntry(pathname: string): boolean {
  return pathname === '/' || pathname === '/login';
}

/** Back-office pages the shell itself owns, under the back-office root. */
export const SHELL_PAGES = {
  profile: 'profile',
  settings: 'settings',
  staffFlow: STAFF_FLOW_PATH,
  /** Only while Admin/Features.ApplicationFormPreview is on; otherwise the not-found page. */
  formPreview: 'form-preview',
} as const;

/** First path segment(s) of every back-office page: the shell's own plus every contributed one. */
export function backOfficePaths(contributedPaths: readonly string[]): string[] {
  return [...Object.values(SHELL_PAGES), ...contributedPaths].map(trimSlashes);
}

/** Whether a pathname is a back-office page (so the guard applies) rather than an unknown path. */
export function isBackOfficePath(pathname: string, paths: readonly string[]): boolean {
  const path = trimSlashes(pathname);
  if (path === '') return true;
  return paths.some((p) => path === p || path.startsWith(`${p}/`));
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
