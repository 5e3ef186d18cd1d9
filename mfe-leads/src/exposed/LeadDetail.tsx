// /backstage/lead?lead_id=… : one lead's detail.
import Alert from '@mui/material/Alert';
import type { RemotePageProps } from '@originate/contract';
import { useSearchParams } from 'react-router-dom';
import { LeadDetailPage } from '../ui/LeadDetailPage';

export default function LeadDetail(_props: RemotePageProps) {
  const [params] = useSearchParams();
  const leadId = params.get('lead_id');
  if (!leadId) return <Alert severity="warning">No lead was named.</Alert>;
  return <LeadDetailPage key={leadId} leadId={leadId} />;
}
