// Saving a versioned setting (a lifecycle, decision tables) asks first: what changed against the version the editor
// started from, what the new version changes for applications, then saves it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export function SaveVersionDialog({
  title,
  consequence,
  confirmLabel,
  changes,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What the new version changes for applications, after the version it was edited from. */
  consequence: string;
  confirmLabel: string;
  changes: readonly string[];
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {consequence}
        </Typography>
        {changes.length === 0 ? (
          <Typography>Nothing changed.</Typography>
        ) : (
          <List dense aria-label="Changes">
            {changes.map((line) => (
              <ListItem key={line} disableGutters>
                <ListItemText primary={`• ${line}`} />
              </ListItem>
            ))}
          </List>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Keep editing
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy || changes.length === 0}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
