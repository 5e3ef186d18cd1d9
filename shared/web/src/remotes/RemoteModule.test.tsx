import type { RemoteEntry } from '@originate/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { loadRemoteComponent } from './loader';
import { RemoteModule } from './RemoteModule';

jest.mock('./loader', () => ({ loadRemoteComponent: jest.fn() }));
const load = loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>;

const remote: RemoteEntry = {
  name: 'mfe_video',
  entry: 'http://127.0.0.1:3005/mf-manifest.json',
  version: '1.0.0',
  displayName: 'Video',
  unavailableMessage: 'Video calls are unavailable right now.',
  requiredRoles: [],
  menu: [],
};

function renderModule(fallback?: 'card' | 'icon' | 'none') {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <div data-testid="place">
        <RemoteModule remote={remote} module="./VideoCall" props={{ who: 'applicant' }} fallback={fallback} />
      </div>
    </QueryClientProvider>,
  );
}

const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => jest.clearAllMocks());
afterAll(() => logged.mockRestore());

describe('RemoteModule', () => {
  it('renders the loaded module with the props', async () => {
    load.mockResolvedValue((({ who }: { who: string }) => <p>{`call for ${who}`}</p>) as ComponentType<unknown>);
    renderModule('none');
    expect(await screen.findByText('call for applicant')).toBeTruthy();
    expect(load).toHaveBeenCalledWith(remote, './VideoCall');
  });

  it('shows the card with Retry when the remote cannot load', async () => {
    load.mockRejectedValue(new Error('offline'));
    renderModule();
    expect((await screen.findByRole('alert')).textContent).toContain('Video calls are unavailable right now.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("shows nothing at all with fallback 'none' (a module that only adds to a page)", async () => {
    load.mockRejectedValue(new Error('offline'));
    renderModule('none');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByTestId('place').innerHTML).toBe('');
  });
});
