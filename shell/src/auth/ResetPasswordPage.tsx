// /reset-password?token=…: the page a reset mail links to, outside the login guard. The link is checked
// first (an unknown, expired or used one shows the '400 Invalid URL' page); then the new password twice,
// with the password policy listed and checked as typed; the server's refusal shows at its field; once
// changed, the login page says so.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVALID_URL_HEADING, INVALID_URL_TEXT, PASSWORD_POLICY_LINES } from '@originate/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { passwordResetKeys } from '../api/keys';
import { checkResetToken, resetPassword } from '../api/passwordReset';
import { BrandMark } from '../pages/BrandMark';
import { PageLoading } from '../pages/PageLoading';
import { StatusPage } from '../pages/StatusPage';
import { QueryProvider } from '../QueryProvider';
import { Field } from './Field';
import { RESET_DONE_NOTICE, type ResetProblems, resetFormProblems, resetRefusal } from './resetPassword';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (token === '') return <InvalidLink />;
  return (
    <QueryProvider>
      <ResetPassword token={token} />
    </QueryProvider>
  );
}

function InvalidLink() {
  return (
    <StatusPage heading={INVALID_URL_HEADING} lines={[INVALID_URL_TEXT]}>
      <Link component={RouterLink} to="/login">
        Go to the login page to ask for a new link
      </Link>
    </StatusPage>
  );
}

function ResetPassword({ token }: { token: string }) {
  const check = useQuery({
    queryKey: passwordResetKeys.check(token),
    queryFn: () => checkResetToken(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (check.isPending) return <PageLoading />;
  if (check.isError) {
    const refusal = resetRefusal(check.error);
    if (refusal.kind !== 'message') return <InvalidLink />;
    return (
      <StatusPage lines={[refusal.message]}>
        <Button variant="contained" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </StatusPage>
    );
  }
  return <ResetForm token={token} username={check.data.username} />;
}

function ResetForm({ token, username }: { token: string; username: string }) {
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<ResetProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const local = resetFormProblems({ newPassword, confirmPassword }, username);
  // Reasons show once the user has tried to send, or as soon as the field has something in it.
  const shown: ResetProblems = {
    newPassword: serverProblems.newPassword ?? (tried || newPassword ? local.newPassword : undefined),
    confirmPassword: tried || confirmPassword ? local.confirmPassword : undefined,
  };
  const reset = useMutation({
    mutationFn: () => resetPassword({ token, newPassword }),
    onSuccess: () => navigate('/login', { replace: true, state: { notice: RESET_DONE_NOTICE } }),
    onError: (error) => {
      const refusal = resetRefusal(error);
      if (refusal.kind === 'invalidLink') setInvalid(true);
      else if (refusal.kind === 'field') setServerProblems(refusal.problems);
      else setMessage(refusal.message);
    },
  });
  if (invalid) return <InvalidLink />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setMessage(null);
    if (Object.keys(local).length === 0) reset.mutate();
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper
        elevation={0}
        sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 }, border: 1, borderColor: 'divider' }}
      >
        <Stack component="form" spacing={2.5} onSubmit={onSubmit} noValidate aria-label="Reset password">
          <BrandMark />
          <div>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              Choose a new password
            </Typography>
            <Typography variant="body2" color="text.secondary">
              For the user <strong>{username}</strong>. Every session of this user ends once it is changed.
            </Typography>
          </div>
          <div>
            <Typography variant="body2" id="password-policy-title">
              Your new password must:
            </Typography>
            <List dense disablePadding aria-labelledby="password-policy-title" sx={{ listStyle: 'disc', pl: 3 }}>
              {PASSWORD_POLICY_LINES.map((line) => (
                <ListItem key={line} disableGutters sx={{ display: 'list-item', py: 0 }}>
                  <Typography variant="body2" color="text.secondary">
                    {line}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </div>
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            autoFocus
            required
            value={newPassword}
            problem={shown.newPassword}
            onChange={(e) => {
              setNewPassword(e.target.value);
              setServerProblems({});
            }}
          />
          <Field
            label="Repeat the new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            problem={shown.confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
            Change password
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
            Back to login
          </Link>
        </Stack>
      </Paper>
    </Box>
  );
}
