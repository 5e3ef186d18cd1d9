// The optional captcha before an application starts (spec §1, §7): ALTCHA's self-hosted proof of work.
// The widget fetches its challenge from our server; its payload goes with the first save as captchaResponse.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { captchaChallengeUrl } from '../../api/flow';

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

/** ALTCHA's widget: calls `onSolved` with its payload once the proof of work is verified. */
export function AltchaWidget({ onSolved }: { onSolved(payload: string): void }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let widget: HTMLElement | null = null;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail;
      if (detail?.state === 'verified' && detail.payload) onSolved(detail.payload);
    };
    let cancelled = false;
    // The widget (a web component) loads only for products that ask for a captcha.
    void import('altcha').then(() => {
      if (cancelled) return;
      widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', captchaChallengeUrl());
      widget.addEventListener('statechange', onState);
      element.appendChild(widget);
    });
    return () => {
      cancelled = true;
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
    };
  }, [onSolved]);
  return <div ref={holder} />;
}

export function CaptchaGate({ onSolved }: { onSolved(payload: string): void }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Before you start
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Please confirm you are not a robot.
      </Typography>
      <AltchaWidget onSolved={onSolved} />
    </Paper>
  );
}
