import type { ApplicationChangedPayload } from '@originate/contract';
import { runtimeEnvAtom, sessionAtom, sharedStore } from '@originate/web';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { detailKeys } from './keys';
import type { LiveSocket } from './live';
import { useLiveDetail } from './useDetail';

let listener: ((payload: ApplicationChangedPayload) => void) | null = null;
const socket: LiveSocket = {
  on: (_event, l) => {
    // The socket hands each event's payload to its listener: here APPLICATION_CHANGED's.
    listener = l as (payload: ApplicationChangedPayload) => void;
  },
  disconnect: () => {
    listener = null;
  },
};
const open = jest.fn(() => socket);

let fetches = 0;
function Page({ id }: { id: string }) {
  useLiveDetail(id, open);
  const q = useQuery({ queryKey: detailKeys.configs(id), queryFn: async () => ++fetches });
  return <output>{q.data ?? 0}</output>;
}

beforeEach(() => {
  jest.useFakeTimers();
  fetches = 0;
  sharedStore.set(runtimeEnvAtom, {
    apiBaseUrl: 'http://127.0.0.1:4000',
    remotesManifestUrl: '/remotes.json',
    loginKey: 'k'.repeat(32),
    portalAppName: 'originate-backoffice',
  });
  sharedStore.set(sessionAtom, {
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    sessionid: 'session-1',
    expires_in: 3600,
    expiry_time: '2026-11-22T11:00:00.000Z',
    issuedAt: 0,
    user: { userid: 'USR-1', userName: 'officer', roles: [], applications: [], teams: [] },
  } as never);
});

afterEach(() => {
  jest.useRealTimers();
  sharedStore.set(sessionAtom, null);
  sharedStore.set(runtimeEnvAtom, null);
});

it('refetches the page when its application changes elsewhere, not for another one, and closes the socket', async () => {
  const client = new QueryClient();
  const { unmount } = render(
    <Provider store={sharedStore}>
      <QueryClientProvider client={client}>
        <Page id="APP-7" />
      </QueryClientProvider>
    </Provider>,
  );
  await act(async () => {
    await jest.runAllTimersAsync();
  });
  expect(screen.getByRole('status').textContent).toBe('1');
  expect(open).toHaveBeenCalledWith('http://127.0.0.1:4000/applications', { token: 'token-1', sessionId: 'session-1' });

  await act(async () => {
    listener?.({ application_id: 'APP-8', mod_time: '2026-11-22T10:00:00Z' } as ApplicationChangedPayload);
    await jest.runAllTimersAsync();
  });
  expect(screen.getByRole('status').textContent).toBe('1');

  await act(async () => {
    listener?.({ application_id: 'APP-7', mod_time: '2026-11-22T10:00:01Z' } as ApplicationChangedPayload);
    await jest.runAllTimersAsync();
  });
  expect(screen.getByRole('status').textContent).toBe('2');
  unmount();
  expect(listener).toBeNull();
});
