// Socket.io notification events of spec section 7 and their payloads.
import type { Notification } from './entities';

export const ToServer = {
  UPDATE_COUNT: 'UPDATE_COUNT',
  UPDATE_COUNT_BY_USER: 'UPDATE_COUNT_BY_USER',
  UPDATE_VIEW: 'UPDATE_VIEW',
  UPDATE_UNREAD: 'UPDATE_UNREAD',
  DELETE_NOTIFICATION: 'DELETE_NOTIFICATION',
  LOGOUT: 'LOGOUT',
} as const;

export const FromServer = {
  NOTIFICATION: 'NOTIFICATION',
  NEW: 'NEW',
  UPDATE_COUNT_RESULT: 'UPDATE_COUNT_RESULT',
  UPDATE_VIEW_RESULT: 'UPDATE_VIEW_RESULT',
  DELETE_NOTIFICATION_RESULT: 'DELETE_NOTIFICATION_RESULT',
  UPDATE_UNREAD_RESULT: 'UPDATE_UNREAD_RESULT',
  UPDATE_COUNT_BY_USER_RESULT: 'UPDATE_COUNT_BY_USER_RESULT',
} as const;

/** Payloads the client sends. */
export interface ToServerPayloads {
  UPDATE_COUNT: Record<string, never>;
  UPDATE_COUNT_BY_USER: { notificationId: string };
  UPDATE_VIEW: { notificationId: string };
  UPDATE_UNREAD: Record<string, never>;
  DELETE_NOTIFICATION: { notificationId: string };
  LOGOUT: Record<string, never>;
}

/** Payloads the server sends. `count` is always the recipient's number of uncounted notifications. */
export interface FromServerPayloads {
  NOTIFICATION: { messages: Notification[]; count: number };
  NEW: { notification: Notification; count: number };
  UPDATE_COUNT_RESULT: { notificationIds: string[]; count: number };
  UPDATE_COUNT_BY_USER_RESULT: { notificationId: string; count: number };
  UPDATE_VIEW_RESULT: { notificationId: string; count: number };
  UPDATE_UNREAD_RESULT: { notificationIds: string[]; count: number };
  DELETE_NOTIFICATION_RESULT: { notificationId: string; count: number };
}

/** The socket handshake: io(apiBaseUrl, { path: SOCKET_PATH, auth: SocketAuth }). */
export interface SocketAuth {
  token: string;
  sessionId: string;
}

export const SOCKET_PATH = '/socket.io';

/**
 * Live list updates for staff: the socket.io namespace on the same server and path, with the same
 * handshake (SocketAuth) but no NOTIFICATION role needed. It sends ids only: a list refetches what it shows.
 */
export const APPLICATIONS_NAMESPACE = '/applications';
export const ApplicationEvents = { APPLICATION_CHANGED: 'APPLICATION_CHANGED' } as const;
export interface ApplicationChangedPayload {
  application_id: string;
  /** ISO time of the change. */
  mod_time: string;
}

/**
 * Live lead lists: the socket.io namespace on the same server and path, same handshake (SocketAuth). It
 * sends ids only, and only to staff who may see the lead (its owner, its team, admins): a list refetches
 * what it shows through the access-checked routes.
 */
export const LEADS_NAMESPACE = '/leads';
export const LeadEvents = { LEAD_CHANGED: 'LEAD_CHANGED' } as const;
export interface LeadChangedPayload {
  lead_id: string;
  /** ISO time of the change. */
  mod_time: string;
}
