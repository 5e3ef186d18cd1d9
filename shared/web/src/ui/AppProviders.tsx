// What every page root needs, in the shell and in a remote's standalone page: the shared jotai store
// and the MUI theme built from `themeConfigAtom` and the user's motion setting (CssBaseline included).
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider, useAtomValue } from 'jotai';
import { type ReactNode, useMemo } from 'react';
import { sharedStore, themeConfigAtom } from '../session/store';
import { buildTheme, useReducedMotion } from './theme';

function ThemedRoot({ children }: { children: ReactNode }) {
  const config = useAtomValue(themeConfigAtom);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => buildTheme(config, { reducedMotion }), [config, reducedMotion]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={sharedStore}>
      <ThemedRoot>{children}</ThemedRoot>
    </Provider>
  );
}
