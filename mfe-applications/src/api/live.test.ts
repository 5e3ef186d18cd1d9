import { APPLICATIONS_NAMESPACE, ApplicationEvents } from '@originate/contract';
import { type LiveSocket, subscribeApplicationChanges } from './live';

function fakeSocket() {
  const listeners = new Map<string, (payload: never) => void>();
  const socket: LiveSocket & { disconnected: boolean } = {
    disconnected: false,
    on: (event, listener) => listeners.set(event, listener as (payload: never) => void),
    disconnect: () => {
      socket.disconnected = true;
    },
  };
  const emit = (application_id: string) =>
    listeners.get(ApplicationEvents.APPLICATION_CHANGED)?.({
      application_id,
      mod_time: '2026-11-22T10:00:00Z',
    } as never);
  return { socket, emit };
}

describe('live list updates over the staff namespace', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('connects to the namespace with the session and reports a burst of changes once', () => {
    const { socket, emit } = fakeSocket();
    const opened: [string, unknown][] = [];
    const changed: string[][] = [];
    const stop = subscribeApplicationChanges(
      (url, auth) => {
        opened.push([url, auth]);
        return socket;
      },
      'http://127.0.0.1:4000/',
      { token: 't', sessionId: 's' },
      (ids) => changed.push(ids),
    );
    expect(opened).toEqual([[`http://127.0.0.1:4000${APPLICATIONS_NAMESPACE}`, { token: 't', sessionId: 's' }]]);
    emit('APP-1');
    emit('APP-2');
    expect(changed).toEqual([]);
    jest.runOnlyPendingTimers();
    expect(changed).toEqual([['APP-1', 'APP-2']]);
    emit('APP-3');
    jest.runOnlyPendingTimers();
    expect(changed).toEqual([['APP-1', 'APP-2'], ['APP-3']]);
    stop();
    expect(socket.disconnected).toBe(true);
  });

  it('drops a pending burst when unsubscribed', () => {
    const { socket, emit } = fakeSocket();
    const changed: string[][] = [];
    const stop = subscribeApplicationChanges(
      () => socket,
      'http://x',
      { token: 't', sessionId: 's' },
      (ids) => changed.push(ids),
    );
    emit('APP-1');
    stop();
    jest.runOnlyPendingTimers();
    expect(changed).toEqual([]);
  });
});
