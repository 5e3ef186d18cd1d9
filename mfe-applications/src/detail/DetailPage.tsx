// Placeholder until Front D's application detail lands here (same path, same default export and props).
import Typography from '@mui/material/Typography';

export interface DetailPageProps {
  applicationId: string;
  taskId?: string;
}

export default function DetailPage({ applicationId }: DetailPageProps) {
  return <Typography sx={{ p: 3 }}>Application {applicationId}</Typography>;
}
