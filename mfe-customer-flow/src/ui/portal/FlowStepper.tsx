// The stepper of spec §4: one entry per section, its state (INPROGRESS/COMPLETE/PENDING: where the applicant
// is) and how much of it is filled (the engine's §4 percent). A check mark only on a section passed and
// filled: the last section is COMPLETE by position as soon as it is current, filled or not. A section with nothing
// to fill (a review) shows no percent. A phone gets the current section and a bar (the mean filled percent of the
// sections to fill) instead of the full row.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { StepperEntry } from '@originate/flow-engine';
import { memo } from 'react';

/** The mean filled percent of the sections that have something to fill. */
function overallPercent(entries: readonly StepperEntry[]): number {
  const toFill = entries.filter((e) => e.toFill);
  return toFill.length === 0 ? 100 : Math.round(toFill.reduce((sum, e) => sum + e.percent, 0) / toFill.length);
}

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
            <Step key={e.sectionId} completed={e.state === 'COMPLETE' && e.percent === 100}>
              <StepLabel
                optional={
                  e.toFill && (
                    <Typography variant="caption" color="text.secondary">
                      {e.percent}% filled
                    </Typography>
                  )
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
            {translate(entry.label)}
            {entry.toFill && ` · ${entry.percent}% filled`}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={overallPercent(entries)}
            aria-label="Overall progress"
            sx={{ mt: 1, height: 6, borderRadius: 3 }}
          />
        </Box>
      )}
    </Box>
  );
});
