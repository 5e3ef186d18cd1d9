import LinkOffIcon from '@mui/icons-material/LinkOff';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INVALID_URL_HEADING, INVALID_URL_TEXT } from '@originate/contract';
import { WaysForward } from '@originate/web';
import { useBankContact } from '../../api/useConsents';

/**
 * Spec §2 'invalidURL': where an expired, invalid or submitted resume link lands: the spec's heading and text,
 * then the ways forward (the same as the shell's page).
 */
export function InvalidUrlPage() {
  const contact = useBankContact();
  return (
    <Paper sx={{ p: { xs: 3, sm: 6 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <LinkOffIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {INVALID_URL_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2, mb: 4 }}>
        {INVALID_URL_TEXT}
      </Typography>
      <WaysForward contact={contact.data} />
    </Paper>
  );
}
