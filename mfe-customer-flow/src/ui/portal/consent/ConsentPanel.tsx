// The product's declaration and consents on its consent step: each text in full in a scrollable box that
// reads on a phone, each accepted on its own checkbox (required or optional as configured), recorded on the
// server as it is ticked.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConsentsController } from '../../../api/useConsents';
import { consentCheckboxId, paragraphs } from '../../../domain/consentRules';

export function ConsentPanel({ consents, showMissing }: { consents: ConsentsController; showMissing: boolean }) {
  const { set, error } = consents;
  if (error) return <Alert severity="error">The declaration and consents could not be loaded. {error.message}</Alert>;
  if (!set) return <Skeleton variant="rounded" height={240} aria-label="Loading the declaration and consents" />;
  return (
    <Stack spacing={2} component="section" aria-labelledby="consents-heading">
      <Box>
        <Typography id="consents-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Declaration and consents
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Read each text in full, then tick the box below it. Those marked required are needed to submit your
          application.
        </Typography>
      </Box>
      {set.consents.map((consent) => {
        const checked = consents.accepted.has(consent.consentId);
        const missing = showMissing && consent.mandatory && !checked;
        const textId = `consent-text-${consent.consentId}`;
        return (
          <Paper
            key={consent.consentId}
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 }, borderColor: missing ? 'error.main' : 'divider' }}
          >
            <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
              {consent.title}{' '}
              <Typography component="span" variant="caption" color={consent.mandatory ? 'error' : 'text.secondary'}>
                ({consent.mandatory ? 'required' : 'optional'})
              </Typography>
            </Typography>
            <Box
              id={textId}
              role="region"
              aria-label={`${consent.title}, version ${consent.version}`}
              // Focusable so a keyboard can scroll it.
              tabIndex={0}
              sx={{
                maxHeight: { xs: 220, sm: 260 },
                overflowY: 'auto',
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
                fontSize: 14,
                lineHeight: 1.55,
              }}
            >
              {paragraphs(consent.text).map((p) => (
                <Typography key={p} variant="body2" component="p" sx={{ mb: 1, '&:last-child': { mb: 0 } }}>
                  {p}
                </Typography>
              ))}
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center', mt: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    id={consentCheckboxId(consent.consentId)}
                    checked={checked}
                    // Waiting, not disabled: a disabled box drops keyboard focus to <body>.
                    onChange={(e) => {
                      if (consents.pending === null) consents.toggle(consent.consentId, e.target.checked);
                    }}
                    slotProps={{
                      input: {
                        'aria-describedby': textId,
                        'aria-invalid': missing || undefined,
                        'aria-required': consent.mandatory,
                        'aria-disabled': consents.pending !== null || undefined,
                      },
                    }}
                  />
                }
                label={`I have read and accept: ${consent.title}`}
              />
              {consents.pending === consent.consentId && <CircularProgress size={16} aria-label="Recording" />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              Version {consent.version}
            </Typography>
          </Paper>
        );
      })}
    </Stack>
  );
}
