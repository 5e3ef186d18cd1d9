// Shown instead of a flow when the server checks applications with another major of the flow engine than
// this page carries (README "Engine version"): reloading brings the page that matches the server. Nothing
// is lost: an applicant's entries stay in this device's draft, a staff user's in the saved application.
import RefreshIcon from '@mui/icons-material/Refresh';
import SystemUpdateAltOutlinedIcon from '@mui/icons-material/SystemUpdateAltOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

const reloadPage = () => window.location.reload();

export function EngineUpdateNotice({
  keptOnDevice,
  onReload = reloadPage,
}: {
  /** An applicant's draft is on this device; staff's work is on the server. */
  keptOnDevice: boolean;
  onReload?: () => void;
}) {
  const titleId = useId();
  return (
    <Paper role="status" aria-labelledby={titleId} sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <SystemUpdateAltOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
      <Typography id={titleId} variant="h5" component="h1" sx={{ mt: 1 }}>
        This form was updated
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Reload the page to continue.{' '}
        {keptOnDevice ? 'What you have entered is kept on this device.' : 'What was saved is kept.'}
      </Typography>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={onReload}>
        Reload
      </Button>
    </Paper>
  );
}
