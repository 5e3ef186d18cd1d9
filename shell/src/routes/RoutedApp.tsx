import { configureHttp } from '@originate/web';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';

/** Hands the router's navigate to the http client (401 redirects stay in the single-page app). */
function HttpNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    // './login' (the refresh 'Invalid user' target) and '/' both resolve against the root.
    configureHttp({ navigate: (to) => navigate(to.replace(/^\.\//, '/')) });
  }, [navigate]);
  return null;
}

export default function RoutedApp() {
  return (
    <BrowserRouter>
      <HttpNavigation />
      <AppRoutes />
    </BrowserRouter>
  );
}
