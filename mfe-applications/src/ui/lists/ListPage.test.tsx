import type { ApplicationsData, RuntimeEnv } from '@originate/contract';
import { runtimeEnvAtom, type Session, sessionAtom } from '@originate/web';
import * as setup from '@originate/web/lists/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Profiler, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import * as api from '../../api/lists';
import type { LiveSocket } from '../../api/live';
import ApplicationsPage from '../../exposed/ApplicationsPage';
import { actionAnswer, COLUMNS, OFFICER_ROLES, staff, task } from '../../test/fixtures';
import { ListPage } from './ListPage';

jest.mock('../../api/lists');
// The calls are replaced; the table configuration's key stays the package's (the list's hook and the early ask share it).
jest.mock('@originate/web/lists/api', () => ({
  ...jest.requireActual('@originate/web/lists/api'),
  fetchTableConfig: jest.fn(),
  fetchSavedFilters: jest.fn(),
  saveFilter: jest.fn(),
}));
const listeners: ((payload: never) => void)[] = [];
jest.mock('../../api/live', () => ({
  ...jest.requireActual('../../api/live'),
  openSocketIo: (): LiveSocket => ({
    on: (_event: string, listener: (payload: never) => void) => listeners.push(listener),
    disconnect: () => undefined,
  }),
}));
const mocked = { ...jest.mocked(api), ...jest.mocked(setup) };
// The data grid is heavy under jsdom on a busy machine: give rendering time, assert nothing on time.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 20_000 });

const env: RuntimeEnv = {
  apiBaseUrl: 'http://127.0.0.1:4300',
  remotesManifestUrl: 'http://127.0.0.1:3300/remotes.json',
  loginKey: 'k'.repeat(32),
  portalAppName: 'originate-backoffice',
};
const session: Session = {
  access_token: 't'.repeat(40),
  refresh_token: 'r',
  sessionid: 's',
  expires_in: 3600,
  expiry_time: '2026-11-22T11:00:00.000Z',
  issuedAt: 0,
  user: staff('USR-1001', OFFICER_ROLES),
};

const page = (over: Partial<ApplicationsData> = {}): ApplicationsData => ({
  tasks: [
    task(),
    task({ taskId: 'TSK-2', application_id: 'APP-0002', applicantName: 'Vikas Iyer', loanAmount: 750000 }),
  ],
  count: 12,
  closedCount: 1,
  stageWise: [
    { stepName: 'Sourcing', count: 5 },
    { stepName: 'Underwriting', count: 7 },
  ],
  taskNameWise: [{ taskName: 'Credit review', count: 12 }],
  versionNumberWise: [{ versionNumber: 243, count: 12 }],
  ...over,
});

function mount(
  onCommit?: () => void,
  page: ReactNode = <ListPage list="MY_APPLICATIONS" title="My Applications" />,
  address = '/',
) {
  const store = createStore();
  store.set(runtimeEnvAtom, env);
  store.set(sessionAtom, session);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[address]}>
          <Profiler id="list" onRender={() => onCommit?.()}>
            {page}
          </Profiler>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  listeners.length = 0;
  mocked.fetchTableConfig.mockResolvedValue({
    id: 'MY_APPLICATIONS',
    columns: COLUMNS,
    defaultSort: { field: 'mod_time', direction: 'desc' },
  });
  mocked.fetchApplications.mockResolvedValue(page());
  mocked.fetchSavedFilters.mockResolvedValue([]);
});

/** Commits of the list from mount until its rows and counts stand (measured, with a little room). */
const RENDER_BUDGET = 11;

const lastVariables = () => mocked.fetchApplications.mock.calls.at(-1)?.[0];

