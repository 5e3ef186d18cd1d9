import Button from '@mui/material/Button';
import { API_PATHS } from '@originate/contract';
import { clearSession, reportError, WaysForward } from '@originate/web';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fetchEnvironmentDomains } from '../api/configs';
import { continueGoesToRoot, continueTarget, isApplicantSource, notFoundTexts } from './notFound';
import { StatusPage } from './StatusPage';
import { useBankContact } from './useBankContact';

export default function NotFoundPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const applicant = isApplicantSource(search);
  const contact = useBankContact(applicant);

  useEffect(() => {
    clearSession();
    // Browser back on this page reloads it: a history entry to step back onto, then a reload.
    window.history.pushState(window.history.state, '', window.location.href);
    const onPopState = () => window.location.reload();
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const onContinue = async () => {
    if (continueGoesToRoot(window.location.href)) {
      navigate('/');
      return;
    }
    setBusy(true);
    try {
      const domains = await fetchEnvironmentDomains();
      const portal = Array.isArray(domains) ? domains[0]?.customerportal : undefined;
      if (!portal) throw new Error(`${API_PATHS.environmentDomain}: no customerportal in the first entry`);
      const target = continueTarget(portal);
      if (target.kind === 'inApp') navigate(target.to);
      else window.location.assign(target.url);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StatusPage lines={notFoundTexts(search)}>
      <Button variant="contained" size="large" onClick={onContinue} disabled={busy} sx={{ mt: 1, minWidth: 160 }}>
        Continue
      </Button>
      {applicant && <WaysForward contact={contact} primary={false} />}
    </StatusPage>
  );
}
