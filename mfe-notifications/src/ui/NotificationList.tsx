import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { Notification } from '@originate/contract';
import { useNotificationsService, useNow } from '../api/useNotifications';
import { NotificationItem } from './NotificationItem';

export function NotificationList({
  notifications,
  dense = false,
  emptyText = 'No notifications yet',
}: {
  notifications: readonly Notification[];
  dense?: boolean;
  emptyText?: string;
}) {
  const service = useNotificationsService();
  const now = useNow();
  if (notifications.length === 0) {
    return (
      <Box sx={{ py: dense ? 5 : 8, px: 3, textAlign: 'center', color: 'text.secondary' }}>
        <NotificationsNoneOutlined sx={{ fontSize: 40, color: 'action.disabled', mb: 1 }} />
        <Typography variant="body2">{emptyText}</Typography>
      </Box>
    );
  }
  return (
    <List disablePadding aria-label="Notifications">
      {notifications.map((n, i) => (
        <NotificationItem
          key={n.notificationId}
          notification={n}
          now={now}
          dense={dense}
          divider={i < notifications.length - 1}
          onView={service.markViewed}
          onDelete={service.remove}
        />
      ))}
    </List>
  );
}
