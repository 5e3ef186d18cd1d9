// Live notifications (spec §7) over socket.io on the API's own HTTP server.
import type { Server as HttpServer } from 'node:http';
import {
  FromServer,
  type FromServerPayloads,
  Roles,
  SOCKET_PATH,
  ToServer,
  type ToServerPayloads,
} from '@originate/contract';
import { Id } from '@originate/contract/schemas';
import { Server, type Socket } from 'socket.io';
import { Value } from 'typebox/value';
import { isSessionLive } from '../modules/auth';
import {
  latestNotifications,
  markAllCounted,
  markAllUnread,
  uncountedCount,
  updateOwn,
} from '../modules/notifications';
import type { AppContext } from '../platform/context';
import type { RedisLink } from '../platform/redis';
import { attachApplicationSockets } from './applications';
import { socketAuthenticator } from './handshake';
import { attachLeadSockets } from './leads';
import { sessionRoom, userRoom } from './rooms';

/** Sent to the one socket whose request was refused; the shared contract has no result for a refusal. */
const SOCKET_ERROR_EVENT = 'ERROR';

interface SocketError {
  event: string;
  code: number;
  message: string;
}

type ServerEvents = { [K in keyof FromServerPayloads]: (payload: FromServerPayloads[K]) => void } & {
  [SOCKET_ERROR_EVENT]: (payload: SocketError) => void;
};
type ClientEvents = { [K in keyof ToServerPayloads]: (payload?: ToServerPayloads[K]) => void };
interface SocketData {
  userId: string;
  sessionId: string;
}

type NotificationSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
/** One client's engine.io connection, which all its namespaces' sockets share. */
type Connection = NotificationSocket['conn'];

/** The id of a client request, held to the same rule as ids over HTTP, so bad input never reaches SQL. */
function notificationIdOf(payload: unknown): string | null {
  const id = (payload as { notificationId?: unknown } | undefined)?.notificationId;
  return typeof id === 'string' && Value.Check(Id, id) ? id : null;
}

export interface SocketLayer {
  io: Server;
  /**
   * Closes the transport of every connection this process holds (README "Health and drain"): the client
   * sees 'transport close' and reconnects, through a load balancer to another process. Never
   * `disconnect()`: its 'io server disconnect' stops the client's automatic reconnection. Returns how many.
   */
  reconnectAll(): number;
  /** Stops listening to the hub and closes what connections are left, as reconnectAll does. */
  close(): Promise<void>;
}

