import { isLoggedInAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../pages/PageLoading';
import { useContributedPaths } from '../remotes/useManifest';
import { type Area, backOfficePaths, isBackOfficePath, TOP_LEVEL_ROUTES } from './routeTable';

// Lazy areas (spec §2): the login page loads neither the back office nor the customer area.
const AuthArea = lazy(() => import('../auth/AuthArea'));
const BackOfficeArea = lazy(() => import('../backoffice/BackOfficeArea'));
const CustomerArea = lazy(() => import('../customer/CustomerArea'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const InvalidUrlPage = lazy(() => import('../pages/InvalidUrlPage'));
const ResetPasswordPage = lazy(() => import('../auth/ResetPasswordPage'));

/** '/': the login form when logged out, the back office when logged in (the guard handles expiry). */
function RootArea() {
  return useAtomValue(isLoggedInAtom) ? <BackOfficeArea /> : <AuthArea onLoggedIn={() => undefined} />;
}

/** '/login': after logging in, the back office at '/'. A page that sent the user here may leave a notice (a password reset). */
function LoginRoute() {
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return <AuthArea onLoggedIn={() => navigate('/')} notice={typeof notice === 'string' ? notice : undefined} />;
}

/** Any other path: a contributed or shell back-office page, else the not-found page. */
function OtherPath() {
  const { pathname } = useLocation();
  const contributed = useContributedPaths();
  return isBackOfficePath(pathname, backOfficePaths(contributed)) ? <BackOfficeArea /> : <NotFoundPage />;
}

const AREAS: Record<Area, () => React.JSX.Element> = {
  customer: () => <CustomerArea />,
  invalidUrl: () => <InvalidUrlPage />,
  login: () => <LoginRoute />,
  resetPassword: () => <ResetPasswordPage />,
  backOffice: () => <RootArea />,
  notFound: () => <OtherPath />,
};

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {TOP_LEVEL_ROUTES.map(({ path, area }) => {
          const Element = AREAS[area];
          return <Route key={path} path={path} element={<Element />} />;
        })}
      </Routes>
    </Suspense>
  );
}
