// The session-expire-warning or session-expired dialog (SessionDialogs times it).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { SESSION_ENDED_MESSAGE } from '@originate/contract';

const SESSION_WARNING_TITLE = 'Your session is about to expire';
const SESSION_EXPIRED_TITLE = SESSION_ENDED_MESSAGE;

export default function SessionDialog({
  expired,
  extending,
  onExtend,
  onLogOut,
  onLogInAgain,
}: {
  expired: boolean;
  extending: boolean;
  onExtend: () => void;
  onLogOut: () => void;
  onLogInAgain: () => void;
}) {
  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="session-dialog-title">
      <DialogTitle id="session-dialog-title">{expired ? SESSION_EXPIRED_TITLE : SESSION_WARNING_TITLE}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          {expired
            ? 'Please log in again to continue.'
            : 'For your security you will be logged out soon. Do you want to stay logged in?'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {expired ? (
          <Button variant="contained" onClick={onLogInAgain}>
            Log in again
          </Button>
        ) : (
          <>
            <Button onClick={onLogOut}>Log out</Button>
            <Button variant="contained" onClick={onExtend} disabled={extending}>
              Extend session
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
