import type { AdminFeatures, RemotePageProps } from '@originate/contract';
import type { Session } from '@originate/web';
import { RemoteModule } from '@originate/web/remote-host';
import { useManifest } from '@originate/web/remotes';
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoading } from '../pages/PageLoading';
import { permittedRoutes } from '../remotes/manifest';
import { landingPath, type MenuItem, type MenuLink } from '../remotes/menu';
import { SHELL_PAGES } from '../routes/routeTable';
import { FormPreviewPage } from './FormPreviewPage';
import { HomePage } from './HomePage';
import { ProfilePage } from './ProfilePage';
import { SettingsPage } from './SettingsPage';
import { StaffFlowPage } from './StaffFlowPage';

const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

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
    return landing ? <Navigate to={landing} replace /> : <HomePage session={session} menu={menu} />;
  }
  return (
    <Routes>
      <Route path={SHELL_PAGES.profile} element={<ProfilePage session={session} />} />
      <Route path={SHELL_PAGES.settings} element={<SettingsPage session={session} />} />
      <Route path={`${SHELL_PAGES.staffFlow}/*`} element={<StaffFlowPage session={session} />} />
      <Route
        path={SHELL_PAGES.formPreview}
        element={
          !featuresSettled ? (
            <PageLoading />
          ) : features.ApplicationFormPreview ? (
            <FormPreviewPage session={session} />
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
