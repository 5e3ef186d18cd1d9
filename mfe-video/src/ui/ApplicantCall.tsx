// The applicant's side (the portal, phone-sized): the call waiting on their application, and joining it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorText } from '@originate/contract';
import { useState } from 'react';
import { useInvitation, useJoinAsApplicant } from '../api/useVideoCalls';
import { ActiveCall, type EnteredCall } from './ActiveCall';
import { LoadFailed } from './LoadFailed';
import { VIDEO_TEXTS } from './texts';

export function ApplicantCall({ phone, onClose }: { phone?: boolean; onClose?: () => void }) {
  const [entered, setEntered] = useState<EnteredCall | null>(null);
  const invitation = useInvitation(entered === null);
  const join = useJoinAsApplicant();

  if (entered)
    return (
      <ActiveCall
        entered={entered}
        phone={phone}
        onClose={() => {
          setEntered(null);
          onClose?.();
        }}
      />
    );
  if (invitation.isPending) return <Skeleton variant="rounded" height={96} aria-label="Loading the video call" />;
  if (invitation.isError)
    return <LoadFailed what="The video call" error={invitation.error} retry={invitation.refetch} />;
  const call = invitation.data.call;
  if (!call) return <Alert severity="info">{VIDEO_TEXTS.noInvitation}</Alert>;
  return (
    <Stack spacing={1.5} component="section" aria-label="Video call">
      <Typography>{call.startedBy.displayName} invites you to a video call.</Typography>
      {join.isError && <Alert severity="error">The call could not be joined: {errorText(join.error)}</Alert>}
      <Button
        variant="contained"
        size="large"
        disabled={join.isPending}
        onClick={() => join.mutate(call.callId, { onSuccess: (j) => setEntered({ join: j }) })}
      >
        Join video call
      </Button>
    </Stack>
  );
}
