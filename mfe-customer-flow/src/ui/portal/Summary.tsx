// The summary sub-section: every earlier step's values, read only, each step with an 'Edit' link.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldConfig } from '@originate/contract';
import type { Step } from '@originate/flow-engine';
import { lazy, Suspense } from 'react';
import { displayValue } from '../../domain/displayValue';
import type { FlowController } from './useFlow';

// With the calculator's own code (decimal.js), loaded only when a summary shows one.
const LoanCalculatorSummary = lazy(() =>
  import('../fields/LoanCalculatorField').then((m) => ({ default: m.LoanCalculatorSummary })),
);

export function Summary({
  flow,
  translate,
  labelOf,
}: {
  flow: FlowController;
  translate(text: string): string;
  labelOf(field: FieldConfig): string;
}) {
  const before = flow.steps.filter((s) => !s.summary);
  const applicantName = (s: Step) =>
    s.applicant.type === 'primary' ? '' : s.applicant.type === 'secondary' ? ' (co-applicant)' : ' (guarantor)';
  return (
    <Stack spacing={2} component="section" aria-label="Summary of your application">
      {before.map((s) => {
        const form = flow.formFor(s, flow.values, flow.joint);
        if (!form) return null;
        const shown = form.fields.filter(
          (f) => !f.groupKey && !form.hidden.has(f.key) && f.field_type_details.type !== 'heading',
        );
        return (
          <Paper key={`${s.section_id}/${s.sub_section_id}/${s.jointIndex ?? ''}`} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
                {translate(s.subSectionName)}
                {applicantName(s)}
              </Typography>
              <Button
                size="small"
                onClick={() => flow.goTo(s)}
                aria-label={`Edit ${translate(s.subSectionName)}${applicantName(s)}`}
              >
                Edit
              </Button>
            </Stack>
            <Divider sx={{ mb: 1 }} />
            {shown.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nothing to fill here.
              </Typography>
            ) : (
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr' }, gap: 0.75, m: 0 }}
              >
                {shown.map((field) => (
                  <Box key={field.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {labelOf(field)}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}
                    >
                      {field.field_type_details.loan_calculator ? (
                        <Suspense fallback="…">
                          <LoanCalculatorSummary field={field} values={form.values} />
                        </Suspense>
                      ) : (
                        displayValue(field, form.values[field.key], flow.binding?.optionsOf(field))
                      )}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
