// The applicants' own origin (port 3003): the customer routes without the shell, and /invalidURL; the slots the
// portal places (the applicant's video call) come from the runtime manifest (PortalSlotHost).
import { configureHttp } from '@originate/web';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import CustomerFlow, { INVALID_URL_PATH } from '../exposed/CustomerFlow';
import { InvalidUrlPage } from '../ui/portal/InvalidUrlPage';
import { NO_EMBED, PortalChrome } from '../ui/portal/PortalChrome';
import { PortalSlotHost } from './PortalSlotHost';

export function StandaloneApp() {
  const navigate = useNavigate();
  // 401 answers return the applicant to /newapplication inside this page (the web package's http client).
  useEffect(() => configureHttp({ navigate: (to) => navigate(to) }), [navigate]);
  return (
    <PortalSlotHost>
      <Routes>
        <Route path="/newapplication/*" element={<CustomerFlow basename="/newapplication" />} />
        <Route path="/omni-embed/*" element={<CustomerFlow basename="/omni-embed" />} />
        <Route path="/dynamic-resume/*" element={<CustomerFlow basename="/dynamic-resume" />} />
        <Route
          path={INVALID_URL_PATH}
          element={
            <PortalChrome embed={NO_EMBED}>
              <InvalidUrlPage />
            </PortalChrome>
          }
        />
        <Route path="*" element={<Navigate to={`/newapplication${window.location.search}`} replace />} />
      </Routes>
    </PortalSlotHost>
  );
}
