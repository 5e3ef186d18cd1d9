import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { login } from '@originate/web';
import { type FormEvent, useState } from 'react';

/**
 * A remote's standalone page sign-in (its team's harness; in the shell, the shell owns sign-in), one for
 * every remote: `title` names the remote, e.g. 'Notifications, standalone'.
 */
export function StandaloneSignIn({ title }: { title: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      sx={{ maxWidth: 380, mx: 'auto', mt: 10, p: 4, borderRadius: 2 }}
    >
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h6" sx={{ fontWeight: 600 }}>
            Sign in
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {title}
          </Typography>
        </div>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          fullWidth
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}
