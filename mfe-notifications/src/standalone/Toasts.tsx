import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, toastsAtom } from '@originate/shared';
import { useAtomValue } from 'jotai';

const TOAST_MS = 4000;

/** The shell renders shared toasts in the composed app; the standalone page renders them here. */
export function Toasts() {
  const toast = useAtomValue(toastsAtom)[0];
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={TOAST_MS}
      onClose={() => dismissToast(toast.id)}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ mt: 7 }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ boxShadow: 3 }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
