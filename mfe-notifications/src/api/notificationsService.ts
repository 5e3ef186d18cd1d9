// One socket.io connection per session, shared by the bell and the page (module-level, not per component).
import {
  FromServer,
  type FromServerPayloads,
  isFeatureAllowed,
  Roles,
  type SocketAuth,
  ToServer,
  type ToServerPayloads,
} from '@originate/contract';
import { runtimeEnvAtom, sessionAtom, unreadCountAtom } from '@originate/web';
import type { createStore } from 'jotai';
import { shouldAlert } from '../domain/alertSuppression';
import {
  initialNotificationsState,
  type NotificationsEvent,
  type NotificationsState,
  notificationsReducer,
} from '../domain/notificationsReducer';

type Store = ReturnType<typeof createStore>;

/** The part of a socket.io client socket this service uses; tests inject a fake. */
interface SocketLike {
  auth: unknown;
  on(event: string, listener: (payload: never) => void): unknown;
  emit(event: string, payload: unknown): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type OpenSocket = (apiBaseUrl: string, auth: SocketAuth) => SocketLike;

export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

export interface NotificationsSnapshot extends NotificationsState {
  connection: ConnectionStatus;
}

export interface NotificationsService {
  subscribe(listener: () => void): () => void;
  getSnapshot(): NotificationsSnapshot;
  markViewed(notificationId: string): void;
  remove(notificationId: string): void;
  markAllUnread(): void;
  markAllCounted(): void;
  /** Ends the connection (with LOGOUT) and stops following the session. */
  dispose(): void;
}

export interface NotificationsServiceOptions {
  /** The jotai store holding sessionAtom, runtimeEnvAtom and unreadCountAtom. */
  store: Store;
  openSocket: OpenSocket;
  /** Toast and sound for a new notification; the service decides when (suppression). */
  alert: () => void;
  now: () => number;
}

interface Connection {
  socket: SocketLike;
  url: string;
  auth: SocketAuth;
}

const SERVER_EVENTS = Object.values(FromServer);

export function createNotificationsService({
  store,
  openSocket,
  alert,
  now,
}: NotificationsServiceOptions): NotificationsService {
  const listeners = new Set<() => void>();
  let snapshot: NotificationsSnapshot = { ...initialNotificationsState, connection: 'offline' };
  let connection: Connection | null = null;
  let lastAlertAt: number | null = null;

  function publish(next: NotificationsSnapshot): void {
    snapshot = next;
    store.set(unreadCountAtom, next.count);
    for (const listener of listeners) listener();
  }

  function dispatch(event: NotificationsEvent): void {
    publish({ ...notificationsReducer(snapshot, event), connection: snapshot.connection });
  }

  function setConnection(status: ConnectionStatus): void {
    if (status !== snapshot.connection) publish({ ...snapshot, connection: status });
  }

  function open(url: string, auth: SocketAuth): Connection {
    const socket = openSocket(url, auth);
    // Late events of a socket this service has already let go must not touch the new state.
    const current = () => connection?.socket === socket;
    const status = (event: string, next: ConnectionStatus) =>
      socket.on(event, () => {
        if (current()) setConnection(next);
      });
    status('connect', 'connected');
    status('disconnect', 'reconnecting');
    status('connect_error', 'reconnecting');
    for (const type of SERVER_EVENTS) {
      socket.on(type, (payload: FromServerPayloads[typeof type]) => {
        if (!current()) return;
        dispatch({ type, payload } as NotificationsEvent);
        if (type === FromServer.NEW) {
          const at = now();
          if (shouldAlert(lastAlertAt, at)) {
            lastAlertAt = at;
            alert();
          }
        }
      });
    }
    return { socket, url, auth };
  }

  function close(): void {
    if (!connection) return;
    const { socket } = connection;
    connection = null;
    socket.emit(ToServer.LOGOUT, {} satisfies ToServerPayloads['LOGOUT']);
    socket.disconnect();
    publish({ ...initialNotificationsState, connection: 'offline' });
  }

  /** Follows the session: connect on sign-in, reconnect with the new token after a refresh, leave on sign-out. */
  function sync(): void {
    const session = store.get(sessionAtom);
    const env = store.get(runtimeEnvAtom);
    if (!session || !env || !isFeatureAllowed(Roles.NOTIFICATION, session.user.roles)) {
      close();
      return;
    }
    const auth: SocketAuth = { token: session.access_token, sessionId: session.sessionid };
    if (connection && (connection.auth.sessionId !== auth.sessionId || connection.url !== env.apiBaseUrl)) close();
    if (!connection) {
      setConnection('connecting');
      connection = open(env.apiBaseUrl, auth);
    } else if (connection.auth.token !== auth.token) {
      connection.auth = auth;
      connection.socket.auth = auth;
      connection.socket.disconnect();
      setConnection('reconnecting');
      connection.socket.connect();
    }
  }

  function send<K extends keyof ToServerPayloads>(event: K, payload: ToServerPayloads[K]): void {
    connection?.socket.emit(event, payload);
  }

  const unsubscribers = [store.sub(sessionAtom, sync), store.sub(runtimeEnvAtom, sync)];
  sync();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    markViewed: (notificationId) => {
      // Reading one notification counts it, alone: the badge drops by one and the others stay new
      // (spec section 7, UPDATE_COUNT_BY_USER). One already counted needs no second count.
      const read = snapshot.notifications.find((n) => n.notificationId === notificationId);
      if (read && !read.isCounted) send(ToServer.UPDATE_COUNT_BY_USER, { notificationId });
      send(ToServer.UPDATE_VIEW, { notificationId });
    },
    remove: (notificationId) => send(ToServer.DELETE_NOTIFICATION, { notificationId }),
    markAllUnread: () => send(ToServer.UPDATE_UNREAD, {}),
    markAllCounted: () => send(ToServer.UPDATE_COUNT, {}),
    dispose() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      close();
    },
  };
}
