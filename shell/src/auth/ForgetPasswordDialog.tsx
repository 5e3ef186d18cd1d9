import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { forgetPassword } from '@originate/web';
import { type FormEvent, useState } from 'react';
import { RESET_PASSWORD_PATH } from '../routes/routeTable';
import { Field } from './Field';
import { loginErrorMessage } from './loginError';

export default function ForgetPasswordDialog({
  initialUsername,
  onClose,
}: {
  initialUsername: string;
  onClose: () => void;
}) {
  const [username, setUsername] = useState(initialUsername);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const message = await forgetPassword(username.trim(), `${window.location.origin}/${RESET_PASSWORD_PATH}`);
      setResult({ ok: true, message: message || 'A link to reset your password has been sent.' });
    } catch (e) {
      setResult({ ok: false, message: loginErrorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forget-password-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="forget-password-title">Forgot password</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Enter your username and we will send you a link to reset your password.
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 2 }}>
              {result.message}
            </Alert>
          )}
          <Field
            label="Username"
            name="forget-username"
            autoFocus
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{result?.ok ? 'Close' : 'Cancel'}</Button>
          <Button type="submit" variant="contained" disabled={busy || !username.trim() || result?.ok === true}>
            Send link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
