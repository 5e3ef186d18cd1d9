import { notification } from '../test/fixtures';
import { initialNotificationsState, type NotificationsState, notificationsReducer } from './notificationsReducer';

const a = notification('a', { createdAT: '2026-11-22T09:00:00.000Z' });
const b = notification('b', { createdAT: '2026-11-22T10:00:00.000Z' });
const c = notification('c', { createdAT: '2026-11-22T08:00:00.000Z', status: '1', isCounted: true });
const loaded: NotificationsState = { notifications: [b, a, c], count: 2, loaded: true };

const ids = (s: NotificationsState) => s.notifications.map((n) => n.notificationId);
const byId = (s: NotificationsState, id: string) => s.notifications.find((n) => n.notificationId === id);

describe('notificationsReducer', () => {
  it('NOTIFICATION replaces the list (newest first) and the count', () => {
    const next = notificationsReducer(
      { notifications: [notification('old')], count: 9, loaded: true },
      { type: 'NOTIFICATION', payload: { messages: [a, c, b], count: 2 } },
    );
    expect(ids(next)).toEqual(['b', 'a', 'c']);
    expect(next.count).toBe(2);
  });

  it('is not loaded until the first NOTIFICATION list; a NEW before it does not make it loaded, RESET unloads it', () => {
    expect(initialNotificationsState.loaded).toBe(false);
    const early = notificationsReducer(initialNotificationsState, {
      type: 'NEW',
      payload: { notification: a, count: 1 },
    });
    expect(early.loaded).toBe(false);
    const listed = notificationsReducer(early, { type: 'NOTIFICATION', payload: { messages: [a], count: 1 } });
    expect(listed.loaded).toBe(true);
    const counted = notificationsReducer(listed, {
      type: 'UPDATE_COUNT_RESULT',
      payload: { notificationIds: ['a'], count: 0 },
    });
    expect(counted.loaded).toBe(true);
    expect(notificationsReducer(counted, { type: 'RESET' }).loaded).toBe(false);
  });

  it('NEW prepends the notification and takes the count', () => {
    const d = notification('d', { createdAT: '2026-11-22T07:00:00.000Z' });
    const next = notificationsReducer(loaded, { type: 'NEW', payload: { notification: d, count: 3 } });
    expect(ids(next)).toEqual(['d', 'b', 'a', 'c']);
    expect(next.count).toBe(3);
  });

  it('NEW of a notification already listed replaces it instead of doubling it', () => {
    const again = { ...a, messages: 'updated' };
    const next = notificationsReducer(loaded, { type: 'NEW', payload: { notification: again, count: 2 } });
    expect(ids(next)).toEqual(['a', 'b', 'c']);
    expect(byId(next, 'a')?.messages).toBe('updated');
  });

  it('UPDATE_COUNT_RESULT marks the listed notifications counted', () => {
    const next = notificationsReducer(loaded, {
      type: 'UPDATE_COUNT_RESULT',
      payload: { notificationIds: ['a', 'b'], count: 0 },
    });
    expect(next.notifications.map((n) => n.isCounted)).toEqual([true, true, true]);
    expect(next.count).toBe(0);
  });

  it('UPDATE_COUNT_BY_USER_RESULT marks one notification counted', () => {
    const next = notificationsReducer(loaded, {
      type: 'UPDATE_COUNT_BY_USER_RESULT',
      payload: { notificationId: 'a', count: 1 },
    });
    expect(byId(next, 'a')?.isCounted).toBe(true);
    expect(byId(next, 'b')?.isCounted).toBe(false);
    expect(next.count).toBe(1);
  });

  it('UPDATE_VIEW_RESULT marks one notification viewed', () => {
    const next = notificationsReducer(loaded, {
      type: 'UPDATE_VIEW_RESULT',
      payload: { notificationId: 'b', count: 1 },
    });
    expect(byId(next, 'b')?.status).toBe('1');
    expect(byId(next, 'a')?.status).toBe('0');
    expect(next.count).toBe(1);
  });

  it("UPDATE_UNREAD_RESULT sets status '0' and zeroes the count", () => {
    const next = notificationsReducer(loaded, {
      type: 'UPDATE_UNREAD_RESULT',
      payload: { notificationIds: ['a', 'b', 'c'], count: 0 },
    });
    expect(next.notifications.map((n) => n.status)).toEqual(['0', '0', '0']);
    expect(next.count).toBe(0);
  });

  it('DELETE_NOTIFICATION_RESULT removes the notification', () => {
    const next = notificationsReducer(loaded, {
      type: 'DELETE_NOTIFICATION_RESULT',
      payload: { notificationId: 'a', count: 1 },
    });
    expect(ids(next)).toEqual(['b', 'c']);
    expect(next.count).toBe(1);
  });

  it('RESET empties the state', () => {
    expect(notificationsReducer(loaded, { type: 'RESET' })).toEqual(initialNotificationsState);
  });

  it('never mutates the state it is given', () => {
    const frozen = structuredClone(loaded);
    notificationsReducer(loaded, { type: 'UPDATE_VIEW_RESULT', payload: { notificationId: 'a', count: 1 } });
    notificationsReducer(loaded, { type: 'DELETE_NOTIFICATION_RESULT', payload: { notificationId: 'a', count: 1 } });
    expect(loaded).toEqual(frozen);
  });
});
