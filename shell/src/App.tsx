import { AppProviders, ChromeHosts, isLoggedInAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { PageLoading } from './pages/PageLoading';
import { isLoginEntry } from './routes/routeTable';

const AuthArea = lazy(() => import('./auth/AuthArea'));
// The router and every routed area: not needed to show the login form on first load.
const RoutedApp = lazy(() => import('./routes/RoutedApp'));

/**
 * A logged-out visit to '/' or '/login' shows the login form without loading the router; once logged in
 * (or on any other path) the routed app takes over for good and owns every later change of page.
 */
function Entry() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [routed, setRouted] = useState(() => loggedIn || !isLoginEntry(window.location.pathname));
  if (routed || loggedIn) return <RoutedApp />;
  return (
    <AuthArea
      onLoggedIn={() => {
        if (window.location.pathname !== '/') window.history.replaceState(null, '', '/');
        setRouted(true);
      }}
    />
  );
}

export function App() {
  return (
    <AppProviders>
      <ChromeHosts />
      <Suspense fallback={<PageLoading />}>
        <Entry />
      </Suspense>
    </AppProviders>
  );
}
