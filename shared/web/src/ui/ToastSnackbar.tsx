import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, type Toast } from './feedback';

const TOAST_HIDE_MS = 6000;

export default function ToastSnackbar({ toast }: { toast: Toast }) {
  return (
    <Snackbar
      open
      autoHideDuration={TOAST_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        // A click elsewhere on the page must not drop a message the user has not read.
        if (reason !== 'clickaway') dismissToast(toast.id);
      }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ minWidth: 320 }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
