import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, toastsAtom } from '@originate/shared';
import { useAtomValue } from 'jotai';

/** One toast at a time, oldest first; each hides itself or on its close button. */
export default function ToastHost() {
  const toast = useAtomValue(toastsAtom)[0];
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={6000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissToast(toast.id);
      }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ minWidth: 320 }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
