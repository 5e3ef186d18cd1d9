// Every menu entry of this remote (remote.json): My Leads, Team Leads, Create Lead; the page comes from
// the basename the host routes it under.
import Alert from '@mui/material/Alert';
import type { RemotePageProps } from '@originate/contract';
import { pageFor } from '../domain/pages';
import { CreateLeadPage } from '../ui/CreateLeadPage';
import { LeadListPage } from '../ui/LeadListPage';

export default function LeadsPage({ basename }: RemotePageProps) {
  const page = pageFor(basename);
  if (!page) return <Alert severity="warning">This page does not exist.</Alert>;
  // A new list starts from its own state (page 1, no filters).
  return page.kind === 'list' ? (
    <LeadListPage key={page.list} list={page.list} title={page.title} />
  ) : (
    <CreateLeadPage />
  );
}
