import RefreshIcon from '@mui/icons-material/Refresh';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface FallbackProps {
  message: string;
  detail?: string;
  compact?: boolean;
  onRetry: () => void;
}

/** A clear card (or, in the header, an icon) saying what is unavailable, with Retry. */
export function RemoteFallback({ message, detail, compact, onRetry }: FallbackProps) {
  if (compact) {
    return (
      // The browser's hint (title): MUI's Tooltip would bring Popper to every screen that loads a remote.
      <IconButton color="inherit" onClick={onRetry} aria-label={`${message} Retry`} title={`${message} Retry`}>
        <WarningAmberIcon fontSize="small" />
      </IconButton>
    );
  }
  return (
    <Paper role="alert" elevation={0} sx={{ p: 3, border: 1, borderColor: 'warning.light', maxWidth: 640 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <WarningAmberIcon color="warning" />
        <Stack spacing={1} sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{message}</Typography>
          {detail && (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          )}
          <div>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry}>
              Retry
            </Button>
          </div>
        </Stack>
      </Stack>
    </Paper>
  );
}

interface BoundaryProps {
  message: string;
  /** 'card' with Retry, a small 'icon' with Retry (header slots), or 'none': nothing is shown (the failure is logged). */
  fallback: 'card' | 'icon' | 'none';
  /** Called before the boundary re-renders its children, e.g. to drop a failed load. */
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote's load or render failure so one remote never blanks the host's page. */
export class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remotes] ${this.props.message}`, error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback === 'none') return null;
    const detail = error.name === 'RemoteShapeError' ? error.message : undefined;
    return (
      <RemoteFallback
        message={this.props.message}
        detail={detail}
        compact={this.props.fallback === 'icon'}
        onRetry={this.retry}
      />
    );
  }
}
