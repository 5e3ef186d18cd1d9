// Live lists: a staff namespace of socket.io sends ids of what changed (APPLICATION_CHANGED,
// LEAD_CHANGED); a list refetches what it shows, once per burst of changes.
import { SOCKET_PATH, type SocketAuth } from '@originate/contract';
import { io } from 'socket.io-client';

/** The part of a socket.io client socket this uses; tests pass a fake. */
export interface LiveSocket {
  on(event: string, listener: (payload: never) => void): unknown;
  disconnect(): unknown;
}
export type OpenLiveSocket = (url: string, auth: SocketAuth) => LiveSocket;

// WebSocket only, as the notifications remote: several server instances need no sticky sessions.
export const openSocketIo: OpenLiveSocket = (url, auth) =>
  io(url, { path: SOCKET_PATH, auth, transports: ['websocket'] });

export interface LiveChanges<P> {
  namespace: string;
  event: string;
  /** The id a payload names. */
  idOf: (payload: P) => string;
}

/**
 * Calls `onChanged` once per burst of changes (a bulk reassignment sends many events; one refetch
 * covers them all). Returns the unsubscribe, which also closes the socket.
 */
export function subscribeChanges<P>(
  open: OpenLiveSocket,
  apiBaseUrl: string,
  auth: SocketAuth,
  changes: LiveChanges<P>,
  onChanged: (ids: string[]) => void,
  burstMs = 250,
): () => void {
  const socket = open(`${apiBaseUrl.replace(/\/+$/, '')}${changes.namespace}`, auth);
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  socket.on(changes.event, (payload: P) => {
    pending.push(changes.idOf(payload));
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
