// A query the page cannot do without (the configuration, a report's answer): a skeleton while it loads,
// its failure with Retry (the reason as the shared error catalogue words it), else nothing.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '@originate/contract';
import { WidgetSkeleton } from './WidgetSkeleton';

export function LoadState({
  query,
  what,
  height = 240,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What failed, in words ('The dashboard configuration'). */
  what: string;
  height?: number;
}) {
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {what} could not be loaded: {errorText(query.error)}
      </Alert>
    );
  if (query.isPending)
    return <WidgetSkeleton label={`Loading ${what.toLowerCase()}`} height={height} figures={false} />;
  return null;
}
