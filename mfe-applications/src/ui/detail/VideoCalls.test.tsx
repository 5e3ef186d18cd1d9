import type { RemoteSlot, SlotProps, VideoCall } from '@originate/contract';
import { type Session, type SlotHost, SlotRendererContext, sessionAtom, sharedStore } from '@originate/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detailApi } from '../../api/detail';
import { application, taskConfigs } from '../../test/fixtures';
import DetailPage from './DetailPage';

jest.mock('../../api/detail', () => ({
  detailApi: {
    configs: jest.fn(),
    application: jest.fn(async () => null),
    record: jest.fn(),
    worklogs: jest.fn(async () => []),
    videoCalls: jest.fn(async () => []),
    downloadRecording: jest.fn(),
  },
}));
const mocked = detailApi as jest.Mocked<typeof detailApi>;

const team = { type: 'HIERARCHY' as const, id: 'T-1' };
const CONFIGS = taskConfigs(
  { application_id: 'APP-7', stage: 'Credit review' },
  { taskId: 'TSK-7', assignedTeam: [team] },
);
const CALL_ID = '0b6a3c52-4f0e-4c1e-9a57-2f1f4d0c9e11';
const FILE = 'videoroom-1234-user-5678-1764320000000-video-0.mjr';

function login(roles: string[]) {
  const session: Session = {
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    sessionid: 'session-1',
    expires_in: 3600,
    expiry_time: '2026-11-28T11:00:00.000Z',
    issuedAt: 0,
    user: {
      userid: 'USR-1',
      userName: 'officer',
      firstName: 'Olive',
      lastName: 'Officer',
      displayName: 'Olive Officer',
      roles,
      applications: ['originate-backoffice'],
      teams: [team],
    },
  };
  sharedStore.set(sessionAtom, session);
}

/** A host filling `slots`; the videoCall slot renders its props and a Leave button calling onClose. */
function hostOf(slots: readonly RemoteSlot[]): SlotHost & { calls: SlotProps['videoCall'][] } {
  const calls: SlotProps['videoCall'][] = [];
  return {
    calls,
    provides: (slot) => slots.includes(slot),
    render: (slot, props) => {
      if (slot !== 'videoCall') return null;
      const call = props as SlotProps['videoCall'];
      calls.push(call);
      return (
        <div data-testid="video-slot">
          {`${call.applicationId} as ${call.joinAs}`}
          <button type="button" onClick={call.onClose}>
            Leave
          </button>
        </div>
      );
    },
  };
}

function renderPage(host: SlotHost) {
  mocked.configs.mockResolvedValue(CONFIGS);
  mocked.record.mockResolvedValue(application({ application_id: 'APP-7' }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SlotRendererContext value={host}>
        <DetailPage applicationId="APP-7" />
      </SlotRendererContext>
    </QueryClientProvider>,
  );
}

const call = (over: Partial<VideoCall>): VideoCall => ({
  callId: CALL_ID,
  applicationId: 'APP-7',
  status: 'ENDED',
  startedBy: { id: 'USR-1', displayName: 'Olive Officer' },
  createdAt: '2026-11-28T09:30:00.000Z',
  endedAt: '2026-11-28T09:45:00.000Z',
  recording: true,
  recordings: [{ fileName: FILE, bytes: 2 * 1048576, createdAt: '2026-11-28T09:45:00.000Z' }],
  ...over,
});

afterEach(() => {
  act(() => sharedStore.set(sessionAtom, null));
  jest.clearAllMocks();
});

describe('the detail\'s "Video call" action', () => {
  it('opens the videoCall slot for an AGENT, as staff on this application, and closes when the call is left', async () => {
    login(['AGENT']);
    const host = hostOf(['videoCall']);
    renderPage(host);
    fireEvent.click(await screen.findByRole('button', { name: 'Video call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Video call: application APP-7' });
    expect(within(dialog).getByTestId('video-slot').textContent).toContain('APP-7 as staff');
    expect(host.calls.at(-1)).toMatchObject({ applicationId: 'APP-7', joinAs: 'staff' });
    const listed = mocked.videoCalls.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByTestId('video-slot')).toBeNull());
    // Leaving refreshes the list of calls.
    await waitFor(() => expect(mocked.videoCalls.mock.calls.length).toBeGreaterThan(listed));
  });

  it('is offered to a SUPERVISOR too', async () => {
    login(['SUPERVISOR']);
    renderPage(hostOf(['videoCall']));
    expect(await screen.findByRole('button', { name: 'Video call' })).toBeTruthy();
  });

  it('is not offered without a conference role, nor when no remote fills the slot', async () => {
    login(['CPA', 'APPLICATIONS_ACTIONS']);
    const { unmount } = renderPage(hostOf(['videoCall']));
    await screen.findByText('Application APP-7');
    expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull();
    unmount();
    login(['AGENT']);
    renderPage(hostOf([]));
    await screen.findByText('Application APP-7');
    expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull();
  });
});

describe('the detail\'s "Video calls" section', () => {
  it('says when the application has no calls', async () => {
    login(['CPA']);
    renderPage(hostOf([]));
    const section = await screen.findByRole('region', { name: 'Video calls' });
    expect(await within(section).findByText('No video calls for this application yet.')).toBeTruthy();
    expect(mocked.videoCalls).toHaveBeenCalledWith('APP-7');
  });

  it('lists each call (who, when, status) with its recordings, downloaded through the http client', async () => {
    login(['CPA']);
    mocked.videoCalls.mockResolvedValue([
      call({}),
      call({
        callId: '1c6a3c52-4f0e-4c1e-9a57-2f1f4d0c9e12',
        status: 'WAITING',
        startedBy: { id: 'USR-2', displayName: 'Asha Agent' },
        createdAt: '2026-11-28T11:00:00.000Z',
        endedAt: null,
        recording: false,
        recordings: [],
      }),
    ]);
    mocked.downloadRecording.mockResolvedValue(new Blob(['mjr']));
    const createObjectURL = jest.fn(() => 'blob:recording');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(hostOf([]));
    const section = await screen.findByRole('region', { name: 'Video calls' });
    const items = await within(section).findAllByText(/^Started by /);
    // Newest first.
    expect(items.map((i) => i.textContent)).toEqual(['Started by Asha Agent', 'Started by Olive Officer']);
    expect(within(section).getByText('Waiting for the applicant')).toBeTruthy();
    expect(within(section).getByText('Ended')).toBeTruthy();
    expect(within(section).getByText('Not recorded.')).toBeTruthy();
    expect(within(section).getByText(FILE)).toBeTruthy();
    expect(within(section).getByText('2.0 MB')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: `Download ${FILE}` }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(mocked.downloadRecording).toHaveBeenCalledWith(CALL_ID, FILE);
    click.mockRestore();
  });
});
