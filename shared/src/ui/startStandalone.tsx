// A remote's own page (its team's standalone origin, or the applicants' portal): the shell's providers,
// TanStack Query, a router and the common chrome around the remote's app, once /env.json is read.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRuntimeEnv } from '../http/runtimeEnv';
import { AppProviders } from './AppProviders';
import { ChromeHosts } from './chrome/ChromeHosts';

/** Renders `App` into #root; a start-up failure is written on the page, naming what failed to start. */
export function startStandalone(App: ComponentType, what: string): void {
  const start = async () => {
    await loadRuntimeEnv();
    const root = document.getElementById('root');
    if (!root) throw new Error('The page has no #root element');
    const queryClient = new QueryClient();
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
            <ChromeHosts />
          </QueryClientProvider>
        </AppProviders>
      </StrictMode>,
    );
  };
  start().catch((error: unknown) => {
    document.body.textContent = `${what} could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
}
