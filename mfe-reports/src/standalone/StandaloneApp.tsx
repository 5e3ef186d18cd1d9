import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { StandaloneFrame } from '@originate/web/standalone';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import { PAGES } from '../domain/pages';
import ReportsPage from '../exposed/ReportsPage';

/** The team's harness: both pages of remote.json under the same paths the shell uses, without the shell's menu. */
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
    <StandaloneFrame name="Reports" controls={pages}>
      <Routes>
        {Object.keys(PAGES).map((path) => (
          <Route key={path} path={`/${path}/*`} element={<ReportsPage basename={`/${path}`} />} />
        ))}
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </StandaloneFrame>
  );
}