export function attachSockets(httpServer: HttpServer, ctx: AppContext, redis?: RedisLink): SocketLayer {
  const { db, hub } = ctx;
  const io = new Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>(httpServer, {
    path: SOCKET_PATH,
    // Every emit below goes to a room or a namespace: through Redis, it reaches the sockets of every server.
    ...(redis ? { adapter: redis.socketAdapter } : {}),
    cors: { origin: ctx.config.corsOrigins, credentials: true },
    serveClient: false,
    // CORS does not cover a websocket: a browser page of any other origin is refused at the handshake
    // and the upgrade. Non-browser clients send no Origin and still need a valid token.
    allowRequest: (request, callback) => {
      // A draining process takes no new connection: the client retries, and finds another process.
      if (ctx.drain.draining) return callback('draining', false);
      const origin = request.headers.origin;
      callback(null, origin === undefined || ctx.config.corsOrigins.includes(origin));
    },
  });
  // Long-polling answers while draining close their HTTP connection, so the next poll goes elsewhere.
  io.engine.on('headers', (headers: Record<string, string>) => {
    if (ctx.drain.draining) headers.Connection = 'close';
  });
  const connections = new Set<Connection>();
  io.engine.on('connection', (connection: Connection) => {
    connections.add(connection);
    connection.once('close', () => connections.delete(connection));
  });
  const reconnectAll = () => {
    const count = connections.size;
    // Not discarded: what is already queued for the client is sent before the transport closes.
    for (const connection of connections) connection.close();
    return count;
  };

  io.use(
    socketAuthenticator(ctx, (user, session) =>
      user.roles.includes(Roles.NOTIFICATION)
        ? { data: { userId: user.userid, sessionId: session.sessionId } }
        : { refused: 'Notifications need the NOTIFICATION role' },
    ),
  );

  io.on('connection', async (socket: NotificationSocket) => {
    const { userId, sessionId } = socket.data;
    await socket.join([userRoom(userId), sessionRoom(sessionId)]);
    const toUser = io.to(userRoom(userId));
    const refuse = (event: string, code: number, message: string): void => {
      socket.emit(SOCKET_ERROR_EVENT, { event, code, message });
    };

    /** Runs one client request; a session that ended meanwhile drops the socket instead. */
    function handle(event: keyof ClientEvents, work: (payload: unknown) => Promise<void>) {
      socket.on(event, async (payload?: unknown) => {
        try {
          if (!(await isSessionLive(db, sessionId))) {
            socket.disconnect(true);
            return;
          }
          await work(payload);
        } catch (error) {
          ctx.log.error({ err: error, event }, 'socket event failed');
          refuse(event, 1100, 'Internal server error');
        }
      });
    }

    /** One notification of the caller; others' ids are refused and never touched. */
    function handleOne(
      event: 'UPDATE_COUNT_BY_USER' | 'UPDATE_VIEW' | 'DELETE_NOTIFICATION',
      change: 'counted' | 'viewed' | 'delete',
      answer: (notificationId: string, count: number) => void,
    ) {
      handle(event, async (payload) => {
        const notificationId = notificationIdOf(payload);
        if (!notificationId) return refuse(event, 1101, 'notificationId - is required and must be a notification id');
        if (!(await updateOwn(db, userId, notificationId, change))) return refuse(event, 404, 'Notification not found');
        answer(notificationId, await uncountedCount(db, userId));
      });
    }

    handle(ToServer.UPDATE_COUNT, async () => {
      const notificationIds = await markAllCounted(db, userId);
      toUser.emit(FromServer.UPDATE_COUNT_RESULT, { notificationIds, count: await uncountedCount(db, userId) });
    });
    handleOne(ToServer.UPDATE_COUNT_BY_USER, 'counted', (notificationId, count) =>
      toUser.emit(FromServer.UPDATE_COUNT_BY_USER_RESULT, { notificationId, count }),
    );
    handleOne(ToServer.UPDATE_VIEW, 'viewed', (notificationId, count) =>
      toUser.emit(FromServer.UPDATE_VIEW_RESULT, { notificationId, count }),
    );
    handleOne(ToServer.DELETE_NOTIFICATION, 'delete', (notificationId, count) =>
      toUser.emit(FromServer.DELETE_NOTIFICATION_RESULT, { notificationId, count }),
    );
    handle(ToServer.UPDATE_UNREAD, async () => {
      const notificationIds = await markAllUnread(db, userId);
      toUser.emit(FromServer.UPDATE_UNREAD_RESULT, { notificationIds, count: await uncountedCount(db, userId) });
    });
    // LOGOUT closes this session's sockets; ending the session itself is the HTTP logout's job.
    handle(ToServer.LOGOUT, async () => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    });

    try {
      const [messages, count] = [await latestNotifications(db, userId, ctx.now()), await uncountedCount(db, userId)];
      socket.emit(FromServer.NOTIFICATION, { messages, count });
    } catch (error) {
      ctx.log.error({ err: error }, 'initial notifications failed');
      refuse(FromServer.NOTIFICATION, 1100, 'Internal server error');
    }
  });

  const onNotification = (userId: string, notification: FromServerPayloads['NEW']['notification'], count: number) => {
    io.to(userRoom(userId)).emit(FromServer.NEW, { notification, count });
  };
  const onSessionEnded = (sessionId: string) => {
    io.in(sessionRoom(sessionId)).disconnectSockets(true);
  };
  hub.on('notification', onNotification);
  hub.on('sessionEnded', onSessionEnded);
  const detachApplications = attachApplicationSockets(io, ctx);
  const detachLeads = attachLeadSockets(io, ctx);
  return {
    io,
    reconnectAll,
    async close() {
      hub.off('notification', onNotification);
      hub.off('sessionEnded', onSessionEnded);
      detachApplications();
      detachLeads();
      // Only this process's connections: with the Redis adapter, io.disconnectSockets() would reach every
      // server's sockets, and with 'io server disconnect' no client would come back.
      reconnectAll();
    },
  };
}
