// Pure state transitions for the socket events of spec section 7 (rules of spec section 4).
import type { FromServerPayloads, Notification } from '@originate/contract';

export interface NotificationsState {
  /** Newest first. */
  notifications: Notification[];
  /** The recipient's number of uncounted notifications, as the server last reported it. */
  count: number;
  /** False until the server's first list arrives: until then the count and the list are unknown, not empty. */
  loaded: boolean;
}

export type NotificationsEvent =
  | { [K in keyof FromServerPayloads]: { type: K; payload: FromServerPayloads[K] } }[keyof FromServerPayloads]
  | { type: 'RESET' };

export const initialNotificationsState: NotificationsState = { notifications: [], count: 0, loaded: false };

function newestFirst(list: readonly Notification[]): Notification[] {
  return [...list].sort((a, b) => Date.parse(b.createdAT) - Date.parse(a.createdAT));
}

function update(list: readonly Notification[], ids: readonly string[], change: Partial<Notification>): Notification[] {
  const wanted = new Set(ids);
  return list.map((n) => (wanted.has(n.notificationId) ? { ...n, ...change } : n));
}

export function notificationsReducer(state: NotificationsState, event: NotificationsEvent): NotificationsState {
  switch (event.type) {
    case 'NOTIFICATION':
      return { notifications: newestFirst(event.payload.messages), count: event.payload.count, loaded: true };
    case 'NEW': {
      const { notification, count } = event.payload;
      // A redelivered notification (e.g. after a reconnect) replaces its old copy instead of doubling it.
      const rest = state.notifications.filter((n) => n.notificationId !== notification.notificationId);
      return { ...state, notifications: [notification, ...rest], count };
    }
    case 'UPDATE_COUNT_RESULT':
      return {
        ...state,
        notifications: update(state.notifications, event.payload.notificationIds, { isCounted: true }),
        count: event.payload.count,
      };
    case 'UPDATE_COUNT_BY_USER_RESULT':
      return {
        ...state,
        notifications: update(state.notifications, [event.payload.notificationId], { isCounted: true }),
        count: event.payload.count,
      };
    case 'UPDATE_VIEW_RESULT':
      return {
        ...state,
        notifications: update(state.notifications, [event.payload.notificationId], { status: '1' }),
        count: event.payload.count,
      };
    case 'UPDATE_UNREAD_RESULT':
      // Spec section 4: mark-all-unread sets status '0' and zeroes the counts.
      return {
        ...state,
        notifications: update(state.notifications, event.payload.notificationIds, { status: '0', isCounted: true }),
        count: 0,
      };
    case 'DELETE_NOTIFICATION_RESULT':
      return {
        ...state,
        notifications: state.notifications.filter((n) => n.notificationId !== event.payload.notificationId),
        count: event.payload.count,
      };
    case 'RESET':
      return initialNotificationsState;
  }
}
