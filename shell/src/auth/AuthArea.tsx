import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '@originate/contract';
import { endSession, login } from '@originate/web';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { BrandMark } from '../pages/BrandMark';
import { Field } from './Field';
import { loginErrorMessage } from './loginError';

const ForgetPasswordDialog = lazy(() => import('./ForgetPasswordDialog'));

/** The authentication area: the login form, and the forget-password dialog on demand. */
/**
 * `onLoggedIn` runs once the session is stored (on '/', the stored session alone swaps in the back office);
 * `notice`: a success the page that sent the user here reports (the password was changed).
 */
export default function AuthArea({ onLoggedIn, notice }: { onLoggedIn: () => void; notice?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgetOpen, setForgetOpen] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      onLoggedIn();
    } catch (e) {
      setError(loginErrorMessage(e));
      // A refused user (portal access) must leave no session behind.
      if (e instanceof ApiError && e.status === 403) await endSession();
      setBusy(false);
    }
  };

  return (
    // The page's main landmark: without one, a screen reader's jump to the main content finds nothing.
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper
        elevation={0}
        sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 }, border: 1, borderColor: 'divider' }}
      >
        <Stack component="form" spacing={2.5} onSubmit={onSubmit} noValidate aria-label="Login">
          <BrandMark />
          <div>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              Sign in
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Back office for loan applications
            </Typography>
          </div>
          {notice && !error && (
            <Alert severity="success" role="status">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Field
            label="Password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  onClick={() => setShowPassword((s) => !s)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            }
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !username.trim() || !password}>
            Log in
          </Button>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setForgetOpen(true)}
            sx={{ alignSelf: 'center' }}
          >
            Forgot password?
          </Link>
        </Stack>
      </Paper>
      {forgetOpen && (
        <Suspense fallback={null}>
          <ForgetPasswordDialog initialUsername={username} onClose={() => setForgetOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
