// The ways forward an applicant has on the not-found and invalid-URL pages: a new
// application, My applications to track one, and the bank's contact (public GET /v3/portal/contact).
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_PATHS, type BankContact } from '@originate/contract';
import { api } from '@originate/web';
import { useEffect, useState } from 'react';

export function WaysForward() {
  const [contact, setContact] = useState<BankContact | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<BankContact>(API_PATHS.bankContact)
      .then((answer) => live && setContact(answer))
      // Without the contact the page still offers the two ways forward.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <Stack component="nav" aria-label="What you can do" spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" href="/newapplication">
          Start a new application
        </Button>
        <Button variant="outlined" href="/newapplication#my-applications">
          Track an application you submitted
        </Button>
      </Stack>
      {contact?.phone && (
        <Typography variant="body2" color="text.secondary">
          Need help? {contact.name}: {contact.phone} · <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
        </Typography>
      )}
    </Stack>
  );
}
