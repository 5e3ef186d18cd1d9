import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import { alpha, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Notification, type NotificationKind, relativeTime } from '@originate/contract';
import { initials } from '../domain/initials';

const KIND_LABELS: Record<NotificationKind, string> = { ASSIGNED: 'Assigned', FOLLOWED: 'Followed', TEAM: 'Team' };
const AVATAR_TONES = ['primary', 'secondary', 'info', 'success', 'warning'] as const;

/** The same person always gets the same avatar tone. */
function tone(name: string): (typeof AVATAR_TONES)[number] {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_TONES[hash % AVATAR_TONES.length] ?? 'primary';
}

type Tone = (typeof AVATAR_TONES)[number];

/** WCAG AA for the initials (normal-size text). */
const MIN_CONTRAST = 4.5;

/**
 * A pale tint of the tone behind the initials in a dark shade of it, darkened further until it reads at AA:
 * warning's dark orange on its own tint does not (about 3.2:1), and the bank's theme picks primary and secondary.
 */
export function avatarColours(theme: Theme, tone: Tone): { color: string; bgcolor: string } {
  const bgcolor = lighten(theme.palette[tone].main, 0.86);
  let color = theme.palette[tone].dark;
  for (let i = 0; i < 10 && getContrastRatio(color, bgcolor) < MIN_CONTRAST; i++) color = darken(color, 0.2);
  return { color, bgcolor };
}

export interface NotificationItemProps {
  notification: Notification;
  now: number;
  onView: (notificationId: string) => void;
  onDelete: (notificationId: string) => void;
  dense?: boolean;
  /** A rule below it (the list's separators belong to its items: a list holds list items only). */
  divider?: boolean;
}

export function NotificationItem({
  notification,
  now,
  onView,
  onDelete,
  dense = false,
  divider = false,
}: NotificationItemProps) {
  const unread = notification.status === '0';
  const avatarTone = tone(notification.username);
  const details = [relativeTime(notification.createdAT, now), KIND_LABELS[notification.metadata.type]]
    .filter(Boolean)
    .join(' · ');
  return (
    <ListItem
      data-testid="notification-item"
      data-unread={unread}
      divider={divider}
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        px: dense ? 2 : 3,
        py: dense ? 1.5 : 2,
        position: 'relative',
        bgcolor: (t: Theme) => (unread ? alpha(t.palette.primary.main, 0.045) : 'transparent'),
        transition: 'background-color 120ms',
        '&:hover': { bgcolor: (t: Theme) => alpha(t.palette.primary.main, 0.08) },
        '&:hover .notification-actions, &:focus-within .notification-actions': { opacity: 1 },
      }}
    >
      {unread && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            left: dense ? 6 : 10,
            top: dense ? 30 : 36,
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: 'primary.main',
          }}
        />
      )}
      <Avatar
        sx={(t: Theme) => ({
          width: 38,
          height: 38,
          fontSize: 14,
          fontWeight: 600,
          letterSpacing: 0.3,
          ...avatarColours(t, avatarTone),
        })}
      >
        {initials(notification.username)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{
            fontWeight: unread ? 600 : 400,
            color: unread ? 'text.primary' : 'text.secondary',
            lineHeight: 1.45,
            display: '-webkit-box',
            WebkitLineClamp: dense ? 3 : 'none',
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {notification.messages}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {details}
        </Typography>
      </Box>
      <Box className="notification-actions" sx={{ display: 'flex', gap: 0.25, opacity: { xs: 1, md: 0.55 } }}>
        {unread && (
          <Tooltip title="Mark as viewed">
            <IconButton size="small" aria-label="Mark as viewed" onClick={() => onView(notification.notificationId)}>
              <DoneOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Delete">
          <IconButton
            size="small"
            aria-label="Delete notification"
            onClick={() => onDelete(notification.notificationId)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
