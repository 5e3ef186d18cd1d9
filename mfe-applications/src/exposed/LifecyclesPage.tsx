// Settings → Lifecycles (route settings/lifecycles, linked from the shell's Settings page): a module of its
// own so the editor loads only when opened.
import type { RemotePageProps } from '@originate/contract';
import { LifecyclesPage } from '../ui/lifecycles/LifecyclesPage';

export default function LifecyclesRoute(_props: RemotePageProps) {
  return <LifecyclesPage />;
}
