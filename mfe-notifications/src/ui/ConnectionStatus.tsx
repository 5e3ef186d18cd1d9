import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ConnectionStatus as Status } from '../api/notificationsService';

const LABELS: Record<Status, string> = {
  connected: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** A quiet dot: green when live; amber with a word while (re)connecting, so a stale list is never silent. */
export function ConnectionStatus({ status, alwaysLabelled = false }: { status: Status; alwaysLabelled?: boolean }) {
  const live = status === 'connected';
  return (
    <Tooltip title={live ? 'Live updates on' : 'Live updates paused'}>
      <Box
        role="status"
        aria-label={`Notifications connection: ${LABELS[status]}`}
        data-connection={status}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      >
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: live ? 'success.main' : 'warning.main',
            boxShadow: (t) => `0 0 0 3px ${live ? t.palette.success.light : t.palette.warning.light}40`,
          }}
        />
        {(alwaysLabelled || !live) && (
          <Typography variant="caption" color="text.secondary">
            {LABELS[status]}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
