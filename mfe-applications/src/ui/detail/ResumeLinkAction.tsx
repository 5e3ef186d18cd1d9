// In the detail of a branch-started application whose customer flow is open: issue the applicant a link
// that resumes it in the portal (a new link replaces the previous one), shown with a copy button and when
// it expires.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatBankDateTime } from '@originate/contract';
import { useState } from 'react';
import { useRecord } from '../../api/useDetail';
import { useResumeLink } from '../../api/useInternal';
import { offersResumeLink } from '../../domain/internal';

export function ResumeLinkAction({ applicationId }: { applicationId: string }) {
  const record = useRecord(applicationId);
  const issue = useResumeLink();
  const [copied, setCopied] = useState(false);
  if (!record.data || !offersResumeLink(record.data)) return null;
  const issued = issue.data;
  const copy = async () => {
    if (!issued) return;
    await navigator.clipboard.writeText(issued.link);
    setCopied(true);
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ flex: 1, minWidth: 200 }}>
            The applicant can finish this application in the customer portal with a resume link.
          </Typography>
          <Button
            variant="outlined"
            startIcon={<LinkIcon />}
            disabled={issue.isPending}
            onClick={() => {
              setCopied(false);
              issue.mutate(applicationId);
            }}
          >
            Send resume link
          </Button>
        </Stack>
        {issued && (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                fullWidth
                size="small"
                label="Resume link"
                value={issued.link}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'resume-link' } }}
              />
              <Tooltip title={copied ? 'Copied' : 'Copy link'}>
                <IconButton aria-label="Copy link" onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Stack>
            <Alert severity="info">
              Expires {formatBankDateTime(issued.expiresAt)}. It only resumes this application; sending a new link
              replaces this one.
            </Alert>
          </>
        )}
      </Stack>
    </Paper>
  );
}
