import { PORTAL_ACCESS_DENIED_MESSAGE } from '@originate/contract';
import { clearSession, endSession, runtimeEnvAtom, type Session, sessionAtom, showToast } from '@originate/web';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { QueryProvider } from '../QueryProvider';
import { BackOfficeLayout } from './BackOfficeLayout';
import { guardDecision, SESSION_EXPIRED_TOAST } from './guard';

/** The back-office area behind its guard (spec §2 "Guards and shell"). */
export default function BackOfficeArea() {
  const session = useAtomValue(sessionAtom);
  const env = useAtomValue(runtimeEnvAtom);
  const navigate = useNavigate();
  const decision = guardDecision(session, Date.now(), env?.portalAppName ?? '');

  useEffect(() => {
    if (decision === 'allow') return;
    if (decision === 'noPortalAccess') {
      showToast(PORTAL_ACCESS_DENIED_MESSAGE, 'error');
      void endSession();
    } else {
      showToast(SESSION_EXPIRED_TOAST, 'error');
      clearSession();
    }
    navigate('/', { replace: true });
  }, [decision, navigate]);

  return decision === 'allow' ? (
    <QueryProvider>
      <BackOfficeLayout session={session as Session} />
    </QueryProvider>
  ) : null;
}
