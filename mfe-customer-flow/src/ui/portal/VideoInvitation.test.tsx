import type { VideoInvitation as Invitation, RemoteSlot, SlotProps } from '@originate/contract';
import { API_PATHS } from '@originate/contract';
import { api, type Session, type SlotHost, SlotRendererContext, sessionAtom, sharedStore } from '@originate/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { storeApplicantSession } from '../../api/applicantSession';
import { NO_EMBED, PortalChrome } from './PortalChrome';

// The portal asks through the web package's one http client (the header asks it for the bank's contact too).
const fetchInvitation = jest.spyOn(api, 'get');

const WAITING: Invitation = {
  call: {
    callId: '0b6a3c52-4f0e-4c1e-9a57-2f1f4d0c9e11',
    startedBy: { displayName: 'Olive Officer' },
    createdAt: '2026-11-28T09:30:00.000Z',
  },
};

function signInApplicant(applicationId: string) {
  storeApplicantSession(
    {
      access_token: 'token-a',
      refresh_token: 'refresh-a',
      sessionid: 'session-a',
      expires_in: 3600,
      expiry_time: '2026-11-28T13:00:00.000Z',
    },
    applicationId,
  );
}

/** A host filling `slots`; videoCall renders what it was given. */
function hostOf(slots: readonly RemoteSlot[], rendered: unknown[] = []): SlotHost {
  return {
    provides: (slot) => slots.includes(slot),
    render: (slot, props) => {
      rendered.push(props);
      const p = props as SlotProps['videoCall'];
      return slot === 'videoCall' ? <p>{`call ${p.applicationId} as ${p.joinAs}${p.phone ? ', phone' : ''}`}</p> : null;
    },
  };
}

function renderChrome(host: SlotHost | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Provider store={sharedStore}>
      <QueryClientProvider client={client}>
        <SlotRendererContext value={host}>
          <PortalChrome embed={NO_EMBED}>
            <p>the flow</p>
          </PortalChrome>
        </SlotRendererContext>
      </QueryClientProvider>
    </Provider>,
  );
}

afterEach(() => {
  act(() => sharedStore.set(sessionAtom, null));
  jest.clearAllMocks();
});

describe("the portal chrome's video invitation", () => {
  it('shows the videoCall slot, phone-sized, as the applicant of their application while a call waits', async () => {
    signInApplicant('APP-9');
    fetchInvitation.mockResolvedValue(WAITING);
    const rendered: unknown[] = [];
    renderChrome(hostOf(['videoCall'], rendered));
    expect(await screen.findByText('call APP-9 as applicant, phone')).toBeTruthy();
    expect(screen.getByTestId('portal-video-call')).toBeTruthy();
    expect(rendered.at(-1)).toMatchObject({ applicationId: 'APP-9', joinAs: 'applicant', phone: true });
    expect(fetchInvitation).toHaveBeenCalledWith(API_PATHS.videoInvitation);
    expect(screen.getByText('the flow')).toBeTruthy();
  });

  it('shows nothing while no call waits', async () => {
    signInApplicant('APP-9');
    fetchInvitation.mockResolvedValue({ call: null });
    renderChrome(hostOf(['videoCall']));
    await waitFor(() => expect(fetchInvitation).toHaveBeenCalled());
    expect(screen.queryByTestId('portal-video-call')).toBeNull();
  });

  it('shows nothing and asks nothing without a remote filling the slot, or outside an applicant session', async () => {
    signInApplicant('APP-9');
    fetchInvitation.mockResolvedValue(WAITING);
    const { unmount } = renderChrome(null);
    await screen.findByText('the flow');
    expect(fetchInvitation).not.toHaveBeenCalledWith(API_PATHS.videoInvitation);
    unmount();
    act(() => sharedStore.set(sessionAtom, null));
    renderChrome(hostOf(['videoCall']));
    await screen.findByText('the flow');
    expect(fetchInvitation).not.toHaveBeenCalledWith(API_PATHS.videoInvitation);
    expect(screen.queryByTestId('portal-video-call')).toBeNull();
  });

  it('shows nothing when the invitation cannot be read', async () => {
    signInApplicant('APP-9');
    fetchInvitation.mockRejectedValue(new Error('offline'));
    renderChrome(hostOf(['videoCall']));
    await waitFor(() => expect(fetchInvitation).toHaveBeenCalled());
    expect(screen.queryByTestId('portal-video-call')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// A staff session (the back office's staff flow page renders this chrome too) is no applicant.
it('shows nothing to staff', async () => {
  const staff: Session = {
    access_token: 't',
    refresh_token: 'r',
    sessionid: 's',
    expires_in: 3600,
    expiry_time: '2026-11-28T13:00:00.000Z',
    issuedAt: 0,
    user: {
      userid: 'USR-1',
      userName: 'officer',
      firstName: 'Olive',
      lastName: 'Officer',
      displayName: 'Olive Officer',
      roles: ['AGENT'],
      applications: ['originate-backoffice'],
      teams: [],
    },
  };
  sharedStore.set(sessionAtom, staff);
  renderChrome(hostOf(['videoCall']));
  await screen.findByText('the flow');
  expect(fetchInvitation).not.toHaveBeenCalledWith(API_PATHS.videoInvitation);
});
