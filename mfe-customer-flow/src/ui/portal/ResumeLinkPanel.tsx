// 'Continue later, on any device' (README "Resume links"): 'Send me this link' by SMS or e-mail (only the
// destinations verified in the form, masked) and a copy button for this device. The link itself is never
// shown: it is the application's one live link, and sending a new one revokes the one before.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormValues, ResumeDestination } from '@originate/contract';
import { showToast } from '@originate/web';
import { memo, useEffect, useMemo, useState } from 'react';
import { sendResumeLink } from '../../api/resume';
import { destinationLabel, verifiedDestinations } from '../../domain/resumeLinks';
import { problemText } from '../fields/problems';

/** The save toast's button asks the panel on screen to open its dialog. */
const requests = new EventTarget();
export const SEND_LINK_LABEL = 'Send me this link';
export function requestSendLink(): void {
  requests.dispatchEvent(new Event('open'));
}

function resumeLink(token: string): string {
  return `${window.location.origin}/dynamic-resume?transactionToken=${encodeURIComponent(token)}`;
}

interface Props {
  applicationId: string;
  token: string;
  /** The form's newest values (read when the dialog opens: a keystroke re-renders nothing here). */
  readValues(): FormValues;
  /** The new live link the server issued: this device keeps it. */
  onSent(token: string): void;
}

export const ResumeLinkPanel = memo(function ResumeLinkPanel({ applicationId, token, readValues, onSent }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    requests.addEventListener('open', show);
    return () => requests.removeEventListener('open', show);
  }, []);
  const copy = () =>
    navigator.clipboard
      .writeText(resumeLink(token))
      .then(() => showToast('Resume link copied', 'success'))
      .catch(() => showToast('This browser does not allow copying: send the link to yourself instead', 'warning'));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        Continue later, on any device
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        We can send you a link to this application. On another device we will ask for a one-time code first.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<SendOutlinedIcon />} onClick={() => setOpen(true)}>
          {SEND_LINK_LABEL}
        </Button>
        <Button variant="text" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy link
        </Button>
      </Stack>
      {open && (
        <SendLinkDialog
          applicationId={applicationId}
          values={readValues()}
          onClose={() => setOpen(false)}
          onSent={(sent) => {
            onSent(sent);
            setOpen(false);
          }}
        />
      )}
    </Paper>
  );
});

function SendLinkDialog({
  applicationId,
  values,
  onClose,
  onSent,
}: {
  applicationId: string;
  values: FormValues;
  onClose(): void;
  onSent(token: string): void;
}) {
  const destinations = useMemo(() => verifiedDestinations(values), [values]);
  const [channel, setChannel] = useState<ResumeDestination['channel'] | undefined>(destinations[0]?.channel);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    if (!channel) return;
    setBusy(true);
    setProblem(null);
    try {
      const sent = await sendResumeLink(applicationId, channel);
      onSent(sent.resumeToken);
      showToast(`Link sent by ${sent.channel === 'SMS' ? 'SMS' : 'e-mail'} to ${sent.to}`, 'success');
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="send-link-title">
      <DialogTitle id="send-link-title">{SEND_LINK_LABEL}</DialogTitle>
      <DialogContent>
        {destinations.length === 0 ? (
          <DialogContentText>
            Verify your mobile number or e-mail address in the form first (the one-time code beside it); then we can
            send you the link there.
          </DialogContentText>
        ) : (
          <>
            <DialogContentText id="send-link-text" sx={{ mb: 1 }}>
              Where should we send it? A new link replaces the one sent before.
            </DialogContentText>
            <RadioGroup
              aria-labelledby="send-link-text"
              value={channel ?? ''}
              onChange={(e) => setChannel(e.target.value as ResumeDestination['channel'])}
            >
              {destinations.map((d) => (
                <FormControlLabel key={d.channel} value={d.channel} control={<Radio />} label={destinationLabel(d)} />
              ))}
            </RadioGroup>
          </>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {destinations.length > 0 && (
          <Button variant="contained" onClick={() => void send()} disabled={busy || !channel}>
            Send link
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
