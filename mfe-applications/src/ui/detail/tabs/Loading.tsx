import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';

/** A tab's list while it loads, or the sentence saying it could not (the error itself was reported). */
export function Loading({ query, what }: { query: { isError: boolean }; what: string }) {
  if (query.isError) return <Alert severity="error">The {what} could not be loaded.</Alert>;
  return <LinearProgress aria-label={`Loading ${what}`} />;
}
