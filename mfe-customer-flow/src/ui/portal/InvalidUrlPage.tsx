import LinkOffIcon from '@mui/icons-material/LinkOff';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INVALID_URL_HEADING, INVALID_URL_TEXT } from '@originate/contract';

/** Spec §2 'invalidURL': where an expired, invalid or submitted resume link lands. */
export function InvalidUrlPage() {
  return (
    <Paper sx={{ p: { xs: 3, sm: 6 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <LinkOffIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {INVALID_URL_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {INVALID_URL_TEXT}
      </Typography>
    </Paper>
  );
}
