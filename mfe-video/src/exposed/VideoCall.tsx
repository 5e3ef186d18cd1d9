// One application's video call, for another page to place: the back office's application detail ("Video
// call" action: staff start or join) and the applicant portal (phone-sized: the applicant joins the call
// waiting on the session's application).
import { ApplicantCall } from '../ui/ApplicantCall';
import { StaffCall } from '../ui/StaffCall';

export interface VideoCallProps {
  /** The application the call is about (the applicant's session names it on the server side). */
  applicationId: string;
  /** Staff start or join by their roles (AGENT, SUPERVISOR); the applicant joins their invitation. */
  joinAs: 'staff' | 'applicant';
  /** Phone-sized layout (the portal on a phone). */
  phone?: boolean;
  /** After the user leaves the call. */
  onClose?: () => void;
}

export default function VideoCall({ applicationId, joinAs, phone, onClose }: VideoCallProps) {
  return joinAs === 'applicant' ? (
    <ApplicantCall phone={phone} onClose={onClose} />
  ) : (
    <StaffCall applicationId={applicationId} phone={phone} onClose={onClose} />
  );
}
