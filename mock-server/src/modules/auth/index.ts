export { authRoutes, sessionRoutes } from './routes';
export { hashPassword, newToken, safeEqual, sha256 } from './security';
export type { ActiveSession, ApplicantSession, IssuedSession } from './sessions';
export {
  accessTokenSession,
  createApplicantSession,
  isSessionLive,
  openApplicantSession,
  sessionForAccessToken,
  shortTokenOwner,
} from './sessions';
