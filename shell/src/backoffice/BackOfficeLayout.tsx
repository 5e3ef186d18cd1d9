import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { endSession, type Session } from '@originate/web';
import { RemoteModule, type SlotHostOptions, SlotHostProvider } from '@originate/web/remote-host';
import { permittedRemotes, slotProvider, useManifest } from '@originate/web/remotes';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAdminFeatures } from '../api/useConfigs';
import { DebugBanner } from '../chrome/DebugBanner';
import { QuestionToastHost } from '../chrome/QuestionToastHost';
import { BrandMark } from '../pages/BrandMark';
import { PageLoading } from '../pages/PageLoading';
import { composeMenu } from '../remotes/menu';
import { RemoteUpdateNotice } from '../remotes/RemoteUpdateNotice';
import { BackOfficeContent } from './BackOfficeContent';
import { useBackOfficeLanguage, useTranslatedMenu } from './language';
import { NavMenu } from './NavMenu';
import { SessionDialogs } from './SessionDialogs';
import { useBranding } from './useBranding';

const DRAWER_WIDTH = 260;

/** Only where the bank turned MultiLingual on: its menu's code comes with the feature. */
const LanguageSwitcher = lazy(() => import('./LanguageSwitcher').then((m) => ({ default: m.LanguageSwitcher })));

/** Slots in the back office's pages load under the page-loading bar and show a card with Retry when down. */
const SLOT_HOST_OPTIONS: SlotHostOptions = { loading: <PageLoading /> };

export function BackOfficeLayout({ session }: { session: Session }) {
  useBranding();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const { manifest } = useManifest();
  const roles = session.user.roles;
  const { features, settled } = useAdminFeatures();
  const [lang, setLang] = useBackOfficeLanguage(features.MultiLingual);
  const menu = useTranslatedMenu(composeMenu(manifest, roles, features), lang);
  const bell = slotProvider(manifest, roles, 'headerBell');
  const loaded = useMemo(() => permittedRemotes(manifest, roles), [manifest, roles]);

  const logoff = async () => {
    await endSession();
    navigate('/');
  };

  const drawer = (
    <NavMenu
      items={menu}
      pathname={pathname}
      onNavigate={(path) => {
        setMobileOpen(false);
        navigate(`/${path}`);
      }}
      onLogoff={logoff}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1.5 }}>
          {!wide && (
            <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Box
            component="a"
            href="/"
            onClick={(e) => {
              e.preventDefault();
              navigate('/');
            }}
            sx={{ textDecoration: 'none' }}
          >
            <BrandMark inverse />
          </Box>
          <Box sx={{ flex: 1 }} />
          {features.MultiLingual && (
            <Suspense fallback={null}>
              <LanguageSwitcher lang={lang} onChange={setLang} />
            </Suspense>
          )}
          {bell && <RemoteModule remote={bell.remote} module={bell.module} props={{}} fallback="icon" />}
          <Typography
            variant="body2"
            sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 500 }}
            data-testid="user-display-name"
          >
            {session.user.displayName}
          </Typography>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={logoff}>
            Logoff
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        {drawer}
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Toolbar />
        <DebugBanner />
        <SlotHostProvider manifest={manifest} roles={roles} options={SLOT_HOST_OPTIONS}>
          <BackOfficeContent session={session} menu={menu} features={features} featuresSettled={settled} />
        </SlotHostProvider>
      </Box>
      <SessionDialogs session={session} />
      <QuestionToastHost />
      <RemoteUpdateNotice loaded={loaded} />
    </Box>
  );
}
