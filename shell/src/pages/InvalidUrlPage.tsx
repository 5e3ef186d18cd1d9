import { INVALID_URL_HEADING, INVALID_URL_TEXT } from '@originate/contract';
import { WaysForward } from '@originate/web';
import { StatusPage } from './StatusPage';
import { useBankContact } from './useBankContact';

export default function InvalidUrlPage() {
  const contact = useBankContact();
  return (
    <StatusPage heading={INVALID_URL_HEADING} lines={[INVALID_URL_TEXT]}>
      <WaysForward contact={contact} />
    </StatusPage>
  );
}
