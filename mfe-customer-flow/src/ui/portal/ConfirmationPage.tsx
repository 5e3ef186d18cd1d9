// After the submit: the application number, what happens next and when, the receipt (PDF), how to track the
// application (My applications, signed in by e-mail) and whom to contact. Read with the receipt pass the portal
// took before submitting (the submit ended the applicant's session); staff read it with their own session.
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { bankTimestampText, zoneLabel } from '@originate/contract';
import { reportError, saveBlob } from '@originate/web';
import { useState } from 'react';
import { downloadReceipt } from '../../api/consents';
import { useConfirmation } from '../../api/useConsents';
import { useHeadingFocus } from './useHeadingFocus';

export function ConfirmationPage({ applicationId, pass }: { applicationId: string; pass: string | null }) {
  const confirmation = useConfirmation(applicationId, pass);
  const [downloading, setDownloading] = useState(false);
  // Submit, pressed, is gone: focus starts again at the news.
  const heading = useHeadingFocus<HTMLHeadingElement>(applicationId);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadReceipt(applicationId, pass), `Receipt ${applicationId}.pdf`);
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(false);
    }
  };
  const data = confirmation.data;
  return (
    <Paper sx={{ p: { xs: 2.5, sm: 5 } }}>
      <Stack spacing={2.5}>
        <Box role="status" sx={{ textAlign: 'center' }}>
          <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} />
          <Typography ref={heading} tabIndex={-1} variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
            Application submitted
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Your application number
          </Typography>
          <Typography
            variant="h4"
            component="p"
            data-testid="application-number"
            sx={{ fontWeight: 700, letterSpacing: 0.5, wordBreak: 'break-all' }}
          >
            {applicationId}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Keep it: quote it whenever you contact us.
          </Typography>
        </Box>
        {confirmation.isError && (
          <Alert severity="warning">
            The details of your application could not be loaded ({confirmation.error.message}). It has been submitted.
          </Alert>
        )}
        {confirmation.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading the next steps" />}
        {data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {data.productName}
              {data.applicantName ? ` for ${data.applicantName}` : ''} · submitted{' '}
              {bankTimestampText(new Date(data.submittedAt))} {zoneLabel(data.submittedAt)}
            </Typography>
            <Divider />
            <Section title="What happens next">{data.nextStep.text}</Section>
          </>
        )}
        <Section title="Your receipt">
          A PDF with your application number, the loan you applied for and the consents you accepted.
          <Box sx={{ mt: 1.5 }}>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              onClick={() => void download()}
              disabled={downloading}
              fullWidth
              sx={{ maxWidth: { sm: 320 } }}
            >
              {downloading ? 'Preparing…' : 'Download receipt (PDF)'}
            </Button>
          </Box>
        </Section>
        <Section title="Track your application">
          Open <Link href="/newapplication">My applications</Link> and sign in with the e-mail address you gave: you
          will see its progress and any documents we ask for.
        </Section>
        {data && (
          <Section title="Contact us">
            {data.bank.name}
            <br />
            {data.bank.phone}
            <br />
            <Link href={`mailto:${data.bank.email}`}>{data.bank.email}</Link>
          </Section>
        )}
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
        {children}
      </Typography>
    </Box>
  );
}
