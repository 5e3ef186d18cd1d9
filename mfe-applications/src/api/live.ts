// Live lists: the staff namespace of socket.io sends APPLICATION_CHANGED {application_id,
// mod_time} when an application changes anywhere; the lists then refetch what they show.
import {
  APPLICATIONS_NAMESPACE,
  type ApplicationChangedPayload,
  ApplicationEvents,
  SOCKET_PATH,
  type SocketAuth,
} from '@originate/contract';
import { io } from 'socket.io-client';

/** The part of a socket.io client socket this uses; tests pass a fake. */
export interface LiveSocket {
  on(event: string, listener: (payload: ApplicationChangedPayload) => void): unknown;
  disconnect(): unknown;
}
export type OpenLiveSocket = (url: string, auth: SocketAuth) => LiveSocket;

// WebSocket only, as the notifications remote: several server instances need no sticky sessions.
export const openSocketIo: OpenLiveSocket = (url, auth) =>
  io(url, { path: SOCKET_PATH, auth, transports: ['websocket'] });

/**
 * Calls `onChanged` once per burst of changes (a bulk reassignment sends many events; one refetch
 * covers them all). Returns the unsubscribe, which also closes the socket.
 */
export function subscribeApplicationChanges(
  open: OpenLiveSocket,
  apiBaseUrl: string,
  auth: SocketAuth,
  onChanged: (ids: string[]) => void,
  burstMs = 250,
): () => void {
  const socket = open(`${apiBaseUrl.replace(/\/+$/, '')}${APPLICATIONS_NAMESPACE}`, auth);
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  socket.on(ApplicationEvents.APPLICATION_CHANGED, (payload) => {
    pending.push(payload.application_id);
    timer ??= setTimeout(() => {
      const ids = pending;
      pending = [];
      timer = null;
      onChanged(ids);
    }, burstMs);
  });
  return () => {
    if (timer) clearTimeout(timer);
    socket.disconnect();
  };
}
