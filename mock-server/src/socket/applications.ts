// Live list updates: the staff namespace of socket.io. Same handshake as the notification
// socket (access token and session id, portal app), no NOTIFICATION role needed; every change to an
// application (hub 'applicationChanged') goes to every staff socket as ids only, so nothing an
// application holds reaches a user who may not read it: the list refetches through the access-checked routes.
import { APPLICATIONS_NAMESPACE, type ApplicationChangedPayload, ApplicationEvents } from '@originate/contract';
import type { Server } from 'socket.io';
import type { AppContext } from '../platform/context';
import { socketAuthenticator } from './handshake';
import { sessionRoom } from './rooms';

/** Attaches the namespace to the server; the returned function detaches it from the hub. */
export function attachApplicationSockets(io: Server, ctx: AppContext): () => void {
  const namespace = io.of(APPLICATIONS_NAMESPACE);
  namespace.use(socketAuthenticator(ctx, (_user, session) => ({ data: { sessionId: session.sessionId } })));
  // Its session's room, so that ending the session closes it on whichever server holds it.
  namespace.on('connection', (socket) => socket.join(sessionRoom((socket.data as { sessionId: string }).sessionId)));
  const onChanged = (applicationId: string, modTime: string) => {
    const payload: ApplicationChangedPayload = { application_id: applicationId, mod_time: modTime };
    namespace.emit(ApplicationEvents.APPLICATION_CHANGED, payload);
  };
  const onSessionEnded = (sessionId: string) => {
    namespace.in(sessionRoom(sessionId)).disconnectSockets(true);
  };
  ctx.hub.on('applicationChanged', onChanged);
  ctx.hub.on('sessionEnded', onSessionEnded);
  // Its sockets are closed with the others' connections (SocketLayer.close), never by a broadcast to every server.
  return () => {
    ctx.hub.off('applicationChanged', onChanged);
    ctx.hub.off('sessionEnded', onSessionEnded);
  };
}
