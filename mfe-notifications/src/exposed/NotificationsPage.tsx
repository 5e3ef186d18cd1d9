// The Notification page of the back-office menu: the full list with the same actions as the panel.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { RemotePageProps } from '@originate/contract';
import { useState } from 'react';
import { useNotifications, useNotificationsAllowed, useNotificationsService } from '../api/useNotifications';
import { ConnectionStatus } from '../ui/ConnectionStatus';
import { NotificationList } from '../ui/NotificationList';

type Filter = 'all' | 'unread';

function Page() {
  const service = useNotificationsService();
  const { notifications, connection } = useNotifications();
  const [filter, setFilter] = useState<Filter>('all');
  const unread = notifications.filter((n) => n.status === '0');
  const shown = filter === 'unread' ? unread : notifications;

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Notifications
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Assignments and updates on the applications you work on.
          </Typography>
        </Box>
        <ConnectionStatus status={connection} alwaysLabelled />
        <Button variant="outlined" size="small" onClick={service.markAllUnread} disabled={notifications.length === 0}>
          Mark all unread
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <Tabs
          value={filter}
          onChange={(_, value: Filter) => setFilter(value)}
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="all" label={`All (${notifications.length})`} />
          <Tab value="unread" label={`Unread (${unread.length})`} />
        </Tabs>
        <NotificationList
          notifications={shown}
          emptyText={filter === 'unread' ? 'No unread notifications' : 'No notifications yet'}
        />
      </Paper>
    </Container>
  );
}

// The host passes { basename } to every page module; this page has no sub-routes to use it for.
export default function NotificationsPage(_props: Partial<RemotePageProps>) {
  return useNotificationsAllowed() ? <Page /> : null;
}
