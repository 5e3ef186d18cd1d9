// The screen tests' harness: a signed-in user in the shared store, a tree rendered with the shell's providers,
// a fresh QueryClient and a video service over a scripted gateway, and a wait that lets everything settle.
// react-dom directly, no extra test library (as mfe-reports).
import { AppProviders, type Session, sessionAtom, sharedStore } from '@originate/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { VideoRoomService } from '../domain/videoRoomService';
import { VideoServiceContext } from '../ui/VideoServiceContext';
import type { ScriptedGateway } from './scriptedGateway';

// react-dom's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function login(roles: string[], userid = 'USR-1', displayName = 'Asha Agent') {
  const session: Session = {
    access_token: 'token-1',
    refresh_token: 'refresh-1',
    sessionid: 'session-1',
    expires_in: 3600,
    expiry_time: '2026-11-28T11:00:00.000Z',
    issuedAt: 0,
    user: {
      userid,
      userName: 'asha',
      firstName: 'Asha',
      lastName: 'Agent',
      displayName,
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
  text: () => string;
  button: (name: string) => HTMLButtonElement;
  click: (element: Element) => Promise<void>;
  type: (input: HTMLInputElement, value: string) => Promise<void>;
  /** Something the gateway does (an event, a callback), inside act(). */
  gatewayDoes: (what: () => void) => Promise<void>;
  unmount: () => Promise<void>;
}

export async function mount(ui: ReactNode, gateway: ScriptedGateway, pollMs = 20): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const factory = (url: string, token: string) =>
    new VideoRoomService({ url, token, connect: gateway.connect, pollMs });
  await act(async () =>
    root.render(
      <AppProviders>
        <QueryClientProvider client={client}>
          <VideoServiceContext.Provider value={factory}>{ui}</VideoServiceContext.Provider>
        </QueryClientProvider>
      </AppProviders>,
    ),
  );
  const text = () => container.textContent ?? '';
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      if (check()) return;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
    throw new Error(`never saw: ${what}\n${text()}`);
  };
  const button = (name: string) => {
    const found = [...container.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
    );
    if (!found) throw new Error(`no button '${name}' in: ${text()}`);
    return found;
  };
  const click = async (element: Element) => {
    await act(async () => {
      element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
  };
  const type = async (input: HTMLInputElement, value: string) => {
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
      setter?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const gatewayDoes = async (what: () => void) => {
    await act(async () => what());
  };
  const unmount = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return { container, until, text, button, click, type, gatewayDoes, unmount };
}
