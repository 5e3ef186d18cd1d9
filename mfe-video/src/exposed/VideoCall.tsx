// One application's video call, the remote's videoCall slot (remote.json), for another page to place: the back
// office's application detail ("Video call" action: staff start or join) and the applicant portal (phone-sized:
// the applicant joins the call waiting on the session's application).
import type { SlotProps } from '@originate/contract';
import { ApplicantCall } from '../ui/ApplicantCall';
import { StaffCall } from '../ui/StaffCall';

/** The contract's videoCall slot (SlotProps['videoCall'], VideoCallSlotProps). */
export default function VideoCall({ applicationId, joinAs, phone, onClose }: SlotProps['videoCall']) {
  return joinAs === 'applicant' ? (
    <ApplicantCall phone={phone} onClose={onClose} />
  ) : (
    <StaffCall applicationId={applicationId} phone={phone} onClose={onClose} />
  );
}