describe('an application list', () => {
  it('asks for the first page of 10 (the server applies the table’s default sort), and shows the rows and counts', async () => {
    mount();
    expect(await screen.findByText('APP-0002')).toBeTruthy();
    expect(lastVariables()).toEqual({ list: 'MY_APPLICATIONS', page: { page: 0, size: 10 } });
    expect(mocked.fetchApplications).toHaveBeenCalledTimes(1);
    expect(screen.getByText('₹7,50,000.00')).toBeTruthy();
    // The counts follow the rows in a render of their own.
    expect(await screen.findByText(/12 applications/)).toBeTruthy();
    expect(screen.getByText(/1 closed/)).toBeTruthy();
    const stages = screen.getByRole('group', { name: 'Stage counts' });
    expect(within(stages).getByText('Underwriting · 7')).toBeTruthy();
    // One flow version in the whole list: its count says nothing, so it is not shown.
    expect(screen.queryByRole('group', { name: 'Flow version counts' })).toBeNull();
  });

  it('asks for the page at once, not after the table configuration (no waterfall)', async () => {
    let configure_: (() => void) | undefined;
    mocked.fetchTableConfig.mockReturnValue(
      new Promise((resolve) => {
        configure_ = () =>
          resolve({ id: 'MY_APPLICATIONS', columns: COLUMNS, defaultSort: { field: 'mod_time', direction: 'desc' } });
      }),
    );
    mount();
    await waitFor(() => expect(mocked.fetchApplications).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('APP-0002')).toBeNull();
    act(() => configure_?.());
    expect(await screen.findByText('APP-0002')).toBeTruthy();
    expect(mocked.fetchApplications).toHaveBeenCalledTimes(1);
  });

  it('sends the page request during the first render, before the grid is committed', async () => {
    let callsAtFirstCommit: number | undefined;
    mount(() => {
      callsAtFirstCommit ??= mocked.fetchApplications.mock.calls.length;
    });
    await screen.findByText('APP-0002');
    expect(callsAtFirstCommit).toBe(1);
    expect(mocked.fetchApplications).toHaveBeenCalledTimes(1);
  });

  it('commits a bounded number of renders from mount to rows and counts shown', async () => {
    let commits = 0;
    mount(() => {
      commits++;
    });
    await screen.findByText('APP-0002');
    await screen.findByText(/12 applications/);
    // Let whatever follows the data (deferred counts, the grid's own measuring) settle.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    console.log(`ListPage: ${commits} commits from mount to rows and counts`);
    expect(commits).toBeLessThanOrEqual(RENDER_BUDGET);
  });

  it('filters by a count chip, and clears it on a second click', async () => {
    mount();
    const chip = await screen.findByRole('button', { name: 'Underwriting · 7' });
    fireEvent.click(chip);
    await waitFor(() =>
      expect(lastVariables()?.filters).toEqual([{ field: 'stage', operator: 'EQUAL', value: 'Underwriting' }]),
    );
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip);
    await waitFor(() => expect(lastVariables()?.filters).toBeUndefined());
  });

  it('sends the review bucket and the local search, from the first page', async () => {
    mount();
    await screen.findByText('APP-0002');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastVariables()?.bucket).toBe('Today'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search this list' }), { target: { value: 'Asha' } });
    await waitFor(() => expect(lastVariables()?.search).toBe('Asha'));
    expect(lastVariables()?.page).toEqual({ page: 0, size: 10 });
  });

  it('switches to the grid view with the grid page sizes', async () => {
    mount();
    await screen.findByText('APP-0002');
    fireEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    await waitFor(() => expect(lastVariables()?.page).toEqual({ page: 0, size: 9 }));
    expect(within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers the officer the actions shared’s rules allow, and posts the one picked', async () => {
    mocked.runTaskAction.mockResolvedValue(actionAnswer({ application_id: 'APP-0001' }));
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for APP-0001' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Open', 'Leave', 'Revert stage', 'Reject', 'Cancel', 'Copy']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Leave' }));
    await waitFor(() =>
      expect(mocked.runTaskAction).toHaveBeenCalledWith('release', { application_id: 'APP-0001', taskId: 'TSK-1' }),
    );
  });

  it('refetches the page when an application changes elsewhere', async () => {
    jest.useFakeTimers();
    try {
      mount();
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      const before = mocked.fetchApplications.mock.calls.length;
      expect(listeners).toHaveLength(1);
      act(() => listeners[0]?.({ application_id: 'APP-0001', mod_time: '2026-11-22T10:00:00Z' } as never));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(300);
      });
      expect(mocked.fetchApplications.mock.calls.length).toBe(before + 1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the menu entry’s page (exposed ApplicationsPage)', () => {
  it('asks for the first page and the columns before the list’s code has loaded, and asks once', async () => {
    mount(undefined, <ApplicationsPage basename="/applications/my" />);
    // The first render has run; the list's chunk (a lazy import) has not arrived yet.
    expect(screen.getByRole('heading', { name: 'My Applications' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(mocked.fetchApplications).toHaveBeenCalledWith({ list: 'MY_APPLICATIONS', page: { page: 0, size: 10 } });
    expect(mocked.fetchTableConfig).toHaveBeenCalledWith('MY_APPLICATIONS');
    expect(await screen.findByText('APP-0002')).toBeTruthy();
    expect(mocked.fetchApplications).toHaveBeenCalledTimes(1);
    expect(mocked.fetchTableConfig).toHaveBeenCalledTimes(1);
  });

  it('asks for no first page when a saved filter named in the address is applied first', async () => {
    mount(undefined, <ApplicationsPage basename="/applications/my" />, '/applications/my?filter=Mine');
    expect(mocked.fetchTableConfig).toHaveBeenCalledWith('MY_APPLICATIONS');
    expect(mocked.fetchApplications).not.toHaveBeenCalled();
    await waitFor(() => expect(mocked.fetchSavedFilters).toHaveBeenCalled());
  });
});
