// The error summary at the top of a step (WCAG 3.3.1): after a refused Next or Submit, what is still wrong,
// each entry a link that focuses its field. It follows the form: a field put right leaves the list, and the
// summary goes when the list is empty.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { FieldConfig } from '@originate/contract';
import { errorSummaryTitle, type FormState, submitMessage } from '@originate/flow-engine';
import { useId } from 'react';
import { focusField } from '../fields/focus';
import { errorText, fieldDomId } from '../fields/types';

export interface SummaryEntry {
  key: string;
  text: string;
  code: string;
}

/**
 * Of the refused keys, those still shown with an error, in the form's field order, worded as under the
 * field; a whole-sentence message gets the label before it, so each entry names its field.
 */
export function summaryEntries(
  form: FormState,
  refused: readonly string[],
  labelOf: (field: FieldConfig) => string,
): SummaryEntry[] {
  const wanted = new Set(refused);
  const entries: SummaryEntry[] = [];
  for (const field of form.fields) {
    const error = form.errors[field.key];
    if (!wanted.has(field.key) || !error || form.hidden.has(field.key)) continue;
    const label = labelOf(field);
    const text = error.message.startsWith('is ') ? (errorText(label, error) ?? '') : `${label}: ${error.message}`;
    entries.push({ key: field.key, code: error.code, text });
  }
  return entries;
}

export function ErrorSummary({ entries }: { entries: readonly SummaryEntry[] }) {
  const titleId = useId();
  if (entries.length === 0) return null;
  return (
    <Alert severity="error" role="alert" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <AlertTitle id={titleId} component="h3">
        {errorSummaryTitle(entries.length)}
      </AlertTitle>
      {submitMessage(entries.map((entry) => entry.code))}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              href={`#${fieldDomId(entry.key)}`}
              color="inherit"
              onClick={(event) => {
                event.preventDefault();
                focusField(entry.key);
              }}
            >
              {entry.text}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
