// The ways forward an applicant has where a link led nowhere (the portal's and the shell's '400 Invalid URL',
// the shell's not-found page): a new application, My applications to track one, and the bank's contact. The
// contact comes from the caller (public GET /v3/portal/contact); without it the two ways still show.
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BankContact } from '@originate/contract';
import { useId } from 'react';

export function WaysForward({
  contact,
  primary = true,
}: {
  contact: BankContact | null | undefined;
  /** False where the page has its own main action: both ways are then outlined. */
  primary?: boolean;
}) {
  const headingId = useId();
  return (
    <Stack component="nav" aria-labelledby={headingId} spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        What you can do
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant={primary ? 'contained' : 'outlined'} href="/newapplication">
          Start a new application
        </Button>
        <Button variant="outlined" href="/newapplication#my-applications">
          Track an application you submitted
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        To track one, sign in to My applications with the e-mail address you gave.
      </Typography>
      {contact?.phone && (
        <Typography variant="body2" color="text.secondary">
          Need help? {contact.name}: {contact.phone} · <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
        </Typography>
      )}
    </Stack>
  );
}
