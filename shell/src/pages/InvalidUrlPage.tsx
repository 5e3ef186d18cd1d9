import { INVALID_URL_HEADING, INVALID_URL_TEXT } from '@originate/contract';
import { StatusPage } from './StatusPage';
import { WaysForward } from './WaysForward';

export default function InvalidUrlPage() {
  return (
    <StatusPage heading={INVALID_URL_HEADING} lines={[INVALID_URL_TEXT]}>
      <WaysForward />
    </StatusPage>
  );
}
