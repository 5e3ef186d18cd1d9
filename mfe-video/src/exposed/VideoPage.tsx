// The Video menu entry (remote.json 'video'): the open calls the user may join.
import type { RemotePageProps } from '@originate/contract';
import { VideoPage as OpenCallsPage } from '../ui/VideoPage';

export default function VideoPage(_props: RemotePageProps) {
  return <OpenCallsPage />;
}
