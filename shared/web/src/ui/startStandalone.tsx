// A remote's own page (its team's standalone origin, or the applicants' portal): the shell's providers,
// TanStack Query, a router and the common chrome around the remote's app, once /env.json is read.
// A subpath of its own ('@originate/web/standalone'), not the root: the shell builds the root into its
// first, eager chunk, which must not pull in TanStack Query and the router. It imports the root by name,
// so it uses the one federated instance of the store and atoms.

import { AppProviders, ChromeHosts, loadRuntimeEnv } from '@originate/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

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

export { StandaloneFrame } from './StandaloneFrame';
