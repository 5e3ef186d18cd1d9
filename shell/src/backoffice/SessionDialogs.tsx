import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { SESSION_ENDED_MESSAGE } from '@originate/contract';
import { clearSession, endSession, refreshSession, reportError, type Session } from '@originate/web';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type SessionPhase, sessionSchedule } from './sessionPhase';

const SESSION_WARNING_TITLE = 'Your session is about to expire';
const SESSION_EXPIRED_TITLE = SESSION_ENDED_MESSAGE;

/** The session-expire-warning and session-expired dialogs, timed from when the tokens were issued. */
export function SessionDialogs({ session }: { session: Session }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<SessionPhase>(() => sessionSchedule(session, Date.now()).phase);
  const [extending, setExtending] = useState(false);

  // A refresh stores a new issuedAt and expires_in: the timers restart from them.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const schedule = sessionSchedule(session, Date.now());
      setPhase(schedule.phase);
      if (schedule.nextChangeInMs !== null) timer = setTimeout(tick, schedule.nextChangeInMs);
    };
    tick();
    return () => clearTimeout(timer);
  }, [session]);

  const extend = async () => {
    setExtending(true);
    try {
      await refreshSession();
    } catch (error) {
      reportError(error);
    } finally {
      setExtending(false);
    }
  };

  const logOut = async () => {
    await endSession();
    navigate('/');
  };

  const logInAgain = () => {
    clearSession();
    navigate('/');
  };

  if (phase === 'active') return null;
  const expired = phase === 'expired';
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
          <Button variant="contained" onClick={logInAgain}>
            Log in again
          </Button>
        ) : (
          <>
            <Button onClick={logOut}>Log out</Button>
            <Button variant="contained" onClick={extend} disabled={extending}>
              Extend session
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
