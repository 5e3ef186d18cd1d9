// The applicant's video call in the portal chrome: while an agent's call waits on (or runs for) the
// applicant's application, a card with the videoCall slot, phone-sized: the video remote shows who invites and
// Join, then the call. Nothing shows without an applicant session, without a remote filling the slot, without a
// call, or while the remote cannot load (the card is empty, so hidden).
import Paper from '@mui/material/Paper';
import { sessionAtom, useSlot } from '@originate/web';
import { useAtomValue } from 'jotai';
import { applicantApplicationId } from '../../api/applicantSession';
import { useVideoInvitation } from '../../api/videoInvitation';

export function VideoInvitation() {
  const VideoCall = useSlot('videoCall');
  const applicationId = applicantApplicationId(useAtomValue(sessionAtom));
  const invitation = useVideoInvitation(VideoCall ? applicationId : null);
  if (!VideoCall || !applicationId || !invitation.data?.call) return null;
  return (
    // The remote's own section names the call for assistive technology: this card only frames it.
    <Paper
      data-testid="portal-video-call"
      variant="outlined"
      sx={{ p: 2, mb: 2, maxWidth: 480, mx: 'auto', '&:empty': { display: 'none' } }}
    >
      <VideoCall
        applicationId={applicationId}
        joinAs="applicant"
        phone
        // The applicant left: ask again (the call may still run, and they may rejoin).
        onClose={() => void invitation.refetch()}
      />
    </Paper>
  );
}
