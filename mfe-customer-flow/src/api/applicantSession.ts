// The applicant's session (spec §7): scoped by the server to one application. It is stored in
// the web package's sessionAtom exactly like a staff session, so the web package's http client sends access_token and
// sessionId, encrypts {data} bodies with it and refreshes it. The applicant is no back-office user: the
// stored user holds no roles and no portal application, so the shell's guard never lets it into the
// back office (hasPortalAccess fails), and `isApplicantSession` tells the two apart.

import type { SessionData, User } from '@originate/contract';
import {
  clearSession,
  getSession,
  refreshSession,
  type Session,
  sessionAtom,
  sessionTimers,
  sharedStore,
} from '@originate/web';

/** The userName every applicant session carries: 'applicant:<application id>'. */
const APPLICANT_PREFIX = 'applicant:';

function applicantUser(applicationId: string): User {
  return {
    userid: `${APPLICANT_PREFIX}${applicationId}`,
    userName: `${APPLICANT_PREFIX}${applicationId}`,
    firstName: '',
    lastName: '',
    displayName: 'Applicant',
    roles: [],
    applications: [],
    teams: [],
  };
}

export function isApplicantSession(session: Session | null): boolean {
  return session?.user.userName.startsWith(APPLICANT_PREFIX) ?? false;
}

/** The application an applicant session is scoped to, or null for staff or no session. */
export function applicantApplicationId(session: Session | null): string | null {
  return session && isApplicantSession(session) ? session.user.userName.slice(APPLICANT_PREFIX.length) : null;
}

/** The resume link this tab opened last, kept for the tab (sessionStorage, like the session it opened). */
const OPENED_LINK_KEY = 'originate.openedResumeLink';

/**
 * A resume link opens one session (the server uses its token up): the tab remembers which application its
 * link opened, so a reload of /dynamic-resume goes on with the session it holds instead of the dead token.
 */
export function rememberOpenedLink(token: string, applicationId: string): void {
  sessionStorage.setItem(OPENED_LINK_KEY, JSON.stringify({ token, applicationId }));
}

/** The application this tab's session was opened for by this link, when the tab still holds that session. */
export function applicationOfOpenedLink(token: string): string | null {
  let opened: unknown;
  try {
    opened = JSON.parse(sessionStorage.getItem(OPENED_LINK_KEY) ?? 'null');
  } catch {
    return null;
  }
  const { token: openedToken, applicationId } = (opened ?? {}) as { token?: unknown; applicationId?: unknown };
  if (openedToken !== token || typeof applicationId !== 'string') return null;
  return applicantApplicationId(getSession()) === applicationId ? applicationId : null;
}

/**
 * A submit ends the application's sessions on the server: the tab forgets its own too, quietly. Kept, it would
 * be sent with the next call, answered 401, and the applicant told their session expired and sent to a new
 * application, instead of seeing that the application was submitted (or, opening its resume link, that the
 * link is over). A staff session is never touched.
 */
export function endApplicantSession(): void {
  if (!isApplicantSession(getSession())) return;
  clearSession();
  sessionStorage.removeItem(OPENED_LINK_KEY);
}

export function storeApplicantSession(data: SessionData, applicationId: string): Session {
  const session: Session = {
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    sessionid: data.sessionid,
    expires_in: data.expires_in,
    expiry_time: data.expiry_time,
    user: applicantUser(applicationId),
    issuedAt: Date.now(),
  };
  sharedStore.set(sessionAtom, session);
  return session;
}

/**
 * Keeps the applicant session alive while the page is open: refreshes it when the back office would
 * warn (expires_in − 300 s); applicants get no dialog, since their draft is safe on the device anyway.
 * Returns the stop function.
 */
export function keepApplicantSessionAlive(onFailed: (error: unknown) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = (session: Session | null) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!session || !isApplicantSession(session)) return;
    const timers = sessionTimers(session.expires_in);
    if (!timers) return;
    const due = Math.max(0, session.issuedAt + timers.warnAfterMs - Date.now());
    timer = setTimeout(() => {
      refreshSession().catch(onFailed);
    }, due);
  };
  plan(getSession());
  const unsubscribe = sharedStore.sub(sessionAtom, () => plan(getSession()));
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribe();
  };
}
