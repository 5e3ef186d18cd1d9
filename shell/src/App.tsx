import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { buildTheme, sharedStore, themeConfigAtom } from '@originate/shared';
import { Provider, useAtomValue } from 'jotai';
import { type ReactNode, useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ShellChrome } from './chrome/ShellChrome';
import { AppRoutes } from './routes/AppRoutes';

function ThemedRoot({ children }: { children: ReactNode }) {
  const config = useAtomValue(themeConfigAtom);
  const theme = useMemo(() => buildTheme(config), [config]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function App() {
  return (
    <Provider store={sharedStore}>
      <ThemedRoot>
        <BrowserRouter>
          <ShellChrome />
          <AppRoutes />
        </BrowserRouter>
      </ThemedRoot>
    </Provider>
  );
}
