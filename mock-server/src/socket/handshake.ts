// The one handshake of every socket.io namespace: the access token and session id of a live staff
// session, of a user with the portal app; then what the namespace itself asks of that user.
import { PORTAL_APP_NAME } from '@originate/contract';
import type { Socket } from 'socket.io';
import { sessionForAccessToken } from '../modules/auth';
import { findUserById } from '../modules/users';
import type { ActiveSession, AppContext, UserRecord } from '../platform/context';

/** The socket's data for an admitted user, or the message it is refused with. */
type Admission = { data: unknown } | { refused: string };

/** A namespace's middleware: `admit` sees only a live session's portal user. */
export function socketAuthenticator(
  ctx: AppContext,
  admit: (user: UserRecord, session: ActiveSession) => Admission,
): (socket: Pick<Socket, 'handshake'> & { data: unknown }, next: (error?: Error) => void) => Promise<void> {
  return async (socket, next) => {
    try {
      const { token, sessionId } = (socket.handshake.auth ?? {}) as Record<string, unknown>;
      if (typeof token !== 'string' || typeof sessionId !== 'string') return next(new Error('Unauthorized'));
      const session = await sessionForAccessToken(ctx.db, token, ctx.now());
      if (!session || session.sessionId !== sessionId) return next(new Error('Unauthorized'));
      const user = await findUserById(ctx.db, session.userId);
      if (!user?.applications.includes(PORTAL_APP_NAME)) return next(new Error('Forbidden'));
      const admission = admit(user, session);
      if ('refused' in admission) return next(new Error(admission.refused));
      socket.data = admission.data;
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error('Internal server error'));
    }
  };
}
