// The bell's panel: loaded when it is first opened (or the bell is pointed at), so the Dashboard's header brings
// the bell and its badge without the popover, its modal and the list's components.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Notification } from '@originate/contract';
import { Link as RouterLink } from 'react-router-dom';
import type { ConnectionStatus as Connection } from '../api/notificationsService';
import { ConnectionStatus } from './ConnectionStatus';
import { NotificationList } from './NotificationList';

interface NotificationPanelProps {
  id: string;
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  notifications: readonly Notification[];
  connection: Connection;
  loaded: boolean;
  onMarkAllUnread: () => void;
  /** Where "View all" leads. */
  pagePath: string;
}

export default function NotificationPanel({
  id,
  open,
  anchorEl,
  onClose,
  notifications,
  connection,
  loaded,
  onMarkAllUnread,
  pagePath,
}: NotificationPanelProps) {
  const unread = notifications.filter((n) => n.status === '0').length;
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
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
        <Button size="small" onClick={onMarkAllUnread} disabled={notifications.length === 0}>
          Mark all unread
        </Button>
        <Button size="small" component={RouterLink} to={pagePath} onClick={onClose}>
          View all
        </Button>
      </Box>
    </Popover>
  );
}
