// /backstage/application?application_id=…&taskId=… (spec §2): the detail of one application's task.
import Alert from '@mui/material/Alert';
import type { RemotePageProps } from '@originate/contract';
import { useSearchParams } from 'react-router-dom';
import DetailPage from '../ui/detail/DetailPage';

export default function ApplicationDetail(_props: RemotePageProps) {
  const [params] = useSearchParams();
  const applicationId = params.get('application_id');
  const taskId = params.get('taskId') ?? undefined;
  if (!applicationId) {
    return (
      <Alert severity="warning" sx={{ m: 3 }}>
        No application was named: open one from a list.
      </Alert>
    );
  }
  return <DetailPage key={`${applicationId}:${taskId ?? ''}`} applicationId={applicationId} taskId={taskId} />;
}
