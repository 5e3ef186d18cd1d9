// 'Request a call back' for one product, without an account: name, mobile, e-mail, when to call, consent,
// and the captcha where the product has one. The bank's team for the product sees it at once.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { ProductSummary } from '@originate/contract';
import { useCallback, useState } from 'react';
import { useProductDetails, useRequestCallback } from '../../api/useProducts';
import { type CallbackValues, callbackBody, callbackIssues, EMPTY_CALLBACK } from '../../domain/callbackRequest';
import { AltchaWidget } from './Captcha';

export function CallbackDialog({ product, onClose }: { product: ProductSummary; onClose(): void }) {
  const [values, setValues] = useState<CallbackValues>(EMPTY_CALLBACK);
  const [submitted, setSubmitted] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const details = useProductDetails(product.product_code);
  const send = useRequestCallback();
  const onSolved = useCallback((payload: string) => setCaptcha(payload), []);
  const needsCaptcha = details.data?.captcha === true;
  const issues = submitted ? callbackIssues(product.product_code, values, new Date()) : {};
  const set = (patch: Partial<CallbackValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(callbackIssues(product.product_code, values, new Date())).length > 0) return;
    if (needsCaptcha && !captcha) return;
    send.mutate(callbackBody(product.product_code, values, captcha ?? undefined));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="callback-title">
      <DialogTitle id="callback-title">Request a call back · {product.product_name}</DialogTitle>
      {send.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success">
              {send.data.message} Your reference is {send.data.reference}.
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            <DialogContentText>Tell us when to call: our team will ring you to talk about your loan.</DialogContentText>
            <TextField
              label="Your name"
              required
              value={values.name}
              onChange={(e) => set({ name: e.target.value })}
              error={!!issues.name}
              helperText={issues.name}
              autoComplete="name"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label="Mobile number"
              required
              value={values.mobile}
              onChange={(e) => set({ mobile: e.target.value })}
              error={!!issues.mobile}
              helperText={issues.mobile ?? '10 digits'}
              autoComplete="tel-national"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
            <TextField
              label="E-mail (optional)"
              type="email"
              value={values.email}
              onChange={(e) => set({ email: e.target.value })}
              error={!!issues.email}
              helperText={issues.email}
              autoComplete="email"
            />
            <TextField
              label="Preferred time"
              type="datetime-local"
              required
              value={values.preferredTime}
              onChange={(e) => set({ preferredTime: e.target.value })}
              error={!!issues.preferredTime}
              helperText={issues.preferredTime ?? 'Within the next 30 days'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormControlLabel
              control={<Checkbox checked={values.consent} onChange={(e) => set({ consent: e.target.checked })} />}
              label={`I agree to be called about the ${product.product_name}`}
            />
            {issues.consent && <FormHelperText error>{issues.consent}</FormHelperText>}
            {needsCaptcha && <AltchaWidget onSolved={onSolved} />}
            {submitted && needsCaptcha && !captcha && (
              <FormHelperText error>Please confirm you are not a robot</FormHelperText>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={submit} disabled={send.isPending || details.isPending}>
              Request call back
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
