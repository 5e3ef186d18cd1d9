import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { endSession, userAtom } from '@originate/shared';
import { StandaloneSignIn } from '@originate/shared/standalone';
import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes } from 'react-router-dom';
import NotificationBell from '../exposed/NotificationBell';
import NotificationsPage from '../exposed/NotificationsPage';

export function StandaloneApp() {
  const user = useAtomValue(userAtom);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="h6" component="div" sx={{ fontWeight: 600, flex: 1 }}>
            Originate
            <Typography component="span" sx={{ ml: 1.5, opacity: 0.75, fontSize: 14 }}>
              Notifications
            </Typography>
          </Typography>
          {user && (
            <>
              <NotificationBell />
              <Typography variant="body2" sx={{ mx: 1, display: { xs: 'none', sm: 'block' } }}>
                {user.displayName}
              </Typography>
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
          <Route path="/notifications" element={<NotificationsPage basename="/notifications" />} />
          <Route path="*" element={<Navigate to="/notifications" replace />} />
        </Routes>
      ) : (
        <StandaloneSignIn title="Notifications, standalone" />
      )}
    </Box>
  );
}
