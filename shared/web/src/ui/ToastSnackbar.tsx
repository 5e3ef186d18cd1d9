import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, type Toast } from './feedback';

const TOAST_HIDE_MS = 6000;
/** A toast with a button stays longer: reading it and deciding takes more than 6 s (WCAG 2.2.1). */
const ACTION_TOAST_HIDE_MS = 20_000;

export default function ToastSnackbar({ toast }: { toast: Toast }) {
  return (
    <Snackbar
      open
      autoHideDuration={toast.action ? ACTION_TOAST_HIDE_MS : TOAST_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        // A click elsewhere on the page must not drop a message the user has not read.
        if (reason !== 'clickaway') dismissToast(toast.id);
      }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ minWidth: 320 }}>
        {toast.message}
        {toast.action && (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            sx={{ ml: 2 }}
            onClick={() => {
              dismissToast(toast.id);
              toast.action?.onClick();
            }}
          >
            {toast.action.label}
          </Button>
        )}
      </Alert>
    </Snackbar>
  );
}
