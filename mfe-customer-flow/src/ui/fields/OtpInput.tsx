// OTP (spec §5, §9): SEND_OTP, then RESEND_OTP once the server's wait (30 s) is over, and VERIFY_OTP
// with the code. The value is { type, recipient, isVerified }; the recipient is another field's value.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '@originate/contract';
import { OTP_WRONG_CODE_MESSAGE } from '@originate/flow-engine';
import { useEffect, useState } from 'react';
import { problemText } from './problems';
import { useFieldServices } from './services';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export function OtpInput({
  field,
  label,
  value,
  error,
  readOnly,
  onChange,
  onBlur,
  recipient,
}: FieldRendererProps & { recipient: string }) {
  const services = useFieldServices();
  const details = field.field_type_details;
  const channel = details.otp_channel ?? 'SMS';
  const verified = typeof value === 'object' && value !== null && 'isVerified' in value && value.isVerified;
  const verifiedFor = verified && 'recipient' in value ? value.recipient : null;
  const [sent, setSent] = useState(false);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  // A verification belongs to one recipient: changing the number or address undoes it.
  useEffect(() => {
    if (verifiedFor !== null && verifiedFor !== recipient) {
      onChange({ type: channel, recipient, isVerified: false });
      setSent(false);
    }
  }, [recipient, verifiedFor, channel, onChange]);

  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await services.sendOtp({
        fieldKey: field.key,
        type: channel,
        recipient,
        action: sent ? 'RESEND_OTP' : 'SEND_OTP',
      });
      setSent(true);
      setWaitSeconds(answer.resendAfterSeconds);
      onChange({ type: channel, recipient, isVerified: false });
    } catch (e) {
      setProblem(problemText(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await services.verifyOtp({ fieldKey: field.key, code: code.trim() });
      if (answer.isVerified) {
        onChange({ type: channel, recipient, isVerified: true });
        setCode('');
      } else setProblem(OTP_WRONG_CODE_MESSAGE);
      onBlur();
    } catch (e) {
      setProblem(e instanceof ApiError && e.status === 400 ? OTP_WRONG_CODE_MESSAGE : problemText(e));
    } finally {
      setBusy(false);
    }
  };

  const shown = problem ?? errorText(label, error);
  const describedBy = shown ? helperId(field.key) : undefined;
  const noRecipient = recipient.trim() === '';
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={`${fieldDomId(field.key)}-label`}
      sx={{ p: 2, borderColor: shown ? 'error.main' : 'divider' }}
    >
      <Typography id={`${fieldDomId(field.key)}-label`} sx={{ fontWeight: 500 }}>
        {label}
        {details.mandatory ? ' *' : ''}
      </Typography>
      {verified ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }} role="status">
          <CheckCircleIcon color="success" fontSize="small" />
          <Typography color="success.main">Verified {recipient}</Typography>
        </Stack>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {noRecipient
              ? `Enter your ${channel === 'SMS' ? 'mobile number' : 'e-mail address'} first.`
              : `A one time password goes to ${recipient}.`}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            {sent ? (
              <Button
                variant="outlined"
                onClick={() => void send()}
                disabled={readOnly || busy || waitSeconds > 0 || noRecipient}
              >
                Resend OTP
              </Button>
            ) : (
              <Button
                id={fieldDomId(field.key)}
                variant="outlined"
                onClick={() => void send()}
                disabled={readOnly || busy || noRecipient}
                aria-describedby={describedBy}
              >
                Send OTP
              </Button>
            )}
            {sent && (
              <>
                <TextField
                  id={fieldDomId(field.key)}
                  size="small"
                  label="One time password"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 8))}
                  disabled={readOnly || busy}
                  error={shown !== undefined}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      autoComplete: 'one-time-code',
                      'aria-describedby': describedBy,
                    },
                  }}
                />
                <Button variant="contained" onClick={() => void verify()} disabled={readOnly || busy || code === ''}>
                  Verify OTP
                </Button>
              </>
            )}
          </Stack>
          {sent && waitSeconds > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              You can resend the code in {waitSeconds} s.
            </Typography>
          )}
        </>
      )}
      {shown && (
        <FormHelperText error id={helperId(field.key)} role="alert">
          {shown}
        </FormHelperText>
      )}
    </Paper>
  );
}
