import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@originate/contract';
import { loadRemoteComponent } from './loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

const remote: RemoteEntry = {
  name: 'mfe_notifications',
  entry: 'http://127.0.0.1:3004/mf-manifest.json',
  version: '1.0.0',
  displayName: 'Notifications',
  unavailableMessage: 'Notifications are unavailable right now.',
  requiredRoles: [],
  menu: [],
};

const NotificationsPage = () => null;

type Shared = { loading?: Promise<unknown> | null; loaded?: boolean };
const federation = globalThis as { __FEDERATION__?: { __SHARE__: Record<string, unknown> } };

function shareScopes(entries: Record<string, Shared>): void {
  federation.__FEDERATION__ = { __SHARE__: { mfe_notifications: { default: { '@mui/material/Container': entries } } } };
}

afterEach(() => {
  delete federation.__FEDERATION__;
  load.mockReset();
});

it('forgets a shared module whose load failed, so the next attempt loads it again; a loaded one is kept', async () => {
  const failedLoad = Promise.reject(new Error('Loading chunk 4774 failed.'));
  failedLoad.catch(() => undefined);
  const loadedOne = Promise.resolve(() => ({}));
  const failed: Shared = { loading: failedLoad, loaded: false };
  const loaded: Shared = { loading: loadedOne, loaded: true };
  shareScopes({ '7.3.9': failed, '7.3.8': loaded });
  // The first attempt meets the failed share; by the second the runtime must be free to fetch it again.
  load
    .mockImplementationOnce(() => failedLoad)
    .mockImplementationOnce(async () => {
      expect(failed.loading).toBeNull();
      return { default: NotificationsPage };
    });
  await expect(loadRemoteComponent(remote, './NotificationsPage')).resolves.toBe(NotificationsPage);
  expect(load).toHaveBeenCalledTimes(2);
  expect(loaded.loading).toBe(loadedOne);
});
