// Settings → Decision tables (route settings/decision-tables, linked from the shell's Settings page): a module of
// its own so the editor loads only when opened.
import type { RemotePageProps } from '@originate/contract';
import { DecisionTablesPage } from '../ui/decisions/DecisionTablesPage';

export default function DecisionTablesRoute(_props: RemotePageProps) {
  return <DecisionTablesPage />;
}
