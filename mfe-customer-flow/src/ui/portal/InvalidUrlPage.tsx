import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVALID_URL_HEADING, INVALID_URL_TEXT } from '@originate/contract';
import { useBankContact } from '../../api/useConsents';

/**
 * Spec §2 'invalidURL': where an expired, invalid or submitted resume link lands: the spec's heading and text,
 * then the ways forward (a new application, My applications to track one, the bank's contact).
 */
export function InvalidUrlPage() {
  const contact = useBankContact();
  return (
    <Paper sx={{ p: { xs: 3, sm: 6 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <LinkOffIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {INVALID_URL_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {INVALID_URL_TEXT}
      </Typography>
      <Box component="nav" aria-labelledby="ways-forward" sx={{ mt: 4 }}>
        <Typography id="ways-forward" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          What you can do
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" href="/newapplication">
            Start a new application
          </Button>
          <Button variant="outlined" href="/newapplication#my-applications">
            Track an application you submitted
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          To track one, sign in to My applications with the e-mail address you gave.
        </Typography>
        {contact.data && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Need help? {contact.data.name}: {contact.data.phone} ·{' '}
            <Link href={`mailto:${contact.data.email}`}>{contact.data.email}</Link>
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
