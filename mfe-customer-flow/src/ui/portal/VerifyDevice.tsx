// "Verify it's you" (README "Resume links"): a resume link opened on a device the application does not know.
// Nothing of the application is on this page: only where a one-time code can go (masked). The right code
// opens the application here; wrong codes say so; too many lock the link, with the ways forward.
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ApiError,
  OTP_WRONG_CODE_MESSAGE,
  RESUME_LOCKED_MESSAGE,
  RESUME_NO_DESTINATION_MESSAGE,
  RESUME_VERIFY_HEADING,
  RESUME_VERIFY_TEXT,
  type ResumeDestination,
} from '@originate/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { type ResumedLink, sendResumeCode, verifyResumeCode } from '../../api/resume';
import { destinationLabel } from '../../domain/resumeLinks';
import { problemText } from '../fields/problems';

/** Where an applicant without this device goes on: their applications, by a code to their e-mail. */
const MY_APPLICATIONS = '/newapplication';

/** The link is dead (expired, revoked, used) whatever is typed: the caller shows '400 Invalid URL'. */
const isDeadLink = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.items.some((i) => i.startsWith('transactionToken'));

interface Props {
  token: string;
  destinations: ResumeDestination[];
  onVerified(resumed: ResumedLink): void;
  onDeadLink(): void;
}

export function VerifyDevice({ token, destinations, onVerified, onDeadLink }: Props) {
  const [channel, setChannel] = useState(destinations[0]?.channel);
  const [sent, setSent] = useState(false);
  /** Each code sent: the code's box takes focus, which the pressed (then replaced or disabled) button dropped. */
  const [sends, setSends] = useState(0);
  const codeInput = useRef<HTMLInputElement>(null);
  const [wait, setWait] = useState(0);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const labelId = useId();

  useEffect(() => {
    if (sends > 0) codeInput.current?.focus();
  }, [sends]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const failed = (error: unknown) => {
    if (isDeadLink(error)) onDeadLink();
    else if (error instanceof ApiError && error.status === 429 && error.message === RESUME_LOCKED_MESSAGE)
      setLocked(true);
    else if (error instanceof ApiError && error.status === 400 && error.items.some((i) => i.startsWith('code')))
      setProblem(OTP_WRONG_CODE_MESSAGE);
    else setProblem(problemText(error));
  };

  const send = async () => {
    if (!channel) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await sendResumeCode(token, channel, sent);
      setSent(true);
      setSends((n) => n + 1);
      setWait(answer.resendAfterSeconds);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onVerified(await verifyResumeCode(token, code.trim()));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const chosen = destinations.find((d) => d.channel === channel);
  return (
    <Paper component="section" aria-labelledby={labelId} sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto' }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LockOutlinedIcon color="primary" />
          <Typography id={labelId} variant="h5" component="h1">
            {RESUME_VERIFY_HEADING}
          </Typography>
        </Stack>
        {locked ? (
          <Alert severity="error">{RESUME_LOCKED_MESSAGE}</Alert>
        ) : destinations.length === 0 ? (
          <Alert severity="info">{RESUME_NO_DESTINATION_MESSAGE}</Alert>
        ) : (
          <>
            <Typography color="text.secondary">{RESUME_VERIFY_TEXT}</Typography>
            <RadioGroup
              aria-label="Send the code by"
              value={channel ?? ''}
              onChange={(e) => {
                setChannel(e.target.value as ResumeDestination['channel']);
                setSent(false);
              }}
            >
              {destinations.map((d) => (
                <FormControlLabel
                  key={d.channel}
                  value={d.channel}
                  control={<Radio />}
                  label={destinationLabel(d)}
                  disabled={busy}
                />
              ))}
            </RadioGroup>
            {sent && chosen && (
              <Typography role="status">
                We sent a 6-digit code to {chosen.to} by {chosen.channel === 'SMS' ? 'SMS' : 'e-mail'}. It is valid for
                5 minutes.
              </Typography>
            )}
            {sent && (
              <TextField
                label="One-time code"
                inputRef={codeInput}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
                error={problem !== null}
                helperText={problem ?? ' '}
              />
            )}
            {!sent && problem && <Alert severity="error">{problem}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {sent ? (
                <>
                  <Button variant="contained" onClick={() => void verify()} disabled={busy || code.length !== 6}>
                    Verify and continue
                  </Button>
                  <Button variant="outlined" onClick={() => void send()} disabled={busy || wait > 0}>
                    {wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}
                  </Button>
                </>
              ) : (
                <Button variant="contained" onClick={() => void send()} disabled={busy || !channel}>
                  Send code
                </Button>
              )}
            </Stack>
          </>
        )}
        {(locked || destinations.length === 0) && (
          <Typography>
            <Link href={MY_APPLICATIONS}>Sign in to My applications with your e-mail</Link> to continue your
            application, or open it on the device you started it on.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
