// A list or invitation that could not be loaded: the reason and Retry (the video screens' one inline failure).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '@originate/contract';

export function LoadFailed({ what, error, retry }: { what: string; error: unknown; retry: () => unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          Retry
        </Button>
      }
    >
      {what} could not be loaded: {errorText(error)}
    </Alert>
  );
}
