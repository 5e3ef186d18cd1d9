import Typography from '@mui/material/Typography';
import { userAtom } from '@originate/web';
import { StandaloneFrame } from '@originate/web/standalone';
import { useAtomValue } from 'jotai';
import { Navigate, Route, Routes } from 'react-router-dom';
import NotificationBell from '../exposed/NotificationBell';
import NotificationsPage from '../exposed/NotificationsPage';

export function StandaloneApp() {
  const user = useAtomValue(userAtom);
  const controls = (
    <>
      <NotificationBell />
      <Typography variant="body2" sx={{ mx: 1, display: { xs: 'none', sm: 'block' } }}>
        {user?.displayName}
      </Typography>
    </>
  );
  return (
    <StandaloneFrame name="Notifications" controls={controls}>
      <Routes>
        <Route path="/notifications" element={<NotificationsPage basename="/notifications" />} />
        <Route path="*" element={<Navigate to="/notifications" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
