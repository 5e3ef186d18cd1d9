// The page tests' harness: a signed-in user in the shared store, the page rendered with the shell's
// providers and a fresh QueryClient, and a wait that lets queries settle. react-dom directly (the package's
// own dependency), no extra test library.
import { AppProviders, type Session, sessionAtom, sharedStore } from '@originate/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import ReportsPage from '../exposed/ReportsPage';

// react-dom's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function login(roles: string[]) {
  const session: Session = {
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    sessionid: 'session-1',
    expires_in: 3600,
    expiry_time: '2026-11-22T11:00:00.000Z',
    issuedAt: 0,
    user: {
      userid: 'USR-1',
      userName: 'lead',
      firstName: 'Lata',
      lastName: 'Lead',
      displayName: 'Lata Lead',
      roles,
      applications: ['originate-backoffice'],
      teams: [],
    },
  };
  sharedStore.set(sessionAtom, session);
}

export interface Mounted {
  container: HTMLDivElement;
  until: (check: () => boolean, what: string) => Promise<void>;
  unmount: () => Promise<void>;
}

export async function mountPage(basename: '/dashboard' | '/reports'): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <AppProviders>
        <QueryClientProvider client={client}>
          <ReportsPage basename={basename} />
        </QueryClientProvider>
      </AppProviders>,
    ),
  );
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      if (check()) return;
      await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
    }
    throw new Error(`never saw: ${what}\n${document.body.textContent}`);
  };
  const unmount = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return { container, until, unmount };
}
