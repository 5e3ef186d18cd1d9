import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { StandaloneFrame } from '@originate/web/standalone';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import { DETAIL_PATH, PAGES } from '../domain/pages';
import ApplicationDetail from '../exposed/ApplicationDetail';
import ApplicationsPage from '../exposed/ApplicationsPage';

/** The team's harness: every page of remote.json under the same paths the shell uses, without the shell's menu. */
export function StandaloneApp() {
  const pages = (
    <Box component="nav" aria-label="Pages" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      {Object.entries(PAGES).map(([path, page]) => (
        <Link key={path} component={RouterLink} to={`/${path}`} color="inherit" variant="body2">
          {page.title}
        </Link>
      ))}
    </Box>
  );
  return (
    <StandaloneFrame name="Applications" controls={pages}>
      <Routes>
        {Object.keys(PAGES).map((path) => (
          <Route key={path} path={`/${path}/*`} element={<ApplicationsPage basename={`/${path}`} />} />
        ))}
        <Route path={`${DETAIL_PATH}/*`} element={<ApplicationDetail basename={DETAIL_PATH} />} />
        <Route path="*" element={<Navigate to="/applications/my" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
