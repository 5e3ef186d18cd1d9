// The auth module as the rest of the server sees it: other modules and src/ import it only from here (README "Layout").
export { authenticate, DEBUG_PREFIX, installAuthHook } from './gate';
export { authRoutes, sessionRoutes } from './routes';
export { hashPassword, newToken, sha256 } from './security';
export type { IssuedSession } from './sessions';
export {
  createApplicantSession,
  endDeviceSessions,
  isSessionLive,
  openApplicantSession,
  sessionForAccessToken,
} from './sessions';
