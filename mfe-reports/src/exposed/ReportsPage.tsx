// Both menu entries of this remote (remote.json): Dashboard and Reports; the page comes from the basename
// the host routes it under.
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { RemotePageProps } from '@originate/contract';
import { lazy, Suspense } from 'react';
import { pageFor } from '../domain/pages';

// Each page's code apart: the Dashboard (the landing page) never waits for the Reports' tables, nor they for it.
const DashboardPage = lazy(() => import('../ui/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const ReportsTables = lazy(() => import('../ui/ReportsPage').then((m) => ({ default: m.ReportsPage })));

export default function ReportsPage({ basename }: RemotePageProps) {
  const page = pageFor(basename);
  if (!page) return <Alert severity="warning">This page does not exist.</Alert>;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ m: 3 }} aria-label="Loading the page" />}>
      {page.kind === 'dashboard' ? <DashboardPage title={page.title} /> : <ReportsTables title={page.title} />}
    </Suspense>
  );
}
