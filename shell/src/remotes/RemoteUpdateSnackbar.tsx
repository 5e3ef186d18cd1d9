// The notice's Snackbar (RemoteUpdateNotice decides when it shows).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';

export default function RemoteUpdateSnackbar({ message, onLater }: { message: string; onLater: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" variant="outlined" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button color="inherit" size="small" onClick={onLater}>
              Later
            </Button>
          </Stack>
        }
        sx={{ alignItems: 'center' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
