import { StatusPage } from './StatusPage';

const INVALID_URL_HEADING = '400 Invalid URL';
const INVALID_URL_TEXT =
  'The link is either expired or invalid or your application has already been submitted for further processing.';

export default function InvalidUrlPage() {
  return <StatusPage heading={INVALID_URL_HEADING} lines={[INVALID_URL_TEXT]} />;
}
