// Header slot 'headerBell': the bell, its unread badge and the notification panel (its own chunk: ui/NotificationPanel).
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { unreadCountAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNotifications, useNotificationsAllowed, useNotificationsService } from '../api/useNotifications';

/** Where the host mounts the Notification page (menu contribution path 'notifications'). */
export const NOTIFICATIONS_PAGE_PATH = '/notifications';

// Fetched when the bell is pointed at or focused, so the panel is usually there by the click.
const loadPanel = () => import('../ui/NotificationPanel');
const NotificationPanel = lazy(loadPanel);

function Bell() {
  const service = useNotificationsService();
  const { notifications, connection, loaded } = useNotifications();
  const count = useAtomValue(unreadCountAtom);
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays the popover's exit.
  const [opened, setOpened] = useState(false);
  const panelId = useId();

  const openPanel = () => {
    setOpen(true);
    setOpened(true);
    // Opening the panel counts everything in it: the badge clears (spec section 7, UPDATE_COUNT).
    service.markAllCounted();
  };

  return (
    <>
      {/* The browser's own hint (title), not MUI's Tooltip: that brought the tooltip, Popper and popper.js
          (about 10 KiB br) to the Dashboard for a word shown on hover. */}
      <IconButton
        ref={anchor}
        title="Notifications"
        color="inherit"
        aria-label={count > 0 ? `Notifications, ${count} new` : 'Notifications'}
        aria-haspopup="dialog"
        aria-busy={!loaded}
        aria-controls={open ? panelId : undefined}
        onClick={openPanel}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
      >
        <Badge badgeContent={count} color="error" max={99} overlap="circular" data-testid="notification-badge">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <NotificationPanel
            id={panelId}
            open={open}
            anchorEl={anchor.current}
            onClose={() => setOpen(false)}
            notifications={notifications}
            connection={connection}
            loaded={loaded}
            onMarkAllUnread={service.markAllUnread}
            pagePath={NOTIFICATIONS_PAGE_PATH}
          />
        </Suspense>
      )}
    </>
  );
}

export default function NotificationBell() {
  return useNotificationsAllowed() ? <Bell /> : null;
}
