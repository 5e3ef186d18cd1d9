// The team's own page: the same providers as the shell, a header with the bell and the Notification page.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { buildTheme, loadRuntimeEnv, sharedStore, themeConfigAtom } from '@originate/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, useAtomValue } from 'jotai';
import { type ReactNode, StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StandaloneApp } from './standalone/StandaloneApp';

const queryClient = new QueryClient();

function Themed({ children }: { children: ReactNode }) {
  const config = useAtomValue(themeConfigAtom);
  const theme = useMemo(() => buildTheme(config), [config]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

async function main(): Promise<void> {
  await loadRuntimeEnv();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Provider store={sharedStore}>
        <Themed>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <StandaloneApp />
            </BrowserRouter>
          </QueryClientProvider>
        </Themed>
      </Provider>
    </StrictMode>,
  );
}

main().catch((error: unknown) => {
  document.body.textContent = `Notifications could not start: ${error instanceof Error ? error.message : String(error)}`;
});
