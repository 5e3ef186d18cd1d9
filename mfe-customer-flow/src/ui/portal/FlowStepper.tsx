// The stepper of spec §4: one entry per section, INPROGRESS/COMPLETE/PENDING with its percent. A phone
// gets the current section and a bar instead of the full row.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { StepperEntry } from '@originate/flow-engine';
import { memo } from 'react';

/** Memoised: the flow screen re-renders as the applicant types, the stepper only when its entries change. */
export const FlowStepper = memo(function FlowStepper({
  entries,
  translate,
}: {
  entries: readonly StepperEntry[];
  translate(text: string): string;
}) {
  const active = entries.findIndex((e) => e.state === 'INPROGRESS');
  const current = active === -1 ? entries.length - 1 : active;
  const entry = entries[current];
  return (
    <Box component="nav" aria-label="Application progress">
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <Stepper activeStep={current} alternativeLabel>
          {entries.map((e) => (
            <Step key={e.sectionId} completed={e.state === 'COMPLETE'}>
              <StepLabel
                optional={
                  <Typography variant="caption" color="text.secondary">
                    {e.percent}%
                  </Typography>
                }
              >
                {translate(e.label)}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      {entry && (
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <Typography variant="body2" color="text.secondary">
            Section {current + 1} of {entries.length}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {translate(entry.label)} · {entry.percent}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(((current + entry.percent / 100) / entries.length) * 100)}
            aria-label="Overall progress"
            sx={{ mt: 1, height: 6, borderRadius: 3 }}
          />
        </Box>
      )}
    </Box>
  );
});
