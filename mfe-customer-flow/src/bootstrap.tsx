// The applicants' page on this remote's own origin: the shell's providers (shared store and theme),
// TanStack Query and a router, around the customer routes.
import { AppProviders, loadRuntimeEnv } from '@originate/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StandaloneApp } from './standalone/StandaloneApp';

const queryClient = new QueryClient();

async function main(): Promise<void> {
  await loadRuntimeEnv();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <StandaloneApp />
          </BrowserRouter>
        </QueryClientProvider>
      </AppProviders>
    </StrictMode>,
  );
}

main().catch((error: unknown) => {
  document.body.textContent = `The application form could not start: ${error instanceof Error ? error.message : String(error)}`;
});
