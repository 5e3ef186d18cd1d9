// Header slot 'headerBell': the bell, its unread badge and the notification panel.
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { unreadCountAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useNotifications, useNotificationsAllowed, useNotificationsService } from '../api/useNotifications';
import { ConnectionStatus } from '../ui/ConnectionStatus';
import { NotificationList } from '../ui/NotificationList';

/** Where the host mounts the Notification page (menu contribution path 'notifications'). */
export const NOTIFICATIONS_PAGE_PATH = '/notifications';

function Bell() {
  const service = useNotificationsService();
  const { notifications, connection, loaded } = useNotifications();
  const count = useAtomValue(unreadCountAtom);
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const unread = notifications.filter((n) => n.status === '0').length;

  const openPanel = () => {
    setOpen(true);
    // Opening the panel counts everything in it: the badge clears (spec section 7, UPDATE_COUNT).
    service.markAllCounted();
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          ref={anchor}
          color="inherit"
          aria-label={count > 0 ? `Notifications, ${count} new` : 'Notifications'}
          aria-haspopup="dialog"
          aria-busy={!loaded}
          aria-controls={open ? panelId : undefined}
          onClick={openPanel}
        >
          <Badge badgeContent={count} color="error" max={99} overlap="circular" data-testid="notification-badge">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Notifications panel',
            elevation: 8,
            sx: {
              mt: 1,
              width: 400,
              maxWidth: 'calc(100vw - 24px)',
              borderRadius: 2,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 1.75, pb: 1.25 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            Notifications
          </Typography>
          <ConnectionStatus status={connection} />
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {loaded ? (unread > 0 ? `${unread} unread` : 'All caught up') : 'Loading…'}
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
          <NotificationList notifications={notifications} dense />
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1, py: 0.75 }}>
          <Button size="small" onClick={service.markAllUnread} disabled={notifications.length === 0}>
            Mark all unread
          </Button>
          <Button size="small" component={RouterLink} to={NOTIFICATIONS_PAGE_PATH} onClick={() => setOpen(false)}>
            View all
          </Button>
        </Box>
      </Popover>
    </>
  );
}

export default function NotificationBell() {
  return useNotificationsAllowed() ? <Bell /> : null;
}
