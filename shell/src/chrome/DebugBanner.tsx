// Debug mode (spec §6, kept in session storage) sends the user's calls to the debugger service: while it
// is on, every back-office page says so, with the way to turn it off, so nobody works in it unknowingly.
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { debugModeAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';

export function DebugBanner() {
  const on = useAtomValue(debugModeAtom);
  if (!on) return null;
  return (
    <Alert severity="warning" variant="filled" role="status" sx={{ mb: 2 }} data-testid="debug-banner">
      Debug mode is on: your calls go to the debugger service.{' '}
      <Link component={RouterLink} to="/settings" color="inherit" sx={{ fontWeight: 600 }}>
        Turn it off in Settings
      </Link>
    </Alert>
  );
}
