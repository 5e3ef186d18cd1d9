// The page-wide notifications service: real socket.io, the federated shared store, toast and chime.
import { SOCKET_PATH } from '@originate/contract';
import { sharedStore, showToast } from '@originate/web';
import { io } from 'socket.io-client';
import { playChime } from '../ui/chime';
import { createNotificationsService, type NotificationsService, type OpenSocket } from './notificationsService';

const NEW_NOTIFICATION_TOAST = 'You have new notification';

// WebSocket only: no long-polling, so several server instances need no sticky sessions.
const openSocketIo: OpenSocket = (apiBaseUrl, auth) =>
  io(apiBaseUrl, { path: SOCKET_PATH, auth, transports: ['websocket'] });

let service: NotificationsService | null = null;

export function getNotificationsService(): NotificationsService {
  if (service) return service;
  service = createNotificationsService({
    store: sharedStore,
    openSocket: openSocketIo,
    alert: () => {
      showToast(NEW_NOTIFICATION_TOAST, 'info');
      playChime();
    },
    now: Date.now,
  });
  return service;
}
