import type { AdminFeatures, RemotePageProps } from '@originate/contract';
import type { Session } from '@originate/web';
import { RemoteModule } from '@originate/web/remote-host';
import { useManifest } from '@originate/web/remotes';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoading } from '../pages/PageLoading';
import { permittedRoutes } from '../remotes/manifest';
import { landingPath, type MenuItem, type MenuLink } from '../remotes/menu';
import { SHELL_PAGES } from '../routes/routeTable';

const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
// The shell's own pages come when opened: the landing page (the Dashboard, a remote's) needs none of them.
const FormPreviewPage = lazy(() => import('./FormPreviewPage').then((m) => ({ default: m.FormPreviewPage })));
const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));
const StaffFlowPage = lazy(() => import('./StaffFlowPage').then((m) => ({ default: m.StaffFlowPage })));

/** A page whose code is on its way: the loading bar under the menu, which stays. */
const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

function remoteLinks(items: readonly MenuItem[]): MenuLink[] {
  return items.flatMap((i) => (i.kind === 'group' ? remoteLinks(i.children) : i.remote ? [i] : []));
}

interface BackOfficeContentProps {
  session: Session;
  menu: readonly MenuItem[];
  features: AdminFeatures;
  /** Until the features are known a feature's page waits: the not-found page would end the session. */
  featuresSettled: boolean;
}

/** The page under the back-office root: home, the shell's own pages, or a permitted remote's page. */
export function BackOfficeContent({ session, menu, features, featuresSettled }: BackOfficeContentProps) {
  const { pathname } = useLocation();
  const { manifest } = useManifest();
  if (pathname === '/') {
    // The landing page is the Dashboard; without it (not deployed, not permitted) the shortcuts page.
    const landing = landingPath(menu);
    return landing ? <Navigate to={landing} replace /> : page(<HomePage session={session} menu={menu} />);
  }
  return (
    <Routes>
      <Route path={SHELL_PAGES.profile} element={page(<ProfilePage session={session} />)} />
      <Route path={SHELL_PAGES.settings} element={page(<SettingsPage session={session} />)} />
      <Route path={`${SHELL_PAGES.staffFlow}/*`} element={page(<StaffFlowPage session={session} />)} />
      <Route
        path={SHELL_PAGES.formPreview}
        element={
          !featuresSettled ? (
            <PageLoading />
          ) : features.ApplicationFormPreview ? (
            page(<FormPreviewPage session={session} />)
          ) : (
            <NotFoundPage />
          )
        }
      />
      {remoteLinks(menu).map((link) => (
        <Route
          key={link.id}
          path={`${link.path}/*`}
          element={
            <RemoteModule<RemotePageProps>
              remote={link.remote as NonNullable<MenuLink['remote']>}
              module={link.module as string}
              props={{ basename: `/${link.path}` }}
              loading={<PageLoading />}
            />
          }
        />
      ))}
      {permittedRoutes(manifest, session.user.roles).map(({ remote, route }) => (
        <Route
          key={`${remote.name}:${route.id}`}
          path={`${route.path}/*`}
          element={
            <RemoteModule<RemotePageProps>
              remote={remote}
              module={route.module}
              props={{ basename: `/${route.path}` }}
              loading={<PageLoading />}
            />
          }
        />
      ))}
      {/* A page the user may not open (or whose remote is gone) is the not-found page. */}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
