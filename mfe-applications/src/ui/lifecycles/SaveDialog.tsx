// Saving asks first: what changed against the version the editor started from (the contract's
// diffLifecycles), then saves it as a new version.
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

export function SaveDialog({
  product,
  fromVersion,
  changes,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  product: string;
  fromVersion: number;
  changes: readonly string[];
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="lifecycle-save-title">
      <DialogTitle id="lifecycle-save-title">Save the {product} lifecycle as a new version?</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Changes against version {fromVersion}. Applications already started keep the version they started with; new
          ones take the new version.
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
          Save new version
        </Button>
      </DialogActions>
    </Dialog>
  );
}
