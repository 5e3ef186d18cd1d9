// Settings → Templates (route settings/templates, linked from the shell's Settings page): a module of its own
// so the editor loads only when opened.
import type { RemotePageProps } from '@originate/contract';
import { TemplatesPage } from '../ui/templates/TemplatesPage';

export default function TemplatesRoute(_props: RemotePageProps) {
  return <TemplatesPage />;
}
