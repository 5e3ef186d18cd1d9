import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { endSession, userAtom } from '@originate/shared';
import { StandaloneSignIn } from '@originate/shared/standalone';
import { useAtomValue } from 'jotai';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import ApplicationDetail from '../exposed/ApplicationDetail';
import ApplicationsPage from '../exposed/ApplicationsPage';
import { DETAIL_PATH, PAGES } from '../lists/pages';

/** The team's harness: every page of remote.json under the same paths the shell uses, without the shell's menu. */
export function StandaloneApp() {
  const user = useAtomValue(userAtom);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="div" sx={{ fontWeight: 600, flex: 1 }}>
            Originate
            <Typography component="span" sx={{ ml: 1.5, opacity: 0.75, fontSize: 14 }}>
              Applications
            </Typography>
          </Typography>
          {user && (
            <>
              <Box component="nav" aria-label="Pages" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
                {Object.entries(PAGES).map(([path, page]) => (
                  <Link key={path} component={RouterLink} to={`/${path}`} color="inherit" variant="body2">
                    {page.title}
                  </Link>
                ))}
              </Box>
              <Tooltip title="Sign out">
                <IconButton color="inherit" aria-label="Sign out" onClick={() => void endSession()}>
                  <LogoutOutlined />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Toolbar>
      </AppBar>
      {user ? (
        <Routes>
          {Object.keys(PAGES).map((path) => (
            <Route key={path} path={`/${path}/*`} element={<ApplicationsPage basename={`/${path}`} />} />
          ))}
          <Route path={`${DETAIL_PATH}/*`} element={<ApplicationDetail basename={DETAIL_PATH} />} />
          <Route path="*" element={<Navigate to="/applications/my" replace />} />
        </Routes>
      ) : (
        <StandaloneSignIn title="Applications, standalone" />
      )}
    </Box>
  );
}
