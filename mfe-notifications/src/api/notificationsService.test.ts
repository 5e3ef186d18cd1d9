import type { RuntimeEnv } from '@originate/contract';
import { runtimeEnvAtom, sessionAtom, unreadCountAtom } from '@originate/web';
import { createStore } from 'jotai';
import { FakeSocket, notification, session } from '../test/fixtures';
import { createNotificationsService } from './notificationsService';

const env: RuntimeEnv = {
  apiBaseUrl: 'http://127.0.0.1:4300',
  remotesManifestUrl: '',
  loginKey: 'k'.repeat(32),
  portalAppName: 'originate-backoffice',
};

const services: { dispose(): void }[] = [];

function setup() {
  const store = createStore();
  const sockets: FakeSocket[] = [];
  let clock = 100_000;
  const alert = jest.fn();
  const service = createNotificationsService({
    store,
    openSocket: (url, auth) => {
      const socket = new FakeSocket(url, auth);
      sockets.push(socket);
      return socket;
    },
    alert,
    now: () => clock,
  });
  services.push(service);
  return {
    store,
    sockets,
    alert,
    service,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('notifications service', () => {
  // The session atom persists in sessionStorage: each test starts signed out.
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    for (const service of services.splice(0)) service.dispose();
  });

  it('stays offline without a session, runtime env or the NOTIFICATION role', () => {
    const { store, sockets, service } = setup();
    store.set(sessionAtom, session());
    expect(sockets).toHaveLength(0);
    store.set(sessionAtom, session({}, ['AGENT']));
    store.set(runtimeEnvAtom, env);
    expect(sockets).toHaveLength(0);
    expect(service.getSnapshot().connection).toBe('offline');
  });

  it('connects once per session to the API origin with the token and session id', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('http://127.0.0.1:4300');
    expect(sockets[0]?.auth).toEqual({ token: 'token-1', sessionId: 'session-1' });
    expect(service.getSnapshot().connection).toBe('connecting');
    sockets[0]?.serverSends('connect');
    expect(service.getSnapshot().connection).toBe('connected');
  });

  it('applies server events and mirrors the count into the shared unread count', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    sockets[0]?.serverSends('NOTIFICATION', { messages: [notification('a')], count: 1 });
    sockets[0]?.serverSends('NEW', { notification: notification('b'), count: 2 });
    expect(service.getSnapshot().notifications.map((n) => n.notificationId)).toEqual(['b', 'a']);
    expect(store.get(unreadCountAtom)).toBe(2);
  });

  it('alerts on a new notification, then suppresses alerts for 1500 ms', () => {
    const { store, sockets, alert, tick } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    const socket = sockets[0];
    socket?.serverSends('NEW', { notification: notification('a'), count: 1 });
    tick(1000);
    socket?.serverSends('NEW', { notification: notification('b'), count: 2 });
    expect(alert).toHaveBeenCalledTimes(1);
    tick(500);
    socket?.serverSends('NEW', { notification: notification('c'), count: 3 });
    expect(alert).toHaveBeenCalledTimes(2);
  });

  it('reconnects the same socket with the new token after a refresh', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    sockets[0]?.serverSends('connect');
    store.set(sessionAtom, session({ access_token: 'token-2', refresh_token: 'refresh-2' }));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.auth).toEqual({ token: 'token-2', sessionId: 'session-1' });
    expect(sockets[0]?.calls).toEqual(['disconnect', 'connect']);
    expect(service.getSnapshot().connection).toBe('reconnecting');
  });

  it('emits LOGOUT, disconnects and clears the list when the session ends', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    sockets[0]?.serverSends('NOTIFICATION', { messages: [notification('a')], count: 1 });
    store.set(sessionAtom, null);
    expect(sockets[0]?.emitted).toEqual([['LOGOUT', {}]]);
    expect(sockets[0]?.calls).toEqual(['disconnect']);
    expect(service.getSnapshot()).toEqual({ notifications: [], count: 0, loaded: false, connection: 'offline' });
    expect(store.get(unreadCountAtom)).toBe(0);
  });

  it('opens a new connection for a new session and ignores the old socket', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    store.set(sessionAtom, session({ sessionid: 'session-2', access_token: 'token-9' }));
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.emitted).toEqual([['LOGOUT', {}]]);
    sockets[0]?.serverSends('NEW', { notification: notification('stale'), count: 5 });
    expect(service.getSnapshot().notifications).toEqual([]);
  });

  it('sends the user actions as the contract events', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    service.markViewed('a');
    service.remove('b');
    service.markAllUnread();
    service.markAllCounted();
    expect(sockets[0]?.emitted).toEqual([
      ['UPDATE_VIEW', { notificationId: 'a' }],
      ['DELETE_NOTIFICATION', { notificationId: 'b' }],
      ['UPDATE_UNREAD', {}],
      ['UPDATE_COUNT', {}],
    ]);
  });

  it('dispose leaves the server and stops following the session', () => {
    const { store, sockets, service } = setup();
    store.set(runtimeEnvAtom, env);
    store.set(sessionAtom, session());
    service.dispose();
    store.set(sessionAtom, session({ sessionid: 'session-3' }));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.emitted).toEqual([['LOGOUT', {}]]);
  });
});
