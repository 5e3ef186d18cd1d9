// Both menu entries of this remote (remote.json): Dashboard and Reports; the page comes from the basename
// the host routes it under.
import Alert from '@mui/material/Alert';
import type { RemotePageProps } from '@originate/contract';
import { pageFor } from '../domain/pages';
import { DashboardPage } from '../ui/DashboardPage';
import { ReportsPage as ReportsTables } from '../ui/ReportsPage';

export default function ReportsPage({ basename }: RemotePageProps) {
  const page = pageFor(basename);
  if (!page) return <Alert severity="warning">This page does not exist.</Alert>;
  return page.kind === 'dashboard' ? <DashboardPage title={page.title} /> : <ReportsTables title={page.title} />;
}
