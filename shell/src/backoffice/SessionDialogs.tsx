import { clearSession, endSession, refreshSession, reportError, type Session } from '@originate/web';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type SessionPhase, sessionSchedule } from './sessionPhase';

// The dialog's MUI (Dialog and its parts) loads when the warning is due, not with the Dashboard.
const SessionDialog = lazy(() => import('./SessionDialog'));

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
  return (
    <Suspense fallback={null}>
      <SessionDialog
        expired={phase === 'expired'}
        extending={extending}
        onExtend={extend}
        onLogOut={logOut}
        onLogInAgain={logInAgain}
      />
    </Suspense>
  );
}
